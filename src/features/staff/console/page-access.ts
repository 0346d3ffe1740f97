import type { AstroGlobal } from 'astro';

/**
 * The console pages' guard: a page for staff sends a visitor to the login and a staff member
 * with the one-time password to the password change; one without the page's permission gets
 * 403 with a plain word. Answers the Response to return, or undefined to go on.
 */
export function requireStaff(astro: AstroGlobal, permission?: string): Response | undefined {
  const { staff, t } = astro.locals;
  if (!staff) return astro.redirect('/console/login', 303);
  if (staff.mustChangePassword && astro.url.pathname !== '/console/password')
    return astro.redirect('/console/password', 303);
  if (permission && !staff.can(permission))
    return new Response(t('api.forbidden'), {
      status: 403,
      headers: { 'content-type': 'text/plain; charset=utf-8' },
    });
  return undefined;
}
