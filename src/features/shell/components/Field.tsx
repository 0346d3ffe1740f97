import { useId, type InputHTMLAttributes, type ReactNode } from 'react';

/**
 * A labelled form field in Bootstrap's markup with its error wired for assistive technology:
 * `aria-invalid`, and the message and hint linked by `aria-describedby`. The message region is
 * always rendered, so a screen reader announces an error as it appears.
 */
export interface FieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id'> {
  label: ReactNode;
  error?: string | undefined;
  hint?: ReactNode;
  /** Content after the input inside the same group (e.g. a show-password button). */
  addon?: ReactNode;
  inputRef?: React.Ref<HTMLInputElement>;
}

export function Field({ label, error, hint, addon, inputRef, className, ...input }: FieldProps) {
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [hint ? hintId : '', error ? errorId : ''].filter(Boolean).join(' ') || undefined;
  const control = (
    <input
      {...input}
      id={id}
      ref={inputRef}
      className={`form-control${error ? ' is-invalid' : ''}`}
      aria-invalid={error ? true : undefined}
      aria-describedby={describedBy}
    />
  );
  return (
    <div className={className ?? 'mb-3'}>
      <label className="form-label" htmlFor={id}>
        {label}
      </label>
      {addon ? (
        <div className={`input-group${error ? ' has-validation' : ''}`}>
          {control}
          {addon}
        </div>
      ) : (
        control
      )}
      {hint && (
        <div className="form-text" id={hintId}>
          {hint}
        </div>
      )}
      <div className={`invalid-feedback${error ? ' d-block' : ''}`} id={errorId} role="alert">
        {error}
      </div>
    </div>
  );
}

/** A form-wide message (a failed request) that screen readers announce as it appears. */
export function FormAlert({
  message,
  variant = 'danger',
  children,
}: {
  message?: string | undefined;
  variant?: 'danger' | 'success' | 'warning' | 'info';
  children?: ReactNode;
}) {
  return (
    <div
      role={variant === 'danger' ? 'alert' : 'status'}
      aria-live={variant === 'danger' ? 'assertive' : 'polite'}
    >
      {(message || children) && (
        <div className={`alert alert-${variant}`}>
          {message}
          {children}
        </div>
      )}
    </div>
  );
}

/** A submit button that shows it is working and cannot be pressed twice. */
export function SubmitButton({
  busy,
  children,
  busyLabel,
  className,
}: {
  busy: boolean;
  children: ReactNode;
  busyLabel: string;
  className?: string;
}) {
  return (
    <button
      type="submit"
      className={className ?? 'btn btn-primary'}
      disabled={busy}
      aria-disabled={busy || undefined}
    >
      {busy ? (
        <>
          <span className="kindred-spinner" aria-hidden="true" /> {busyLabel}
        </>
      ) : (
        children
      )}
    </button>
  );
}
