import { describe, expect, it } from 'vitest';
import { ID_LENGTH, isId, newId } from './ids.ts';

describe('newId', () => {
  it('is 16 characters of lower-case Crockford base32', () => {
    for (let i = 0; i < 1000; i++) {
      const id = newId();
      expect(id).toHaveLength(ID_LENGTH);
      expect(id).toMatch(/^[0-9a-hjkmnp-tv-z]{16}$/);
      expect(isId(id)).toBe(true);
    }
  });

  it('does not repeat and is not sequential', () => {
    const ids = Array.from({ length: 20_000 }, newId);
    expect(new Set(ids).size).toBe(ids.length);
    const sorted = [...ids].sort();
    expect(sorted).not.toEqual(ids);
  });

  it('uses every symbol of the alphabet in every position', () => {
    // Catches a bit-slicing bug that would leave a position with fewer than 32 symbols.
    const seen = Array.from({ length: ID_LENGTH }, () => new Set<string>());
    for (let i = 0; i < 5000; i++) {
      [...newId()].forEach((ch, pos) => seen[pos]!.add(ch));
    }
    for (const set of seen) expect(set.size).toBe(32);
  });

  it('isId rejects what cannot be an id', () => {
    for (const bad of ['', 'abc', 'ILOUILOUILOUILOU', 'a'.repeat(17), '1; drop table x', 42, null]) {
      expect(isId(bad)).toBe(false);
    }
  });
});
