import type { APIRoute } from 'astro';
import {
  accountErrorResponse,
  accountsContext,
  readJsonBody,
} from '../../features/accounts/accounts.http.ts';
import { signup } from '../../features/accounts/accounts.service.ts';
import { setSessionCookie } from '../../features/accounts/session-cookie.ts';
import { TRACKING_COOKIE } from '../../features/tracking/index.ts';
import { json } from '../../server/http.ts';
import { readCookie } from '../../server/request.ts';

/** The page the signup form was on (a same-site Referer), for a traffic source made at signup. */
function formPath(referer: string | null, host: string): string {
  try {
    const url = new URL(referer ?? '');
    return url.host === host ? url.pathname : '/signup';
  } catch {
    return '/signup';
  }
}

/**
 * `POST /api/signup.php`: 201 `{ user }` (logged in) and an activation e-mail; 409
 * `email_exists` / `account_pending_deletion`; 422 `validation`; 403 `signup_closed`; 429
 * `rate_limited`. A `network` query parameter counts as a traffic source (`with_trafficsource`).
 */
export const POST: APIRoute = async (context) => {
  const { locals, request, url, cookies } = context;
  const read = await readJsonBody(request, locals.t);
  if (!read.ok) return read.response;
  const ctx = accountsContext(context);
  try {
    const { user, session } = await signup(ctx, read.body, {
      trackingCookie: readCookie(request.headers.get('cookie'), TRACKING_COOKIE),
      queryNetwork: url.searchParams.get('network') ?? undefined,
      landingPath: formPath(request.headers.get('referer'), url.host),
      previousSessionId: locals.member?.sessionId,
    });
    setSessionCookie(cookies, locals.scheme, session, ctx.clock.now());
    return json({ user }, 201);
  } catch (error) {
    return accountErrorResponse(locals, error);
  }
};
