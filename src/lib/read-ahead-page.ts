/**
 * A page of a list read one row past `size`: the extra row is never shown, it only tells that
 * another page follows. Answers the rows to show and the next page's cursor, made from the last
 * row shown, or null on the last page.
 */
export function readAheadPage<Row>(
  rows: readonly Row[],
  size: number,
  cursorAfter: (last: Row) => string,
): { rows: Row[]; next: string | null } {
  const shown = rows.slice(0, size);
  const last = shown.at(-1);
  return { rows: shown, next: rows.length > size && last !== undefined ? cursorAfter(last) : null };
}
