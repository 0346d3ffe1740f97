import fc from 'fast-check';
import type { Kysely } from 'kysely';
import { describe, expect, it } from 'vitest';
import type { Database } from '../../db/database.ts';
import { useMemoryDatabase } from '../../db/test-database.ts';
import { consume, createDatabaseRateLimiter, peek } from './database-rate-limiter.ts';
import { counterLookbackMs, retryAfterMs, slidingEstimate } from './rate-limiter.ts';

const SECRET = Buffer.alloc(32, 3);
let db: Kysely<Database>;
useMemoryDatabase((opened) => (db = opened));

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

describe('the database rate limiter', () => {
  it('answers what consume and peek answer, through the interface callers get', async () => {
    const limiter = createDatabaseRateLimiter(db, SECRET);
    const rule = { limit: 2, windowMs: 60_000 };
    const at = 12_000_000;
    expect((await limiter.consume('i1', rule, at)).allowed).toBe(true);
    expect((await limiter.peek('i1', rule, at)).allowed).toBe(true);
    expect((await limiter.consume('i1', rule, at + 1)).allowed).toBe(true);
    expect((await limiter.peek('i1', rule, at + 2)).allowed).toBe(false);
    const refused = await limiter.consume('i1', rule, at + 3);
    expect(refused).toMatchObject({ allowed: false });
    expect(refused.retryAfter).toBeGreaterThan(0);
  });

  it('in a fixed window refuses above the limit and never names a wait beyond the window', async () => {
    const limiter = createDatabaseRateLimiter(db, SECRET);
    const rule = { limit: 3, windowMs: 3_600_000 };
    const windowStart = 100 * rule.windowMs;
    for (let i = 0; i < 3; i++)
      expect((await limiter.consumeFixed('f1', rule, windowStart + i)).allowed).toBe(true);
    const refused = await limiter.consumeFixed('f1', rule, windowStart + 10);
    expect(refused.allowed).toBe(false);
    expect(refused.retryAfter).toBe(3600);
    expect((await limiter.consumeFixed('f1', rule, windowStart + rule.windowMs)).allowed).toBe(true);
  });

  it('holds a lock from its start, and forgets a key on reset', async () => {
    const limiter = createDatabaseRateLimiter(db, SECRET);
    expect(await limiter.lockedSince('l1', 0)).toBeUndefined();
    await limiter.lock('l1', 5_000);
    expect(await limiter.lockedSince('l1', 4_999)).toBe(5_000);
    expect(await limiter.lockedSince('l1', 5_000)).toBeUndefined();
    await limiter.reset('l1');
    expect(await limiter.lockedSince('l1', 0)).toBeUndefined();
  });
});

describe('stored keys', () => {
  it('hold neither the IP address nor the e-mail address a caller put in the key', async () => {
    const limiter = createDatabaseRateLimiter(db, SECRET);
    await limiter.consume('login-try:site:robin@example.org:203.0.113.77', { limit: 5, windowMs: 60_000 }, 1);
    await limiter.lock('login-lock:site:robin@example.org:203.0.113.77', 2);
    const keys = (await db.selectFrom('rate_limit_counters').select('key').execute()).map((r) => r.key);
    const mine = keys.filter((key) => key.startsWith('login-try:') || key.startsWith('login-lock:'));
    expect(mine).toHaveLength(2);
    for (const key of mine) {
      expect(key).not.toContain('203.0.113');
      expect(key).not.toContain('robin');
      expect(key).not.toContain('site');
    }
    expect(await limiter.lockedSince('login-lock:site:robin@example.org:203.0.113.77', 0)).toBe(2);
  });

  it('depend on the secret', async () => {
    const rule = { limit: 1, windowMs: 60_000 };
    await createDatabaseRateLimiter(db, SECRET).consume('s1', rule, 1);
    expect((await createDatabaseRateLimiter(db, Buffer.alloc(32, 4)).consume('s1', rule, 2)).allowed).toBe(
      true,
    );
  });
});

describe('parallel attempts', () => {
  it('each see their own count: of 30 at once, exactly the limit are allowed', async () => {
    const limiter = createDatabaseRateLimiter(db, SECRET);
    const rule = { limit: 5, windowMs: 60_000 };
    const decisions = await Promise.all(
      Array.from({ length: 30 }, () => limiter.consume('p1', rule, 30_000_000)),
    );
    expect(decisions.filter((d) => d.allowed)).toHaveLength(5);
    expect(new Set(decisions.map((d) => d.count)).size).toBe(30);
  });
});

describe('counterLookbackMs', () => {
  it('covers two windows of the longest rule and the login lock', () => {
    const site = {
      loginLockMs: 900_000,
      a: { limit: 1, windowMs: 60_000 },
      b: { limit: 1, windowMs: 600_000 },
    };
    expect(counterLookbackMs(site as never)).toBe(1_200_000);
  });
});
