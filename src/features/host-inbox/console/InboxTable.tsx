import type { ReactNode } from 'react';
import { TableHead, TableScroller, type ColumnName } from '../../staff/components/ConsoleTable.tsx';

/**
 * A list of the host inbox pages as they all show one: the loading line until its rows are in
 * (`rows` null), the word for none, or the table under its caption with a row drawn by `row` for
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
  row,
}: {
  rows: readonly Row[] | null;
  loading: string;
  empty: string;
  caption: string;
  columns: readonly ColumnName[];
  className?: string;
  testId?: string;
  row: (item: Row) => ReactNode;
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
          <TableHead columns={columns} />
          <tbody>{rows.map(row)}</tbody>
        </table>
      </TableScroller>
      <p className="small text-body-secondary" aria-hidden="true">
        {caption}
      </p>
    </>
  );
}
