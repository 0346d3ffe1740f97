import { describe, expect, it } from 'vitest';
import { ID_LENGTH, isId, newClusteredId, newId } from './ids.ts';

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

describe('newClusteredId', () => {
  const at = Date.UTC(2026, 10, 27, 2, 0, 0);

  it('is an id like any other', () => {
    for (let i = 0; i < 1000; i++) {
      const id = newClusteredId(at + i * 37);
      expect(id).toHaveLength(ID_LENGTH);
      expect(isId(id)).toBe(true);
    }
  });

  it('shares its first characters with the ids of the same second, and differs after them', () => {
    const ids = Array.from({ length: 20_000 }, (_, i) => newClusteredId(at + (i % 1000)));
    expect(new Set(ids).size).toBe(ids.length);
    // 24 bits of time: the first four characters (20 bits) are the same within the second.
    expect(new Set(ids.map((id) => id.slice(0, 4))).size).toBe(1);
    expect(new Set(ids.map((id) => id.slice(5))).size).toBe(ids.length);
  });

  it('sorts the ids of later seconds after earlier ones', () => {
    const earlier = Array.from({ length: 100 }, () => newClusteredId(at));
    const later = Array.from({ length: 100 }, () => newClusteredId(at + 1000));
    expect(earlier.every((a) => later.every((b) => a < b))).toBe(true);
  });
});
