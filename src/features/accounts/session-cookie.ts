import type { APIContext } from 'astro';
import { sessionCookie } from '../../server/host-cookie.ts';
import { sendBrowserCookie } from './browser-cookie.ts';
import { sendDeviceCookie } from './device-cookie.ts';

/** The member's session cookie: a host cookie (src/server/host-cookie.ts), SameSite=Lax. */
const memberSession = sessionCookie('session', 'lax');
export const sessionCookieName = memberSession.name;
export const setSessionCookie = memberSession.set;
export const clearSessionCookie = memberSession.clear;

/** A cookie token is 43 base64url characters (see tokens.ts); anything else is not looked up. */
export function isSessionToken(value: string | undefined): value is string {
  return typeof value === 'string' && /^[A-Za-z0-9_-]{43}$/.test(value);
}

/** Hands a new session to the browser that asked for it (login, signup, reset, reactivation). */
export function sendSessionCookie(context: APIContext, session: { token: string; expiresAt: number }): void {
  const { locals, cookies } = context;
  setSessionCookie(cookies, locals.scheme, session, locals.platform.clock.now());
}

/**
 * Everything a browser gets when a session starts (login or signup): the session, the device
 * cookie that proves this login (device-cookie.ts) and the browser's own id (browser-cookie.ts).
 */
export function sendSessionStartCookies(
  context: APIContext,
  cookies: { session: { token: string; expiresAt: number }; device: string; browser: string | undefined },
): void {
  sendSessionCookie(context, cookies.session);
  sendDeviceCookie(context, cookies.device);
  if (cookies.browser) sendBrowserCookie(context, cookies.browser);
}
