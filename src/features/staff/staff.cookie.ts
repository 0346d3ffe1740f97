import { sessionCookie } from '../../server/host-cookie.ts';

/*
 * The console's session cookie, apart from members': its own name, SameSite=Strict (no other
 * site's link or form ever carries it), and a host cookie (src/server/host-cookie.ts), so it never
 * reaches a site's host.
 */

const staffSession = sessionCookie('staff', 'strict');
export const staffCookieName = staffSession.name;
export const setStaffCookie = staffSession.set;
export const clearStaffCookie = staffSession.clear;
