import type { ComponentProps, InputHTMLAttributes, SelectHTMLAttributes } from 'react';
import { BusySubmit } from './BusySubmit.tsx';
import { LabelledInput, LabelledSelect } from './LabelledControl.tsx';

/*
 * The row of filters above a console list or report: each filter a label over its control, and
 * at the end the buttons that apply them and download what they select as CSV.
 */

/**
 * A filter's share of the row unless it says otherwise: a half, a quarter from lg, a sixth from
 * xxl. The breakpoints are the window's, and the console's sidebar takes some 200 px of it: at
 * md a quarter of what is left cut "Last 30 days" short.
 */
const FILTER_WIDTH = 'col-6 col-lg-3 col-xxl-2';

/**
 * The filter row's form, named by `label` where the page has more than one form: filters of
 * different heights stand on one line with their bottoms, and so the buttons, aligned.
 */
export function FilterForm({
  label,
  ...form
}: { label?: string } & Pick<ComponentProps<'form'>, 'ref' | 'onSubmit' | 'children'>) {
  return <form {...form} className="row g-2 align-items-end mb-3" aria-label={label} />;
}

/** A filter's id and label, and its share of the row (Bootstrap column classes). */
type FilterPlace = { id: string; label: string; width?: string };

/** A filter to type or pick a date in; the input's attributes as for `<input>`. */
export function FilterInput({
  width = FILTER_WIDTH,
  ...input
}: FilterPlace & Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'className'>) {
  return <LabelledInput className={width} {...input} />;
}

/** A filter to choose from its options (the children); the select's attributes as for `<select>`. */
export function FilterSelect({
  width = FILTER_WIDTH,
  ...select
}: FilterPlace & Omit<SelectHTMLAttributes<HTMLSelectElement>, 'id' | 'className'>) {
  return <LabelledSelect className={width} {...select} />;
}

/**
 * The filter row's buttons: apply the filters (once the island runs: before, a press would
 * post the filters to the page itself), and download the CSV of what they select.
 */
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
    <div className={`${width} d-flex flex-wrap gap-2`}>
      <BusySubmit>{apply}</BusySubmit>
      <a className="btn btn-outline-secondary" href={href} download>
        {download}
      </a>
    </div>
  );
}
