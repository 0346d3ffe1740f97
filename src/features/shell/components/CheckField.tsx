import type { InputHTMLAttributes, ReactNode } from 'react';

export interface CheckFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'className'> {
  type: 'checkbox' | 'radio';
  /** The input's id, which its label points at. */
  id: string;
  label: ReactNode;
  /** Classes added to the wrapper's `form-check` (spacing). */
  className?: string | undefined;
  /** Classes added to the label's `form-check-label`. */
  labelClassName?: string | undefined;
  /** Drawn as invalid; the message is the surrounding group's. */
  invalid?: boolean | undefined;
  /** After the label, inside the wrapper (a hint the input is described by). */
  children?: ReactNode;
}

/**
 * A checkbox or a radio with its label in Bootstrap's markup: the member forms' counterpart of
 * `Field` for what is ticked rather than typed.
 */
export function CheckField({
  label,
  className,
  labelClassName,
  invalid,
  children,
  ...input
}: CheckFieldProps) {
  return (
    <div className={`form-check${className ? ` ${className}` : ''}`}>
      <input className={`form-check-input${invalid ? ' is-invalid' : ''}`} {...input} />
      <label className={`form-check-label${labelClassName ? ` ${labelClassName}` : ''}`} htmlFor={input.id}>
        {label}
      </label>
      {children}
    </div>
  );
}
