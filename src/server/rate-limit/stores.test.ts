import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withRedis, type TestRedis } from '../../../tests/support/redis.ts';
import type { Database } from '../../db/database.ts';
import { useMemoryDatabase } from '../../db/test-database.ts';
import { createDatabaseRateLimiter } from './database-rate-limiter.ts';
import { createMemoryRateLimiter } from './memory-rate-limiter.ts';
import type { RateLimiter } from './rate-limiter.ts';
import { createRedisRateLimiter } from './redis-rate-limiter.ts';

/*
 * The three counter stores (memory, the platform's database, Redis) under the one interface
 * callers get: the same decisions, attempt for attempt.
 */

const SECRET = Buffer.alloc(32, 5);
let db: Kysely<Database>;
useMemoryDatabase((opened) => (db = opened));
let redisServer: TestRedis;
let redis: Redis;
const prefix = `rate-limit-test-${randomUUID()}`;

beforeAll(async () => {
  redisServer = await withRedis();
  redis = new Redis(redisServer.url);
});

afterAll(async () => {
  const keys = await redis.keys(`${prefix}:*`);
  if (keys.length > 0) await redis.del(...keys);
  redis.disconnect();
  await redisServer.stop();
});

const stores: [string, () => RateLimiter][] = [
  ['memory', () => createMemoryRateLimiter()],
  ['database', () => createDatabaseRateLimiter(db, SECRET)],
  ['redis', () => createRedisRateLimiter(redis, SECRET, prefix)],
];

describe.each(stores)('the %s store', (kind, make) => {
  const fresh = (name: string) => `${name}:${kind}:${randomUUID()}`;

  it('says which store it is', () => {
    expect(make().kind).toBe(kind);
  });

  it('allows the limit in a sliding window, counts refused attempts too, and allows again after the wait', async () => {
    const limiter = make();
    const key = fresh('slide');
    const rule = { limit: 3, windowMs: 60_000 };
    const start = 6_000_000;
    for (let i = 0; i < 3; i++) expect((await limiter.consume(key, rule, start + i)).allowed).toBe(true);
    expect((await limiter.peek(key, rule, start + 5)).allowed).toBe(false);
    const refused = await limiter.consume(key, rule, start + 10);
    expect(refused).toMatchObject({ allowed: false, count: 4 });
    expect(refused.retryAfter).toBeGreaterThan(60);
    const later = start + 10 + refused.retryAfter * 1000;
    expect((await limiter.peek(key, rule, later)).allowed).toBe(true);
    expect((await limiter.consume(key, rule, later)).allowed).toBe(true);
  });

  it('does not count a peek', async () => {
    const limiter = make();
    const key = fresh('peek');
    const rule = { limit: 1, windowMs: 60_000 };
    for (let i = 0; i < 3; i++) expect((await limiter.peek(key, rule, 1_000 + i)).allowed).toBe(true);
    expect((await limiter.consume(key, rule, 1_010)).allowed).toBe(true);
    expect((await limiter.consume(key, rule, 1_011)).allowed).toBe(false);
  });

  it('refuses above the limit of a fixed window until it ends', async () => {
    const limiter = make();
    const key = fresh('fixed');
    const rule = { limit: 2, windowMs: 3_600_000 };
    const windowStart = 100 * rule.windowMs;
    expect((await limiter.consumeFixed(key, rule, windowStart)).allowed).toBe(true);
    expect((await limiter.consumeFixed(key, rule, windowStart + 1)).allowed).toBe(true);
    expect(await limiter.consumeFixed(key, rule, windowStart + 1000)).toEqual({
      allowed: false,
      count: 3,
      retryAfter: 3599,
    });
    expect((await limiter.consumeFixed(key, rule, windowStart + rule.windowMs)).allowed).toBe(true);
  });

  it('holds a lock from its start, and forgets windows and locks on reset', async () => {
    const limiter = make();
    const key = fresh('lock');
    expect(await limiter.lockedSince(key, 0)).toBeUndefined();
    await limiter.lock(key, 1_800_000_005_000);
    expect(await limiter.lockedSince(key, 1_800_000_004_999)).toBe(1_800_000_005_000);
    expect(await limiter.lockedSince(key, 1_800_000_005_000)).toBeUndefined();
    const rule = { limit: 1, windowMs: 60_000 };
    await limiter.consume(key, rule, 1_800_000_000_000);
    await limiter.consume(key, rule, 1_800_000_060_000);
    expect((await limiter.peek(key, rule, 1_800_000_060_001)).allowed).toBe(false);
    await limiter.reset(key);
    expect(await limiter.lockedSince(key, 0)).toBeUndefined();
    expect((await limiter.consume(key, rule, 1_800_000_060_002)).allowed).toBe(true);
  });

  it('keeps keys apart', async () => {
    const limiter = make();
    const [a, b] = [fresh('a'), fresh('b')];
    const rule = { limit: 1, windowMs: 60_000 };
    expect((await limiter.consume(a, rule, 1_000)).allowed).toBe(true);
    expect((await limiter.consume(b, rule, 1_000)).allowed).toBe(true);
    expect((await limiter.consume(a, rule, 1_001)).allowed).toBe(false);
  });

  it('gives parallel attempts each their own count: of 30 at once, exactly the limit get through', async () => {
    const limiter = make();
    const key = fresh('parallel');
    const rule = { limit: 5, windowMs: 60_000 };
    const decisions = await Promise.all(
      Array.from({ length: 30 }, () => limiter.consume(key, rule, 30_000_000)),
    );
    expect(decisions.filter((d) => d.allowed)).toHaveLength(5);
    expect(new Set(decisions.map((d) => d.count)).size).toBe(30);
  });
});

describe('keys in Redis', () => {
  it('hold neither the IP address nor the e-mail address a caller put in the key', async () => {
    const limiter = createRedisRateLimiter(redis, SECRET, prefix);
    await limiter.consume('login-try:site:robin@example.org:203.0.113.77', { limit: 5, windowMs: 60_000 }, 1);
    await limiter.lock('login-lock:site:robin@example.org:203.0.113.77', 2);
    const keys = await redis.keys(`${prefix}:login-*`);
    expect(keys).toHaveLength(2);
    for (const key of keys) {
      expect(key).not.toContain('203.0.113');
      expect(key).not.toContain('robin');
    }
  });
});
