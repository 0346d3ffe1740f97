import {
  useId,
  type InputHTMLAttributes,
  type ReactNode,
  type SelectHTMLAttributes,
  type TextareaHTMLAttributes,
} from 'react';
import { useHydrated } from '../use-form.ts';

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
  const ids = useDescription(hint, error);
  const control = <input {...input} ref={inputRef} {...described(ids, 'form-control', error)} />;
  return (
    <FieldBlock ids={ids} label={label} hint={hint} error={error} className={className}>
      {addon ? (
        <div className={`input-group${error ? ' has-validation' : ''}`}>
          {control}
          {addon}
        </div>
      ) : (
        control
      )}
    </FieldBlock>
  );
}

export interface TextAreaFieldProps extends Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'id'> {
  label: ReactNode;
  error?: string | undefined;
  hint?: ReactNode;
}

/** The same for text of several lines. */
export function TextAreaField({ label, error, hint, className, ...textarea }: TextAreaFieldProps) {
  const ids = useDescription(hint, error);
  return (
    <FieldBlock ids={ids} label={label} hint={hint} error={error} className={className}>
      <textarea {...textarea} {...described(ids, 'form-control', error)} />
    </FieldBlock>
  );
}

export interface SelectFieldProps extends Omit<SelectHTMLAttributes<HTMLSelectElement>, 'id'> {
  label: ReactNode;
  error?: string | undefined;
  hint?: ReactNode;
}

/** The same for a choice: the options are its children. */
export function SelectField({ label, error, hint, className, children, ...select }: SelectFieldProps) {
  const ids = useDescription(hint, error);
  return (
    <FieldBlock ids={ids} label={label} hint={hint} error={error} className={className}>
      <select {...select} {...described(ids, 'form-select', error)}>
        {children}
      </select>
    </FieldBlock>
  );
}

/** A field's control's own attributes: its id, Bootstrap's class, and its error wired for assistive technology. */
function described(ids: Description, className: string, error: string | undefined) {
  return {
    id: ids.id,
    className: error ? `${className} is-invalid` : className,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': ids.describedBy,
  } as const;
}

/** A field's block: its label, its control (the children), then its hint and error region. */
function FieldBlock({
  ids,
  label,
  hint,
  error,
  className,
  children,
}: {
  ids: Description;
  label: ReactNode;
  hint: ReactNode;
  error: string | undefined;
  className: string | undefined;
  children: ReactNode;
}) {
  return (
    <div className={className ?? 'mb-3'}>
      <label className="form-label" htmlFor={ids.id}>
        {label}
      </label>
      {children}
      <FieldNotes ids={ids} hint={hint} error={error} />
    </div>
  );
}

interface Description {
  id: string;
  hintId: string;
  errorId: string;
  describedBy: string | undefined;
}

/** The control's id, and the ids of its hint and error as far as they are shown. */
function useDescription(hint: ReactNode, error: string | undefined): Description {
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [hint ? hintId : '', error ? errorId : ''].filter(Boolean).join(' ') || undefined;
  return { id, hintId, errorId, describedBy };
}

/** The hint, and the error region (always there, so an error is announced as it appears). */
function FieldNotes({ ids, hint, error }: { ids: Description; hint: ReactNode; error: string | undefined }) {
  return (
    <>
      {hint && (
        <div className="form-text" id={ids.hintId}>
          {hint}
        </div>
      )}
      <div className={`invalid-feedback${error ? ' d-block' : ''}`} id={ids.errorId} role="alert">
        {error}
      </div>
    </>
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

/**
 * A submit button that shows it is working and cannot be pressed twice. Until the island runs it
 * is disabled: the browser would post the form to the page itself and lose what was typed.
 */
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
  const inert = busy || !useHydrated();
  return (
    <button
      type="submit"
      className={className ?? 'btn btn-primary'}
      disabled={inert}
      aria-disabled={inert || undefined}
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
