import type { APIContext } from 'astro';
import { clearStaffCookie, staffCookieName } from './staff.cookie.ts';
import { resumeStaffSession } from './staff.service.ts';
import { consoleDb } from '../../server/console-db.ts';

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
