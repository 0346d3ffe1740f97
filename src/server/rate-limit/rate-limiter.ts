import type { RateRule, Site } from '../../tenancy/site.ts';

/** The outcome of one attempt against a limit. */
export interface RateDecision {
  allowed: boolean;
  /** The attempts the limit sees now, this one included (a weighted estimate, see below). */
  count: number;
  /** Seconds until an attempt would be allowed again (0 when allowed). */
  retryAfter: number;
}

/**
 * The one rate limiter of the platform (ARCHITECTURE rule 6): counters in the database by
 * default (`createDatabaseRateLimiter`), Redis when several processes share the limits. Keys start
 * with the site's id, so one site's traffic never counts against another's. Callers may put IP
 * and e-mail addresses in a key: the backend stores only an HMAC of it under the app secret.
 */
export interface RateLimiter {
  readonly kind: 'database' | 'memory' | 'redis';
  /**
   * Counts one attempt under `key` and decides with the sliding window whether it is within
   * `rule`. Refused attempts are counted too: whoever keeps hammering keeps the window full.
   */
  consume(key: string, rule: RateRule, now: number): Promise<RateDecision>;
  /** Whether an attempt would be refused now, without counting one. */
  peek(key: string, rule: RateRule, now: number): Promise<RateDecision>;
  /**
   * Counts one attempt in a plain fixed window: refused above the limit until the window ends.
   * For limits whose promised wait must never exceed one window.
   */
  consumeFixed(key: string, rule: RateRule, now: number): Promise<RateDecision>;
  /** Starts a lock under `key` at `now` (a lockout, read back with `lockedSince`). */
  lock(key: string, now: number): Promise<void>;
  /** When the newest lock under `key` that started after `since` began, if one did. */
  lockedSince(key: string, since: number): Promise<number | undefined>;
  /** Forgets every count and lock under `key`. */
  reset(key: string): Promise<void>;
}

/**
 * The sliding-window estimate: the current fixed window's count plus the previous window's,
 * weighted by how much of it still lies within one window length of `now`. It smooths the burst
 * a plain fixed window allows at its edge (twice the limit within moments) with two counters.
 */
export function slidingEstimate(
  previous: number,
  current: number,
  now: number,
  windowStart: number,
  windowMs: number,
): number {
  const previousWeight = 1 - (now - windowStart) / windowMs;
  return previous * previousWeight + current;
}

/**
 * How long until one more attempt stays within the limit, given the counts as they are now:
 * within this window once the previous window's weight has faded enough, or else in the next
 * window, when this window's count becomes the fading one.
 */
export function retryAfterMs(
  previous: number,
  current: number,
  now: number,
  windowStart: number,
  rule: RateRule,
): number {
  const { limit, windowMs } = rule;
  const elapsed = now - windowStart;
  if (current + 1 <= limit) {
    if (previous === 0) return 0;
    const fadedEnoughAt = windowMs * (1 - (limit - current - 1) / previous);
    return Math.max(0, fadedEnoughAt - elapsed);
  }
  const intoNextWindow = windowMs * (1 - (limit - 1) / current);
  return windowStart + windowMs - now + intoNextWindow;
}

export function windowOf(now: number, windowMs: number): number {
  return now - (now % windowMs);
}

/**
 * The sliding-window decision from the two counts (shared by every backend, so they decide
 * alike). `counted`: whether `current` already includes this attempt (consume) or not (peek).
 */
export function slidingDecision(
  previous: number,
  current: number,
  now: number,
  rule: RateRule,
  counted: boolean,
): RateDecision {
  const windowStart = windowOf(now, rule.windowMs);
  const count = slidingEstimate(previous, current, now, windowStart, rule.windowMs);
  const fits = counted ? count <= rule.limit : count + 1 <= rule.limit;
  if (fits) return { allowed: true, count, retryAfter: 0 };
  // A refused attempt is already counted (consume): the wait is for the one after it.
  const wait = retryAfterMs(previous, current, now, windowStart, rule);
  return { allowed: false, count, retryAfter: Math.max(1, Math.ceil(wait / 1000)) };
}

/** The fixed-window decision: the count of this window, this attempt included. */
export function fixedDecision(current: number, now: number, rule: RateRule): RateDecision {
  if (current <= rule.limit) return { allowed: true, count: current, retryAfter: 0 };
  const windowEnd = windowOf(now, rule.windowMs) + rule.windowMs;
  return { allowed: false, count: current, retryAfter: Math.max(1, Math.ceil((windowEnd - now) / 1000)) };
}

function isRule(value: unknown): value is RateRule {
  return typeof value === 'object' && value !== null && 'windowMs' in value;
}

/**
 * How long after a counter's window starts a site's rules still read it: `consume` and `peek`
 * read the previous window too, so a window's count matters for two window lengths; a login lock
 * is a counter read for as long as the lock lasts. Counters older than this count for nothing
 * and may go (see the retention purge).
 */
export function counterLookbackMs(limits: Site['rateLimits']): number {
  const rules = Object.values(limits).filter(isRule);
  return Math.max(limits.loginLockMs, ...rules.map((rule) => 2 * rule.windowMs));
}
