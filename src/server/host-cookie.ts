import type { AstroCookies } from 'astro';

/*
 * Cookies bound to the exact host (sessions, the console's, the device and browser ids). Over
 * https the name carries the `__Host-` prefix, which browsers accept only with Secure, Path=/ and
 * no Domain: no subdomain and no plain-http page can set or shadow it. Always httpOnly: no script
 * of the page reads them.
 */

type Scheme = 'http' | 'https';

export function hostCookieName(name: string, scheme: Scheme): string {
  return scheme === 'https' ? `__Host-${name}` : name;
}

/** Sets (or, with `maxAge` 0 and an empty value, clears) the host cookie `name`. */
export function setHostCookie(
  cookies: AstroCookies,
  scheme: Scheme,
  name: string,
  value: string,
  options: { sameSite: 'lax' | 'strict'; maxAge: number },
): void {
  cookies.set(hostCookieName(name, scheme), value, {
    path: '/',
    httpOnly: true,
    sameSite: options.sameSite,
    secure: scheme === 'https',
    maxAge: options.maxAge,
  });
}

/** The seconds a cookie lives for a session that ends at `expiresAt` (0 for one already over). */
export function secondsUntil(expiresAt: number, now: number): number {
  return Math.max(0, Math.floor((expiresAt - now) / 1000));
}
