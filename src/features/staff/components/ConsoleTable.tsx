import type { ReactNode } from 'react';

/*
 * The pieces every list of the console is made of: the refusal above it, the table with its
 * hidden caption (also the name of its scrolling box), the "loading" line, the line for an
 * empty list and the button for the next page.
 */

/**
 * A region that is always there, hidden while empty, so that assistive technology reads out what
 * appears in it; `spacing` adds classes to the shown alert.
 */
function LiveAlert({
  role,
  tone,
  shown,
  spacing,
  children,
}: {
  role: 'alert' | 'status';
  tone: 'danger' | 'success';
  shown: unknown;
  spacing: string | undefined;
  children: ReactNode;
}) {
  return (
    <div
      role={role}
      className={shown ? `alert alert-${tone}${spacing ? ` ${spacing}` : ''}` : 'visually-hidden'}
    >
      {children}
    </div>
  );
}

/** The server's refusal, read out at once; an empty region until there is one. */
export function FailureAlert({ error, spacing }: { error: string; spacing?: string }) {
  return (
    <LiveAlert role="alert" tone="danger" shown={error} spacing={spacing}>
      {error}
    </LiveAlert>
  );
}

/** What an action did, read out when it is done (`shown`); an empty region until then. */
export function DoneNotice({
  shown,
  spacing,
  children,
}: {
  shown: unknown;
  spacing?: string;
  children: ReactNode;
}) {
  return (
    <LiveAlert role="status" tone="success" shown={shown} spacing={spacing}>
      {children}
    </LiveAlert>
  );
}

/** A spinner and its words while a list loads. */
export function LoadingLine({ text }: { text: string }) {
  return (
    <p role="status" className="text-body-secondary">
      <span className="spinner-border spinner-border-sm me-2" aria-hidden="true" />
      {text}
    </p>
  );
}

/**
 * A column's name: shown, or said to screen readers only (`{ hidden }`) where the cells speak for
 * themselves, as a column of buttons does.
 */
export type ColumnName = string | { readonly hidden: string };

/** A table's header row: one column name a cell. */
export function TableHead({ columns }: { columns: readonly ColumnName[] }) {
  return (
    <thead>
      <tr>
        {columns.map((column, i) => (
          <th key={i} scope="col">
            {typeof column === 'string' ? column : <span className="visually-hidden">{column.hidden}</span>}
          </th>
        ))}
      </tr>
    </thead>
  );
}

/** A column of a table drawn from its items: its name over it, and what it shows of an item. */
export interface Column<Row> {
  header: ColumnName;
  cell: (row: Row) => ReactNode;
  /** The cell's classes (a date that must not wrap), or a row's own (a sum in red or green). */
  className?: string | ((row: Row) => string);
  /** The cell names its row (`<th scope="row">`), as a list of sites' figures is read by site. */
  rowHeader?: boolean;
}

/** What tells an item's row from the others: its id, or its place where it has none. */
export type RowKey<Row> = (row: Row, index: number) => string | number;

/**
 * A table's body rows drawn from its columns: a row an item, keyed by `rowKey`, a cell a column.
 * `rowAttributes` gives a row its own (a data attribute a live update finds it by).
 */
export function ColumnRows<Row>({
  rows,
  columns,
  rowKey,
  rowAttributes,
}: {
  rows: readonly Row[];
  columns: readonly Column<Row>[];
  rowKey: RowKey<Row>;
  rowAttributes?: ((row: Row) => Record<`data-${string}`, string>) | undefined;
}) {
  return rows.map((row, i) => (
    <ColumnRow key={rowKey(row, i)} row={row} columns={columns} attributes={rowAttributes?.(row)} />
  ));
}

const cellClass = <Row,>(column: Column<Row>, row: Row) =>
  typeof column.className === 'function' ? column.className(row) : column.className;

/** One item's row: a cell a column. */
function ColumnRow<Row>({
  row,
  columns,
  attributes,
}: {
  row: Row;
  columns: readonly Column<Row>[];
  attributes?: Record<`data-${string}`, string> | undefined;
}) {
  return (
    <tr {...attributes}>
      {columns.map((column, i) =>
        column.rowHeader ? (
          <th key={i} scope="row" className={cellClass(column, row)}>
            {column.cell(row)}
          </th>
        ) : (
          <td key={i} className={cellClass(column, row)}>
            {column.cell(row)}
          </td>
        ),
      )}
    </tr>
  );
}

