/** One page of a list read by cursor, as the console's list calls answer it. */
export interface CursorPage<T> {
  conversations: T[];
  next: string | null;
}

/**
 * A list read again from its start, page by page, until it holds at least `wanted` entries or
 * ends: a live list that changes while someone looks further down keeps the pages they opened.
 */
export async function readFromStart<T>(
  readPage: (cursor: string | null) => Promise<CursorPage<T>>,
  wanted: number,
): Promise<CursorPage<T>> {
  let page = await readPage(null);
  const conversations = [...page.conversations];
  while (page.next && conversations.length < wanted) {
    page = await readPage(page.next);
    conversations.push(...page.conversations);
  }
  return { conversations, next: page.next };
}
