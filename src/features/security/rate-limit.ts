import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.ts';
import type { RateRule, Site } from '../../tenancy/site.ts';
import { incrementCounter, readCounter } from './security.repository.ts';

/** The outcome of one attempt against a limit. */
export interface RateDecision {
  allowed: boolean;
  /** The attempts the limit sees now, this one included (a weighted estimate, see below). */
  count: number;
  /** Seconds until an attempt would be allowed again (0 when allowed). */
  retryAfter: number;
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

function windowOf(now: number, windowMs: number): number {
  return now - (now % windowMs);
}

/**
 * Counts one attempt under `key` and decides whether it is within `rule`. Refused attempts are
 * counted too: whoever keeps hammering keeps the window full.
 */
export async function consume(
  db: Kysely<Database>,
  key: string,
  rule: RateRule,
  now: number,
): Promise<RateDecision> {
  const windowStart = windowOf(now, rule.windowMs);
  const current = await incrementCounter(db, key, windowStart);
  const previous = await readCounter(db, key, windowStart - rule.windowMs);
  const count = slidingEstimate(previous, current, now, windowStart, rule.windowMs);
  if (count <= rule.limit) return { allowed: true, count, retryAfter: 0 };
  // The refused attempt is already counted: the wait is for the one after it.
  const wait = retryAfterMs(previous, current, now, windowStart, rule);
  return { allowed: false, count, retryAfter: Math.max(1, Math.ceil(wait / 1000)) };
}

/** Whether an attempt would be refused now, without counting one. */
export async function peek(
  db: Kysely<Database>,
  key: string,
  rule: RateRule,
  now: number,
): Promise<RateDecision> {
  const windowStart = windowOf(now, rule.windowMs);
  const current = await readCounter(db, key, windowStart);
  const previous = await readCounter(db, key, windowStart - rule.windowMs);
  const count = slidingEstimate(previous, current, now, windowStart, rule.windowMs);
  if (count + 1 <= rule.limit) return { allowed: true, count, retryAfter: 0 };
  const wait = retryAfterMs(previous, current, now, windowStart, rule);
  return { allowed: false, count, retryAfter: Math.max(1, Math.ceil(wait / 1000)) };
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
