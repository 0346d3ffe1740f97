import type { RateLimiterLike } from 'rate-limiter-flexible';
import type { RateRule } from '../../tenancy/site.ts';
import {
  fixedDecision,
  slidingDecision,
  windowOf,
  type RateDecision,
  type RateLimiter,
} from './rate-limiter.ts';

/*
 * The platform's limiter on the counters of `rate-limiter-flexible`: a counter per key and fixed
 * window (the key names its window, `<key>@<window start>`), added to with the library's atomic
 * `penalty` (each parallel attempt gets its own count: no read-then-write gap), read back with
 * `get`. The decisions stay ours (`slidingDecision`, `fixedDecision`): an attempt is counted
 * before it is judged, refused ones too, and the window starts follow the platform's clock (tests
 * move it), while the library's own expiry, which follows the wall clock, only clears counters
 * that no rule reads any more.
 */

/** A store of counters: memory, the platform's database or Redis. */
export interface CounterStore {
  readonly kind: RateLimiter['kind'];
  /** The library's limiter over this store; it never refuses by itself (we judge the counts). */
  readonly counters: RateLimiterLike;
  /** Starts a lock under `key` at `now`. */
  lock(key: string, now: number): Promise<void>;
  /** When the newest lock under `key` that started after `since` began, if one did. */
  lockedSince(key: string, since: number): Promise<number | undefined>;
  /** Forgets every window and lock under `key`. */
  forget(key: string): Promise<void>;
}

/** So many points that the library never refuses a counter by itself. */
export const UNLIMITED_POINTS = 2 ** 31 - 1;
/** How long a store keeps a lock (wall clock): longer than any lock and the counts behind it. */
export const LOCK_KEPT_SECONDS = 2 * 24 * 3600;

/** `lock` and `lockedSince` on `counters` where a lock is a counter whose value is the lock's start. */
export function counterLocks(counters: RateLimiterLike): Pick<CounterStore, 'lock' | 'lockedSince'> {
  return {
    async lock(key, now) {
      await counters.set(key, now, LOCK_KEPT_SECONDS);
    },
    async lockedSince(key, since) {
      const start = (await counters.get(key))?.consumedPoints;
      return start !== undefined && start > since ? start : undefined;
    },
  };
}

/** The library's key of `key`'s window that starts at `windowStart`. */
export const windowKey = (key: string, windowStart: number) => `${key}@${windowStart}`;

/**
 * Seconds a window's counter is kept from its first attempt: it is read as the previous window
 * too, so until two window lengths after the window started, which is at most this long after
 * any attempt in it (the platform's clock and the wall clock run at the same pace).
 */
const keptSeconds = (rule: RateRule) => Math.ceil((2 * rule.windowMs) / 1000);

/** The limiter over `store`; `stored` turns a caller's key into the key the store holds. */
export function createFlexibleRateLimiter(store: CounterStore, stored: (key: string) => string): RateLimiter {
  const { counters } = store;
  const add = async (key: string, windowStart: number, rule: RateRule) =>
    (await counters.penalty(windowKey(key, windowStart), 1, { customDuration: keptSeconds(rule) }))
      .consumedPoints;
  const read = async (key: string, windowStart: number) =>
    (await counters.get(windowKey(key, windowStart)))?.consumedPoints ?? 0;

  async function sliding(key: string, rule: RateRule, now: number, count: boolean): Promise<RateDecision> {
    const windowStart = windowOf(now, rule.windowMs);
    const current = count ? await add(key, windowStart, rule) : await read(key, windowStart);
    const previous = await read(key, windowStart - rule.windowMs);
    return slidingDecision(previous, current, now, rule, count);
  }

  return {
    kind: store.kind,
    consume: (key, rule, now) => sliding(stored(key), rule, now, true),
    peek: (key, rule, now) => sliding(stored(key), rule, now, false),
    async consumeFixed(key, rule, now) {
      return fixedDecision(await add(stored(key), windowOf(now, rule.windowMs), rule), now, rule);
    },
    lock: (key, now) => store.lock(stored(key), now),
    lockedSince: (key, since) => store.lockedSince(stored(key), since),
    reset: (key) => store.forget(stored(key)),
  };
}
