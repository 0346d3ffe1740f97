import { createHmac } from 'node:crypto';
import type { Kysely } from 'kysely';
import { RateLimiterCompatibleAbstract, RateLimiterRes } from 'rate-limiter-flexible';
import type { Database } from '../../db/database.ts';
import type { RateRule } from '../../tenancy/site.ts';
import { createFlexibleRateLimiter, UNLIMITED_POINTS, type CounterStore } from './flexible-rate-limiter.ts';
import { deleteCounters, incrementCounter, latestWindowSince, readCounter } from './rate-limit.repository.ts';
import type { RateDecision, RateLimiter } from './rate-limiter.ts';

/** A window key of the flexible limiter (`<key>@<window start>`) as the table's two columns. */
function columnsOf(rlKey: string | number): { key: string; windowStart: number } {
  const text = String(rlKey);
  const at = text.lastIndexOf('@');
  return { key: text.slice(0, at), windowStart: Number(text.slice(at + 1)) };
}

/**
 * The SQL store of `rate-limiter-flexible` for the platform's database, through Kysely on SQLite
 * and PostgreSQL alike: a counter is a row of `rate_limit_counters` (key, window start, count),
 * made by the migrations and purged by the retention job once no rule reads it. (The library's
 * own SQL stores take a raw driver and create a table of their own outside the migrations.)
 * Every increment is one UPSERT that answers the new count, so parallel attempts each see a
 * different count.
 */
class DatabaseCounters extends RateLimiterCompatibleAbstract {
  override readonly keyPrefix = '';
  readonly #db: Kysely<Database>;

  constructor(db: Kysely<Database>) {
    super();
    this.#db = db;
  }

  override async penalty(rlKey: string | number, points = 1): Promise<RateLimiterRes> {
    if (points !== 1) throw new Error('the database counters add one attempt at a time');
    const { key, windowStart } = columnsOf(rlKey);
    const count = await incrementCounter(this.#db, key, windowStart);
    return new RateLimiterRes(UNLIMITED_POINTS - count, 0, count, count === 1);
  }

  override consume(rlKey: string | number, points = 1): Promise<RateLimiterRes> {
    return this.penalty(rlKey, points);
  }

  override async get(rlKey: string | number): Promise<RateLimiterRes | null> {
    const { key, windowStart } = columnsOf(rlKey);
    const count = await readCounter(this.#db, key, windowStart);
    return count === 0 ? null : new RateLimiterRes(UNLIMITED_POINTS - count, 0, count, false);
  }

  override async delete(rlKey: string | number): Promise<boolean> {
    await deleteCounters(this.#db, columnsOf(rlKey).key);
    return true;
  }
}

/** The database as a counter store: a lock is a window that starts when the lock does. */
export function databaseCounterStore(db: Kysely<Database>): CounterStore {
  return {
    kind: 'database',
    counters: new DatabaseCounters(db),
    async lock(key, now) {
      await incrementCounter(db, key, now);
    },
    lockedSince: (key, since) => latestWindowSince(db, key, since),
    forget: (key) => deleteCounters(db, key),
  };
}

/** Counts one attempt under `key` against `rule` (sliding window), in the database, key as is. */
export const consume = (
  db: Kysely<Database>,
  key: string,
  rule: RateRule,
  now: number,
): Promise<RateDecision> =>
  createFlexibleRateLimiter(databaseCounterStore(db), (k) => k).consume(key, rule, now);

/** Whether an attempt would be refused now, without counting one (key as is). */
export const peek = (db: Kysely<Database>, key: string, rule: RateRule, now: number): Promise<RateDecision> =>
  createFlexibleRateLimiter(databaseCounterStore(db), (k) => k).peek(key, rule, now);

/**
 * The key as it is stored: the kind before the first colon stays readable (an operator can see
 * what a row counts), the rest is an HMAC-SHA256 under the app secret. Callers build keys from
 * IP addresses and e-mail addresses; none of them reaches a store, and without the secret a
 * stored key cannot be matched against a guessed address either.
 */
export function storedKey(secret: Buffer, key: string): string {
  const colon = key.indexOf(':');
  const kind = colon === -1 ? 'key' : key.slice(0, colon);
  return `${kind}:${createHmac('sha256', secret).update(key).digest('base64url').slice(0, 27)}`;
}

/** The embedded default: counters in the `rate_limit_counters` table of the platform's database. */
export function createDatabaseRateLimiter(db: Kysely<Database>, secret: Buffer): RateLimiter {
  return createFlexibleRateLimiter(databaseCounterStore(db), (key) => storedKey(secret, key));
}
