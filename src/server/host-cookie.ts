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

/** A login session's cookie: set for the session's lifetime, emptied when it ends. */
export interface SessionCookie {
  name: (scheme: Scheme) => string;
  set: (
    cookies: AstroCookies,
    scheme: Scheme,
    session: { token: string; expiresAt: number },
    now: number,
  ) => void;
  clear: (cookies: AstroCookies, scheme: Scheme) => void;
}

export function sessionCookie(name: string, sameSite: 'lax' | 'strict'): SessionCookie {
  return {
    name: (scheme) => hostCookieName(name, scheme),
    set: (cookies, scheme, session, now) => {
      const maxAge = Math.max(0, Math.floor((session.expiresAt - now) / 1000));
      setHostCookie(cookies, scheme, name, session.token, { sameSite, maxAge });
    },
    clear: (cookies, scheme) => {
      setHostCookie(cookies, scheme, name, '', { sameSite, maxAge: 0 });
    },
  };
}
