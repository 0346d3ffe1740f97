import { describe, expect, it } from 'vitest';
import { cursorParam, decodeCursorValues, encodeCursorValues } from './opaque-cursor.ts';

describe('opaque cursors', () => {
  it('carry an array through URL-safe text without padding', () => {
    const values = [1795703779580, 'b0000000000000ff', 1001, '>>>???'];
    const text = encodeCursorValues(values);
    expect(text).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(decodeCursorValues(text)).toEqual(values);
  });

  it('refuse text that is not a cursor', () => {
    for (const text of ['not-a-cursor', encodeCursorValues([]).slice(0, 1), btoa('{"t":1}'), btoa('12')])
      expect(decodeCursorValues(text), text).toBeUndefined();
  });

  it('read as a parameter: absent when blank, the decoded cursor, or cursor_invalid', () => {
    const param = cursorParam((text) => (decodeCursorValues(text)?.length === 1 ? text : undefined));
    expect(param.parse('')).toBeUndefined();
    expect(param.parse(undefined)).toBeUndefined();
    const one = encodeCursorValues([7]);
    expect(param.parse(one)).toBe(one);
    for (const bad of [encodeCursorValues([1, 2]), 'x'.repeat(201), 12]) {
      const result = param.safeParse(bad);
      expect(result.success).toBe(false);
      expect(result.error?.issues[0]?.message).toBe('cursor_invalid');
    }
  });
});
