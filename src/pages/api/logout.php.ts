import type { APIRoute } from 'astro';
import { accountsContext } from '../../features/accounts/accounts.http.ts';
import { logout } from '../../features/accounts/accounts.service.ts';
import { clearSessionCookie } from '../../features/accounts/session-cookie.ts';
import { json } from '../../server/http.ts';
import { localePath } from '../../server/request.ts';

/**
 * `GET /api/logout.php`: ends the session on the server and drops the cookie. Scripts get
 * `{ ok: true }`; a browser that followed the link itself (before the menu's script ran, or
 * without script) is sent to the site's front page instead of a page of JSON.
 */
export const GET: APIRoute = async (context) => {
  await logout(accountsContext(context), context.locals.member);
  clearSessionCookie(context.cookies, context.locals.scheme);
  if (context.request.headers.get('sec-fetch-mode') === 'navigate') {
    return new Response(null, {
      status: 303,
      headers: { location: localePath(context.locals.locale, '/'), 'cache-control': 'no-store' },
    });
  }
  return json({ ok: true });
};

/** The same for clients that log out with a POST (a form, `navigator.sendBeacon`). */
export const POST = GET;
