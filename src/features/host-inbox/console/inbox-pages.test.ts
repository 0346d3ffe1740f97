import { describe, expect, it } from 'vitest';
import { readFromStart, type CursorPage } from './inbox-pages.ts';

/** A list of `size` numbers served two a page, with the cursors it was asked for. */
function pagedList(size: number) {
  const asked: (string | null)[] = [];
  const readPage = async (cursor: string | null): Promise<CursorPage<number>> => {
    asked.push(cursor);
    const from = cursor === null ? 0 : Number(cursor);
    const conversations = Array.from({ length: Math.max(0, Math.min(2, size - from)) }, (_, i) => from + i);
    return { conversations, next: from + 2 < size ? String(from + 2) : null };
  };
  return { asked, readPage };
}

describe('a list read again from its start', () => {
  it('reads the first page alone when nothing more was shown', async () => {
    const list = pagedList(5);
    expect(await readFromStart(list.readPage, 0)).toEqual({ conversations: [0, 1], next: '2' });
    expect(list.asked).toEqual([null]);
  });

  it('reads as many pages as hold what was shown, and keeps the cursor below them', async () => {
    const list = pagedList(7);
    expect(await readFromStart(list.readPage, 3)).toEqual({ conversations: [0, 1, 2, 3], next: '4' });
    expect(list.asked).toEqual([null, '2']);
  });

  it('stops where the list ends, however many were shown before', async () => {
    const list = pagedList(3);
    expect(await readFromStart(list.readPage, 10)).toEqual({ conversations: [0, 1, 2], next: null });
    expect(list.asked).toEqual([null, '2']);
  });
});
