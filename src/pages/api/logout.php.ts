import type { APIRoute } from 'astro';
import { accountsContext } from '../../features/accounts/accounts.http.ts';
import { logout } from '../../features/accounts/accounts.service.ts';
import { clearSessionCookie } from '../../features/accounts/session-cookie.ts';
import { json } from '../../server/http.ts';

/** `GET /api/logout.php`: ends the session on the server and drops the cookie. */
export const GET: APIRoute = async (context) => {
  await logout(accountsContext(context), context.locals.member);
  clearSessionCookie(context.cookies, context.locals.scheme);
  return json({ ok: true });
};

/** The same for clients that log out with a POST (a form, `navigator.sendBeacon`). */
export const POST = GET;
