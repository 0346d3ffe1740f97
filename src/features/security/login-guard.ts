import { addressKey } from '../../server/address.ts';
import type { RateLimiter, RateDecision } from '../../server/rate-limit/index.ts';
import type { RateRule, Site } from '../../tenancy/site.ts';

/**
 * Where the logins are counted: a site, or the operator console (its own id and the platform's
 * limits), so staff logins are locked out exactly like members'.
 */
export type LoginScope = Pick<Site, 'id' | 'rateLimits'>;

/*
 * Login throttling. Every attempt is counted *before* its password is verified, with the
 * limiter's atomic increment (each parallel attempt sees its own count), so thirty guesses sent
 * at once meet the limit as thirty guesses, not as "nobody failed yet". Keys hold e-mail and IP
 * addresses; the limiter stores only an HMAC of them. An IPv6 address counts as its /64.
 *
 * - Per account and address (`login_failures`, 5 in 15 min): the attempt that reaches the limit
 *   without getting in locks that address out of that account for `login_lock_minutes` (429
 *   `account_locked`). Attempts are counted per lock generation (the start of the newest lock),
 *   so a lock ends cleanly: the next attempt after it starts a fresh count, and nothing has to
 *   reset a counter that parallel attempts are still counting on.
 * - Per account over all addresses (`login_account`, 20 in 60 min): slows a guesser who spreads
 *   over many addresses (429 `login_throttled`).
 * - Per address over all accounts (`login_ip`, 50 wrong passwords in 60 min): never a refusal
 *   before the password is checked. Many members share one address behind a carrier NAT, and
 *   someone else's guesses at *other* accounts must not keep a member with the right password
 *   out. Past it, the address gets one attempt per account and lock instead of five, and a wrong
 *   password is answered 429 `rate_limited` (and locks that address out of that account): a
 *   correct password still gets in at the first try, while spraying a list of common passwords
 *   over many accounts slows to one guess per account per lock.
 * - The device cookie (OWASP's pattern): a browser that has logged in to the account before
 *   carries a signed cookie naming it (see the accounts feature), and is held by neither the
 *   per-address lock nor the account-wide limit, so nobody can lock a member out of their own
 *   browser. The cookie's own attempts are counted (`login_failures` per cookie); a stolen cookie
 *   used for guessing loses its exemption after as many attempts as an address gets.
 */

/** Who is trying: the account named, the address, and a valid device cookie of that account. */
export interface LoginAttempt {
  email: string;
  ip: string;
  /** An id of the browser's device cookie when it is valid for this account (never the cookie). */
  device?: string;
}

export type LoginBlock =
  | { kind: 'account_locked'; retryAfter: number; minutes: number }
  | { kind: 'login_throttled'; retryAfter: number }
  | { kind: 'rate_limited'; retryAfter: number };

/** An attempt let through to the password check, with what its outcome must update. */
export interface Admitted {
  /** Let through on its device cookie: exempt from the lock and the account-wide limit. */
  device: boolean;
  /** This attempt's place in its address's count for the account, and the limit it met. */
  tries: number;
  rule: RateRule;
}

function keys(site: LoginScope, attempt: LoginAttempt) {
  const account = `${site.id}:${attempt.email.toLowerCase()}`;
  const address = addressKey(attempt.ip);
  return {
    lock: `login-lock:${account}:${address}`,
    tries: (generation: number) => `login-try:${account}:${address}:${generation}`,
    account: `login-account:${account}`,
    address: `login-ip:${site.id}:${address}`,
    device: `login-device:${site.id}:${attempt.device ?? ''}`,
  };
}

function locked(lockedAt: number, lockMs: number, now: number): LoginBlock {
  const retryAfter = Math.max(1, Math.ceil((lockedAt + lockMs - now) / 1000));
  return { kind: 'account_locked', retryAfter, minutes: Math.ceil(retryAfter / 60) };
}

function throttled(decision: RateDecision): LoginBlock {
  return { kind: 'login_throttled', retryAfter: decision.retryAfter };
}

function limited(decision: RateDecision): LoginBlock {
  return { kind: 'rate_limited', retryAfter: decision.retryAfter };
}

/** The newest lock ever started (0: none), which also names the current count's generation. */
async function newestLock(limiter: RateLimiter, key: string): Promise<number> {
  return (await limiter.lockedSince(key, 0)) ?? 0;
}

export interface AdmitOptions {
  /**
   * Whether the account-wide limit applies: not to a member who is logged in already and
   * confirms the password for a change (the session proves one login; the per-address lock
   * still holds them).
   */
  accountWide?: boolean;
}

/**
 * Counts one attempt at `attempt.email` from `attempt.ip` and decides whether its password may
 * be verified. Either a block (answer it; verify nothing) or the admission to pass to
 * `recordLoginFailure` / `clearLoginFailures` with the outcome.
 */
export async function admitLogin(
  limiter: RateLimiter,
  site: LoginScope,
  attempt: LoginAttempt,
  now: number,
  options: AdmitOptions = {},
): Promise<{ block: LoginBlock } | { admitted: Admitted }> {
  const k = keys(site, attempt);
  const { loginFailures, loginLockMs, loginIp, loginAccount } = site.rateLimits;
  if (attempt.device) {
    const byDevice = await limiter.consume(k.device, loginFailures, now);
    if (byDevice.allowed) return { admitted: { device: true, tries: byDevice.count, rule: loginFailures } };
    // A cookie used for guessing is no better than none: on to the limits everyone meets.
  }
  const generation = await newestLock(limiter, k.lock);
  if (generation > now - loginLockMs) return { block: locked(generation, loginLockMs, now) };
  if (options.accountWide !== false) {
    const accountWide = await limiter.consume(k.account, loginAccount, now);
    if (!accountWide.allowed) return { block: throttled(accountWide) };
  }
  // Read, not counted: the address's wrong passwords are counted when they happen. A parallel
  // burst may read it a little late; the atomic per-account count below bounds every burst.
  const sprayed = !(await limiter.peek(k.address, loginIp, now)).allowed;
  const rule = sprayed ? { ...loginFailures, limit: 1 } : loginFailures;
  const tries = await limiter.consume(k.tries(generation), rule, now);
  if (!tries.allowed) {
    await limiter.lock(k.lock, now);
    return { block: locked(now, loginLockMs, now) };
  }
  return { admitted: { device: false, tries: tries.count, rule } };
}

/**
 * A wrong password of an admitted attempt. Answers the block it causes, if any: the attempt that
 * reaches the limit locks at once, so the member reads why instead of one more "login failed";
 * an address past its limit over all accounts reads that instead.
 */
export async function recordLoginFailure(
  limiter: RateLimiter,
  site: LoginScope,
  attempt: LoginAttempt,
  admitted: Admitted,
  now: number,
): Promise<LoginBlock | undefined> {
  const k = keys(site, attempt);
  const perAddress = await limiter.consume(k.address, site.rateLimits.loginIp, now);
  const locks = !admitted.device && admitted.tries >= admitted.rule.limit;
  if (locks) await limiter.lock(k.lock, now);
  if (!perAddress.allowed) return limited(perAddress);
  return locks ? locked(now, site.rateLimits.loginLockMs, now) : undefined;
}

/** A right password forgets this address's (and this device cookie's) attempts at the account. */
export async function clearLoginFailures(
  limiter: RateLimiter,
  site: LoginScope,
  attempt: LoginAttempt,
): Promise<void> {
  const k = keys(site, attempt);
  await limiter.reset(k.tries(await newestLock(limiter, k.lock)));
  if (attempt.device) await limiter.reset(k.device);
}
