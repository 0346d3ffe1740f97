import { describe, expect, it } from 'vitest';
import { readAheadPage } from './read-ahead-page.ts';

describe('a page read one row ahead', () => {
  const cursorAfter = (last: number) => `after-${last}`;

  it('shows `size` rows and goes on after the last shown when the extra row came', () => {
    expect(readAheadPage([1, 2, 3], 2, cursorAfter)).toEqual({ rows: [1, 2], next: 'after-2' });
  });

  it('has no next page when no extra row came', () => {
    expect(readAheadPage([1, 2], 2, cursorAfter)).toEqual({ rows: [1, 2], next: null });
    expect(readAheadPage([], 2, cursorAfter)).toEqual({ rows: [], next: null });
  });
});
