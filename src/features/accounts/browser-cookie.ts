import { randomBytes } from 'node:crypto';
import type { APIContext } from 'astro';
import { hostCookieName, setHostCookie } from '../../server/host-cookie.ts';
import { readCookie } from '../../server/request.ts';

/*
 * The browser cookie: a random id a browser keeps for years, set at login and signup. Unlike the
 * device cookie (device-cookie.ts, which proves a past login to one account), it names the
 * browser itself, so that a ban can also keep a banned member's browsers from signing up again
 * under another address. Only its hash is stored, never the value.
 */

const YEAR_SECONDS = 2 * 365 * 24 * 60 * 60;

export function browserCookieName(scheme: 'http' | 'https'): string {
  return hostCookieName('browser', scheme);
}

const VALUE = /^[A-Za-z0-9_-]{32}$/;

/** The id the browser sent, or a new one for a browser that has none (or a forged one). */
export function browserIdOf(cookieHeader: string | null, scheme: 'http' | 'https'): string {
  const sent = readCookie(cookieHeader, browserCookieName(scheme));
  return sent && VALUE.test(sent) ? sent : randomBytes(24).toString('base64url');
}

/** httpOnly, SameSite=Lax, Secure over https; sent again at every login so it lasts. */
export function sendBrowserCookie(context: Pick<APIContext, 'cookies' | 'locals'>, id: string): void {
  setHostCookie(context.cookies, context.locals.scheme, 'browser', id, {
    sameSite: 'lax',
    maxAge: YEAR_SECONDS,
  });
}
