import type { ReactNode } from 'react';

/*
 * The row of filters above a console list or report: each filter a label over its control, and
 * at the end the buttons that apply them and download what they select as CSV.
 */

/** One filter: its label over its control (which carries `id`), sized for the filter row's grid. */
export function FilterField({
  id,
  label,
  width = 'col-6 col-md-3 col-xl-2',
  children,
}: {
  id: string;
  label: string;
  /** Bootstrap column classes: how much of the row the filter takes at each breakpoint. */
  width?: string;
  children: ReactNode;
}) {
  return (
    <div className={width}>
      <label className="form-label" htmlFor={id}>
        {label}
      </label>
      {children}
    </div>
  );
}

/** The filter row's buttons: apply the filters, and download the CSV of what they select. */
export function FilterActions({
  apply,
  download,
  href,
  width = 'col-12',
}: {
  apply: string;
  download: string;
  /** The CSV's address, for the filters applied (not the ones being edited). */
  href: string;
  width?: string;
}) {
  return (
    <div className={`${width} d-flex gap-2`}>
      <button className="btn btn-primary" type="submit">
        {apply}
      </button>
      <a className="btn btn-outline-secondary" href={href} download>
        {download}
      </a>
    </div>
  );
}
