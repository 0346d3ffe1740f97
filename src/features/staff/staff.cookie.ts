import type { AstroCookies } from 'astro';

/*
 * The console's session cookie, apart from members': its own name, httpOnly, SameSite=Strict (no
 * other site's link or form ever carries it), Secure with the `__Host-` prefix over https, and
 * host-only (no Domain), so it never reaches a site's host.
 */

export function staffCookieName(scheme: 'http' | 'https'): string {
  return scheme === 'https' ? '__Host-staff' : 'staff';
}

export function setStaffCookie(
  cookies: AstroCookies,
  scheme: 'http' | 'https',
  session: { token: string; expiresAt: number },
  now: number,
): void {
  cookies.set(staffCookieName(scheme), session.token, {
    path: '/',
    httpOnly: true,
    sameSite: 'strict',
    secure: scheme === 'https',
    maxAge: Math.max(0, Math.floor((session.expiresAt - now) / 1000)),
  });
}

export function clearStaffCookie(cookies: AstroCookies, scheme: 'http' | 'https'): void {
  cookies.set(staffCookieName(scheme), '', {
    path: '/',
    httpOnly: true,
    sameSite: 'strict',
    secure: scheme === 'https',
    maxAge: 0,
  });
}
