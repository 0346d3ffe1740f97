import { ColumnRows, TableHead, TableScroller, type Column } from '../../staff/components/ConsoleTable.tsx';

/**
 * A list of the host inbox pages as they all show one: the loading line until its rows are in
 * (`rows` null), the word for none, or the table under its caption with a row of `columns` for
 * each.
 */
export function InboxTable<Row>({
  rows,
  loading,
  empty,
  caption,
  columns,
  className = 'table table-sm bg-white align-middle',
  testId,
  rowKey,
  rowAttributes,
}: {
  rows: readonly Row[] | null;
  loading: string;
  empty: string;
  caption: string;
  columns: readonly Column<Row>[];
  className?: string;
  testId?: string;
  rowKey: (row: Row) => string;
  rowAttributes?: (row: Row) => Record<`data-${string}`, string>;
}) {
  if (rows === null) return <p role="status">{loading}</p>;
  if (rows.length === 0) return <p>{empty}</p>;
  // The caption is also written under the box: inside it, a table wider than a phone would show
  // only the caption's first words.
  return (
    <>
      <TableScroller label={caption}>
        <table className={className} data-testid={testId}>
          <caption className="visually-hidden">{caption}</caption>
          <TableHead columns={columns.map((column) => column.header)} />
          <tbody>
            <ColumnRows rows={rows} columns={columns} rowKey={rowKey} rowAttributes={rowAttributes} />
          </tbody>
        </table>
      </TableScroller>
      <p className="small text-body-secondary" aria-hidden="true">
        {caption}
      </p>
    </>
  );
}
