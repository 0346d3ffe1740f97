import { useId, type ReactNode } from 'react';

/**
 * A setting that saves as soon as it is switched: a labelled switch with its description, a
 * spinner while it saves, and an optional note (why the system switched it off), both linked
 * for assistive technology. The input carries `name`, so the form around it can read it.
 */
export function SwitchField({
  as: Tag = 'div',
  className,
  name,
  label,
  hint,
  note,
  checked,
  saving,
  disabled,
  onChange,
}: {
  as?: 'div' | 'li';
  className: string;
  name: string;
  label: string;
  hint: string;
  note?: ReactNode;
  checked: boolean;
  /** This switch's change is being saved. */
  saving: boolean;
  disabled: boolean;
  onChange: (on: boolean) => void;
}) {
  const id = useId();
  return (
    <Tag className={`form-check form-switch ${className}`}>
      <input
        className="form-check-input"
        type="checkbox"
        role="switch"
        id={id}
        name={name}
        checked={checked}
        disabled={disabled}
        onChange={(e) => onChange(e.target.checked)}
        aria-describedby={`${id}-hint${note ? ` ${id}-note` : ''}`}
      />
      <label className="form-check-label fw-semibold" htmlFor={id}>
        {label} {saving && <span className="kindred-spinner ms-1" aria-hidden="true" />}
      </label>
      <div className="form-text mt-0" id={`${id}-hint`}>
        {hint}
      </div>
      {note && (
        <div className="alert alert-warning py-2 px-3 mt-2 mb-0 small" id={`${id}-note`}>
          {note}
        </div>
      )}
    </Tag>
  );
}
