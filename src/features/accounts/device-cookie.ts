import { createHmac, timingSafeEqual } from 'node:crypto';
import type { APIContext } from 'astro';
import { hostCookieName, setHostCookie } from '../../server/host-cookie.ts';

/*
 * The device cookie of OWASP's "slow down online guessing" pattern: after a successful login the
 * browser gets a cookie signed with the app secret that says "this browser has logged in to
 * this account". The login throttle exempts such a browser from the per-address lock and the
 * account-wide limit (see security/login-guard.ts), so a guesser cannot lock a member out of
 * their own browser. The value is `<issued, base36>.<HMAC>`: it names no account (the HMAC is
 * checked against the account the login names), and only the server can make one. One account
 * per browser and site: the newest login's.
 */

const DAY = 24 * 60 * 60 * 1000;
/** A year: a member who logs in a few times a year keeps the exemption. */
export const DEVICE_COOKIE_LIFETIME_MS = 365 * DAY;

export function deviceCookieName(scheme: 'http' | 'https'): string {
  return hostCookieName('device', scheme);
}

function signature(secret: Buffer, siteId: string, memberId: string, issued: string): string {
  return createHmac('sha256', secret)
    .update(`device-cookie:${siteId}:${memberId}:${issued}`)
    .digest('base64url')
    .slice(0, 32);
}

/** A new cookie value for a member who just logged in on this site. */
export function issueDeviceToken(secret: Buffer, siteId: string, memberId: string, now: number): string {
  const issued = now.toString(36);
  return `${issued}.${signature(secret, siteId, memberId, issued)}`;
}

/**
 * The cookie's id (its signature, fit to count the cookie's attempts) when `token` was issued
 * for this member on this site within its lifetime; otherwise undefined.
 */
export function deviceIdFor(
  secret: Buffer,
  siteId: string,
  memberId: string,
  token: string | undefined,
  now: number,
): string | undefined {
  const match = token ? /^([0-9a-z]{1,12})\.([A-Za-z0-9_-]{32})$/.exec(token) : null;
  if (!match) return undefined;
  const [, issued, given] = match as unknown as [string, string, string];
  const issuedAt = parseInt(issued, 36);
  if (!(issuedAt <= now && now - issuedAt < DEVICE_COOKIE_LIFETIME_MS)) return undefined;
  const expected = signature(secret, siteId, memberId, issued);
  return timingSafeEqual(Buffer.from(expected), Buffer.from(given)) ? given : undefined;
}

/** The device cookie the browser sent, if any. */
export function readDeviceCookie(context: Pick<APIContext, 'cookies' | 'locals'>): string | undefined {
  return context.cookies.get(deviceCookieName(context.locals.scheme))?.value;
}

/** httpOnly, SameSite=Lax, Secure over https, for the cookie's whole lifetime. */
export function sendDeviceCookie(context: Pick<APIContext, 'cookies' | 'locals'>, token: string): void {
  const maxAge = Math.floor(DEVICE_COOKIE_LIFETIME_MS / 1000);
  setHostCookie(context.cookies, context.locals.scheme, 'device', token, { sameSite: 'lax', maxAge });
}

/**
 * The device cookie for a member who just got a session without a login form (signup, a reset
 * link, reactivation): the browser has proven the account as much as a login does.
 */
export function sendDeviceCookieFor(context: Pick<APIContext, 'cookies' | 'locals'>, memberId: string): void {
  const { platform, site } = context.locals;
  sendDeviceCookie(context, issueDeviceToken(platform.secret, site.id, memberId, platform.clock.now()));
}
