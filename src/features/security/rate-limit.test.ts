import fc from 'fast-check';
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDatabase, type DatabaseHandle } from '../../db/client.ts';
import type { Database } from '../../db/database.ts';
import { migrateToLatest } from '../../db/migrate.ts';
import { consume, peek, retryAfterMs, slidingEstimate } from './rate-limit.ts';

let handle: DatabaseHandle;
let db: Kysely<Database>;
beforeAll(async () => {
  handle = await createDatabase({ databaseUrl: 'sqlite::memory:', dataDir: '.' });
  await migrateToLatest(handle.db);
  db = handle.db;
});
afterAll(async () => {
  await handle.destroy();
});

describe('the sliding window', () => {
  it('weighs the previous window by how much of it is still within reach', () => {
    expect(slidingEstimate(10, 0, 1000, 1000, 1000)).toBe(10);
    expect(slidingEstimate(10, 2, 1500, 1000, 1000)).toBe(7);
    expect(slidingEstimate(10, 2, 1999, 1000, 1000)).toBeCloseTo(2.01);
  });

  it('says how long to wait: after exactly that long one more attempt fits, a moment earlier it does not', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 50 }),
        fc.integer({ min: 1000, max: 3_600_000 }),
        fc.integer({ min: 0, max: 100 }),
        fc.integer({ min: 0, max: 100 }),
        fc.double({ min: 0, max: 0.999, noNaN: true }),
        (limit, windowMs, previous, current, into) => {
          const windowStart = 10 * windowMs;
          const now = windowStart + Math.floor(into * windowMs);
          const wait = retryAfterMs(previous, current, now, windowStart, { limit, windowMs });
          const estimateAt = (t: number) => {
            const start = t - (t % windowMs);
            if (start === windowStart) return slidingEstimate(previous, current, t, start, windowMs);
            if (start === windowStart + windowMs) return slidingEstimate(current, 0, t, start, windowMs);
            return 0;
          };
          const fits = (t: number) => estimateAt(t) + 1 <= limit + 1e-9;
          expect(fits(now + Math.ceil(wait))).toBe(true);
          if (wait >= 1) expect(fits(now + Math.ceil(wait) - 2)).toBe(false);
        },
      ),
    );
  });
});

describe('consume', () => {
  it('allows the limit within a window, refuses the next with a wait, and allows again after it', async () => {
    const rule = { limit: 3, windowMs: 60_000 };
    const start = 6_000_000;
    for (let i = 0; i < 3; i++) expect((await consume(db, 'k1', rule, start + i)).allowed).toBe(true);
    const refused = await consume(db, 'k1', rule, start + 10);
    expect(refused.allowed).toBe(false);
    expect(refused.retryAfter).toBeGreaterThan(0);
    const later = start + 10 + refused.retryAfter * 1000;
    expect((await peek(db, 'k1', rule, later)).allowed).toBe(true);
    expect((await consume(db, 'k1', rule, later)).allowed).toBe(true);
  });

  it('keeps keys apart', async () => {
    const rule = { limit: 1, windowMs: 60_000 };
    expect((await consume(db, 'a', rule, 1_000)).allowed).toBe(true);
    expect((await consume(db, 'b', rule, 1_000)).allowed).toBe(true);
    expect((await consume(db, 'a', rule, 1_001)).allowed).toBe(false);
  });
});
