import type { APIContext, APIRoute } from 'astro';
import { accountsContext } from '../../features/accounts/accounts.context.ts';
import { logout } from '../../features/accounts/accounts.service.ts';
import { logoutConfirmPage } from '../../features/accounts/logout-page.ts';
import { clearSessionCookie } from '../../features/accounts/session-cookie.ts';
import { json, seeOther } from '../../server/http.ts';
import { crossSiteRequest, localePath } from '../../server/request.ts';

/** Ends the session on the server and drops the cookie. */
async function endSession(context: APIContext): Promise<Response> {
  await logout(accountsContext(context), context.locals.member);
  clearSessionCookie(context.cookies, context.locals.scheme);
  // A browser that sent the form itself (or followed the link without script) goes to the
  // front page instead of a page of JSON.
  const headers = context.request.headers;
  const form = (headers.get('content-type') ?? '').startsWith('application/x-www-form-urlencoded');
  if (form || headers.get('sec-fetch-mode') === 'navigate') {
    return seeOther(localePath(context.locals.locale, '/'));
  }
  return json({ ok: true });
}

/**
 * `GET /api/logout.php`: `{ ok: true }` for scripts and the site's own pages. A browser request
 * from another site (a link, an image, a frame) ends nothing: it gets a page whose button
 * POSTs the logout, so no other site can log a member out behind their back.
 */
export const GET: APIRoute = async (context) => {
  const { locals, request } = context;
  if (crossSiteRequest(request.headers, locals.site)) {
    return logoutConfirmPage({
      t: locals.t,
      locale: locals.locale,
      siteName: locals.site.name,
      action: '/api/logout.php',
      home: localePath(locals.locale, '/'),
    });
  }
  return endSession(context);
};

/** `POST /api/logout.php {}`: the menu and the confirm page's form; the middleware checks Origin. */
export const POST: APIRoute = endSession;
