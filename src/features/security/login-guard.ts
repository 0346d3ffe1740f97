import { createHash } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.ts';
import type { Site } from '../../tenancy/site.ts';
import { consume, peek, type RateDecision } from './rate-limit.ts';
import { deleteCounters, incrementCounter, latestWindowSince } from './security.repository.ts';

/*
 * Login lockout. Wrong passwords are counted per account *and* IP address: after
 * `rate_limits.login_failures` within its window, that address is locked out of that account
 * for `login_lock_minutes`. The member logging in from anywhere else is not affected, so an
 * attacker cannot lock a member out, and a lock ends on its own (a bounded window, never
 * forever). Guessing across many accounts from one address meets the per-IP limit instead.
 * Guessing one account from many addresses meets argon2's cost, the refusal of common
 * passwords at signup, and each address's own lock.
 */

/** Counter keys never hold the address itself: a hash keeps the counters free of personal data. */
function accountKey(email: string): string {
  return createHash('sha256').update(email).digest('base64url').slice(0, 22);
}

function keys(site: Site, email: string, ip: string) {
  const account = accountKey(email);
  return {
    failures: `login-fail:${site.id}:${account}:${ip}`,
    lock: `login-lock:${site.id}:${account}:${ip}`,
    ip: `login-ip:${site.id}:${ip}`,
  };
}

export type LoginBlock =
  | { kind: 'account_locked'; retryAfter: number; minutes: number }
  | { kind: 'rate_limited'; retryAfter: number };

function locked(lockedAt: number, lockMs: number, now: number): LoginBlock {
  const retryAfter = Math.max(1, Math.ceil((lockedAt + lockMs - now) / 1000));
  return { kind: 'account_locked', retryAfter, minutes: Math.ceil(retryAfter / 60) };
}

function limited(decision: RateDecision): LoginBlock {
  return { kind: 'rate_limited', retryAfter: decision.retryAfter };
}

/** Whether this address may try a password for this account now (checked before any hashing). */
export async function loginBlocked(
  db: Kysely<Database>,
  site: Site,
  email: string,
  ip: string,
  now: number,
): Promise<LoginBlock | undefined> {
  const k = keys(site, email, ip);
  const { loginLockMs, loginIp } = site.rateLimits;
  const lockedAt = await latestWindowSince(db, k.lock, now - loginLockMs);
  if (lockedAt !== undefined) return locked(lockedAt, loginLockMs, now);
  const perIp = await peek(db, k.ip, loginIp, now);
  return perIp.allowed ? undefined : limited(perIp);
}

/**
 * Counts a wrong password. Answers the block it causes, if any: the failure that reaches the
 * limit locks at once, so the member reads why instead of one more "login failed".
 */
export async function recordLoginFailure(
  db: Kysely<Database>,
  site: Site,
  email: string,
  ip: string,
  now: number,
): Promise<LoginBlock | undefined> {
  const k = keys(site, email, ip);
  const { loginFailures, loginLockMs, loginIp } = site.rateLimits;
  const perIp = await consume(db, k.ip, loginIp, now);
  const perAccount = await consume(db, k.failures, loginFailures, now);
  if (perAccount.count >= loginFailures.limit) {
    await incrementCounter(db, k.lock, now);
    // The lock replaces the count: after it ends, the address starts afresh.
    await deleteCounters(db, k.failures);
    return locked(now, loginLockMs, now);
  }
  return perIp.allowed ? undefined : limited(perIp);
}

/** A right password forgets this address's wrong ones for the account. */
export async function clearLoginFailures(
  db: Kysely<Database>,
  site: Site,
  email: string,
  ip: string,
): Promise<void> {
  await deleteCounters(db, keys(site, email, ip).failures);
}
