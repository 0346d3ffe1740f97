import type { AstroCookies } from 'astro';
import { hostCookieName, secondsUntil, setHostCookie } from '../../server/host-cookie.ts';

/*
 * The console's session cookie, apart from members': its own name, SameSite=Strict (no other
 * site's link or form ever carries it), and a host cookie (src/server/host-cookie.ts), so it never
 * reaches a site's host.
 */

export function staffCookieName(scheme: 'http' | 'https'): string {
  return hostCookieName('staff', scheme);
}

export function setStaffCookie(
  cookies: AstroCookies,
  scheme: 'http' | 'https',
  session: { token: string; expiresAt: number },
  now: number,
): void {
  const maxAge = secondsUntil(session.expiresAt, now);
  setHostCookie(cookies, scheme, 'staff', session.token, { sameSite: 'strict', maxAge });
}

export function clearStaffCookie(cookies: AstroCookies, scheme: 'http' | 'https'): void {
  setHostCookie(cookies, scheme, 'staff', '', { sameSite: 'strict', maxAge: 0 });
}
