import { createHmac } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.ts';
import type { RateRule } from '../../tenancy/site.ts';
import { deleteCounters, incrementCounter, latestWindowSince, readCounter } from './rate-limit.repository.ts';
import {
  fixedDecision,
  slidingDecision,
  windowOf,
  type RateDecision,
  type RateLimiter,
} from './rate-limiter.ts';

/** The sliding-window decision for `key`, counting this attempt first when `count` says so. */
async function slidingWindow(
  db: Kysely<Database>,
  key: string,
  rule: RateRule,
  now: number,
  count: boolean,
): Promise<RateDecision> {
  const windowStart = windowOf(now, rule.windowMs);
  const current = count
    ? await incrementCounter(db, key, windowStart)
    : await readCounter(db, key, windowStart);
  const previous = await readCounter(db, key, windowStart - rule.windowMs);
  return slidingDecision(previous, current, now, rule, count);
}

/** Counts one attempt under `key` against `rule` (sliding window), in the database. */
export const consume = (db: Kysely<Database>, key: string, rule: RateRule, now: number) =>
  slidingWindow(db, key, rule, now, true);

/** Whether an attempt would be refused now, without counting one. */
export const peek = (db: Kysely<Database>, key: string, rule: RateRule, now: number) =>
  slidingWindow(db, key, rule, now, false);

/**
 * The key as it is stored: the kind before the first colon stays readable (an operator can see
 * what a row counts), the rest is an HMAC-SHA256 under the app secret. Callers build keys from
 * IP addresses and e-mail addresses; none of them reaches the table, and without the secret a
 * stored key cannot be matched against a guessed address either.
 */
export function storedKey(secret: Buffer, key: string): string {
  const colon = key.indexOf(':');
  const kind = colon === -1 ? 'key' : key.slice(0, colon);
  return `${kind}:${createHmac('sha256', secret).update(key).digest('base64url').slice(0, 27)}`;
}

/**
 * The embedded default: counters in the `rate_limit_counters` table of the platform's database.
 * Every increment is one UPSERT that answers the new count (`incrementCounter`), so parallel
 * attempts each see a different count on SQLite and PostgreSQL alike: no read-then-write gap.
 */
export function createDatabaseRateLimiter(db: Kysely<Database>, secret: Buffer): RateLimiter {
  const stored = (key: string) => storedKey(secret, key);
  return {
    kind: 'database',
    consume: (key, rule, now) => consume(db, stored(key), rule, now),
    peek: (key, rule, now) => peek(db, stored(key), rule, now),
    async consumeFixed(key, rule, now) {
      const current = await incrementCounter(db, stored(key), windowOf(now, rule.windowMs));
      return fixedDecision(current, now, rule);
    },
    async lock(key, now) {
      await incrementCounter(db, stored(key), now);
    },
    lockedSince: (key, since) => latestWindowSince(db, stored(key), since),
    reset: (key) => deleteCounters(db, stored(key)),
  };
}
