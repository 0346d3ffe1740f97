import type { InputHTMLAttributes, ReactNode, SelectHTMLAttributes } from 'react';
import { LabelledControl } from './LabelledControl.tsx';

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
    <LabelledControl id={id} label={label} className={width}>
      {children}
    </LabelledControl>
  );
}

type FilterPlace = { id: string; label: string; width?: string };

/** A filter to type or pick a date in; the input's attributes as for `<input>`. */
export function FilterInput({
  id,
  label,
  width,
  ...input
}: FilterPlace & Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'className'>) {
  return (
    <FilterField id={id} label={label} width={width}>
      <input id={id} className="form-control" {...input} />
    </FilterField>
  );
}

/** A filter to choose from its options (the children); the select's attributes as for `<select>`. */
export function FilterSelect({
  id,
  label,
  width,
  children,
  ...select
}: FilterPlace & Omit<SelectHTMLAttributes<HTMLSelectElement>, 'id' | 'className'>) {
  return (
    <FilterField id={id} label={label} width={width}>
      <select id={id} className="form-select" {...select}>
        {children}
      </select>
    </FilterField>
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
