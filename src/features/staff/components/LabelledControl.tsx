import { createElement, type ComponentProps, type ReactNode } from 'react';

/** Where a labelled control stands and what its label says. */
export interface ControlPlace {
  /** The control's id, which its label points at. */
  id: string;
  label: ReactNode;
  /** The classes of the block around label and control; none: both stand in the form's own flow. */
  className?: string | undefined;
  /** The label's classes: `visually-hidden` where the layout shows what the control is for. */
  labelClassName?: string | undefined;
}

/** A label over its control (which carries `id`), in a block with the given classes. */
export function LabelledControl({
  id,
  label,
  className,
  labelClassName = 'form-label',
  children,
}: ControlPlace & { children: ReactNode }) {
  const labelled = (
    <>
      <label className={labelClassName} htmlFor={id}>
        {label}
      </label>
      {children}
    </>
  );
  return className === undefined ? labelled : <div className={className}>{labelled}</div>;
}

type ControlElement = 'input' | 'select' | 'textarea';

/**
 * The props of a labelled control: where it stands, the control's own attributes as for the
 * element, its classes in `controlClassName`, its refusal in `error`, and `after` for what
 * follows it in the block (a note).
 */
export type LabelledControlProps<Element extends ControlElement> = ControlPlace &
  Omit<ComponentProps<Element>, 'id' | 'className'> & {
    controlClassName?: string;
    /**
     * Why the server refused the value: the control takes Bootstrap's invalid look and is
     * described by these words, shown under it (`<id>-error`).
     */
    error?: string | undefined;
    after?: ReactNode;
    /**
     * A small control in a row of buttons that say what it is for: its label is for screen
     * readers only, and it is no wider than its content.
     */
    compact?: boolean;
  };

/** A label and the control it names, made once for each kind of control so its id is written once. */
function labelled<Element extends ControlElement>(element: Element, defaultClassName: string) {
  return function Labelled({
    id,
    label,
    className,
    labelClassName,
    controlClassName = defaultClassName,
    error,
    after,
    compact = false,
    ...control
  }: LabelledControlProps<Element>) {
    const attributes: Record<string, unknown> = control;
    const errorId = `${id}-error`;
    // A hint the control is described by already stays, the refusal read after it.
    const describedBy = [control['aria-describedby'], error && errorId].filter(Boolean).join(' ');
    const classes = compact ? `${defaultClassName} ${defaultClassName}-sm w-auto` : controlClassName;
    return (
      <LabelledControl
        id={id}
        label={label}
        className={className}
        labelClassName={compact ? 'visually-hidden' : labelClassName}
      >
        {createElement(element, {
          id,
          ...attributes,
          className: error ? `${classes} is-invalid` : classes,
          'aria-invalid': error ? true : undefined,
          'aria-describedby': describedBy || undefined,
        })}
        {error && (
          <div className="invalid-feedback d-block" id={errorId}>
            {error}
          </div>
        )}
        {after}
      </LabelledControl>
    );
  };
}

/** A labelled `<input>`. */
export const LabelledInput = labelled('input', 'form-control');

/** A labelled `<textarea>`. */
export const LabelledTextarea = labelled('textarea', 'form-control');

/** A labelled `<select>`, its options the children. */
export const LabelledSelect = labelled('select', 'form-select');

/** A select's option: a value and the text shown for it, or a plain value that is its own text. */
export type SelectOption = string | readonly [value: string, text: ReactNode];

/**
 * A select's options in their order. A plain value is written without a `value` attribute, as
 * `<option>` then sends its text.
 */
export function SelectOptions({ options }: { options: readonly SelectOption[] }) {
  return options.map((option) =>
    typeof option === 'string' ? (
      <option key={option}>{option}</option>
    ) : (
      <option key={option[0]} value={option[0]}>
        {option[1]}
      </option>
    ),
  );
}