/** A console table's caption, looks and header row: the column names, or `head` for richer cells. */
type TableFrame = {
  caption: string;
  /** The table's classes: striped rows, centred cells, unless a list reads better otherwise. */
  className?: string;
  /** Whether its rows are being loaded (omitted: a table that never loads more). */
  busy?: boolean;
  id?: string;
  /** Rows after the list, such as totals. */
  foot?: ReactNode;
  /** What tests find the table by. */
  testId?: string;
} & ({ columns: readonly ColumnName[] } | { head: ReactNode });

/**
 * The box around a table that scrolls sideways on its own where the table is wider than the
 * screen (a phone), by keyboard too: a focusable group named `label`. The page around it stays
 * the screen's width. A group, not a region: a table often stands in a section of the same name,
 * and two landmarks of one name tell a screen reader's user nothing.
 */
export function TableScroller({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="table-responsive" tabIndex={0} role="group" aria-label={label}>
      {children}
    </div>
  );
}

/**
 * A table that scrolls sideways on its own (keyboard included), named by its caption. Its header
 * row is the column names, or `head` where header cells need more than a name each.
 */
export function ConsoleTable({
  caption,
  busy,
  id,
  foot,
  testId,
  className = 'table table-sm table-striped align-middle',
  children,
  ...header
}: TableFrame & { children: ReactNode }) {
  return (
    <TableScroller label={caption}>
      <table className={className} id={id} aria-busy={busy} data-testid={testId}>
        <caption className="visually-hidden">{caption}</caption>
        {'head' in header ? (
          <thead>
            <tr>{header.head}</tr>
          </thead>
        ) : (
          <TableHead columns={header.columns} />
        )}
        <tbody>{children}</tbody>
        {foot && <tfoot>{foot}</tfoot>}
      </table>
    </TableScroller>
  );
}

/**
 * A table of rows read in one go: nothing until they are in (`rows` null), then the word for
 * none, or the table with a row drawn by `row` for each.
 */
export function LoadedTable<Row>({
  rows,
  empty,
  row,
  ...table
}: TableFrame & {
  rows: readonly Row[] | null;
  empty: string;
  row: (item: Row, index: number) => ReactNode;
}) {
  if (!rows) return null;
  if (rows.length === 0) return <p className="text-body-secondary">{empty}</p>;
  return <ConsoleTable {...table}>{rows.map(row)}</ConsoleTable>;
}

/** A `LoadedTable` whose rows are drawn from its columns, keyed by `rowKey`. */
export function LoadedColumnTable<Row>({
  columns,
  rowKey,
  ...table
}: Omit<TableFrame, 'columns' | 'head'> & {
  rows: readonly Row[] | null;
  empty: string;
  columns: readonly Column<Row>[];
  rowKey: RowKey<Row>;
}) {
  return (
    <LoadedTable
      {...table}
      columns={columns.map((column) => column.header)}
      row={(row, i) => <ColumnRow key={rowKey(row, i)} row={row} columns={columns} />}
    />
  );
}

/** What a list shows the state of: whether it loads, its refusal, and the rows it holds. */
export interface ListState {
  loading: boolean;
  error: string;
  items: readonly unknown[];
}

/** Under a list: its loading line while it loads, then the word for none, or the next page's button. */
export function ListEnd({
  list,
  loading,
  empty,
  more,
}: {
  list: ListState;
  loading: ReactNode;
  empty: string;
  more?: { label: string; onClick: () => void } | undefined;
}) {
  return (
    <>
      {list.loading && loading}
      {!list.loading && !list.error && list.items.length === 0 && (
        <p className="text-body-secondary">{empty}</p>
      )}
      {!list.loading && more && (
        <button type="button" className="btn btn-outline-primary" onClick={more.onClick}>
          {more.label}
        </button>
      )}
    </>
  );
}

/**
 * A whole list: the refusal above it, its table with a row of `columns` an item (keyed by
 * `rowKey`), and what `ListEnd` shows under it.
 */
export function ConsoleList<Row>({
  caption,
  columns,
  rowKey,
  list,
  loading,
  empty,
  more,
}: {
  caption: string;
  columns: readonly Column<Row>[];
  rowKey: (row: Row) => string;
  list: ListState & { items: readonly Row[] };
  loading: ReactNode;
  empty: string;
  more?: { label: string; onClick: () => void } | undefined;
}) {
  return (
    <>
      <FailureAlert error={list.error} />
      <ConsoleTable caption={caption} columns={columns.map((column) => column.header)} busy={list.loading}>
        <ColumnRows rows={list.items} columns={columns} rowKey={rowKey} />
      </ConsoleTable>
      <ListEnd list={list} loading={loading} empty={empty} more={more} />
    </>
  );
}
