import type { APIContext } from 'astro';
import { clearStaffCookie, staffCookieName } from './staff.cookie.ts';
import { resumeStaffSession } from './staff.service.ts';
import { consoleDb } from '../../server/console-db.ts';
import { guardsConsoleRoute, sectionOf } from './console/console-sections.ts';

/**
 * The console's step of the request pipeline: the staff session of the console cookie (or null),
 * for the endpoint kit's staff guard and the console's pages. A cookie whose session is over is
 * cleared.
 */
export async function loadStaff(context: APIContext): Promise<undefined> {
  const { locals, cookies } = context;
  const token = cookies.get(staffCookieName(locals.scheme))?.value;
  locals.staff = token
    ? await resumeStaffSession(consoleDb(locals), token, locals.platform.clock.now())
    : null;
  if (token && !locals.staff) clearStaffCookie(cookies, locals.scheme);
  return undefined;
}

/**
 * The console pages' guard, a step after the staff session: a visitor goes to the login, a staff
 * member with the one-time password to the password change, and one without the section's
 * permission (`CONSOLE_SECTIONS`) gets the console's 403 page. Pages render only what it let in.
 * It goes by the route Astro matched, not by the address as written: `/console/%61udit` is the
 * audit page too.
 */
export function guardConsolePage(context: APIContext): Promise<Response> | Response | undefined {
  const { locals, routePattern } = context;
  if (!guardsConsoleRoute(routePattern)) return undefined;
  const { staff } = locals;
  if (!staff) return context.redirect('/console/login', 303);
  if (staff.mustChangePassword && routePattern !== '/console/password')
    return context.redirect('/console/password', 303);
  const permission = sectionOf(routePattern)?.permission;
  // The console's own page in the section's place (403): its sidebar, and the way back.
  if (permission && !staff.can(permission)) return context.rewrite('/console/forbidden');
  return undefined;
}
