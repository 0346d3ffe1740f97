import { z } from 'zod';
import { accountsEndpoint } from '../../features/accounts/accounts.context.ts';
import { signup } from '../../features/accounts/accounts.service.ts';
import { sendDeviceCookieFor } from '../../features/accounts/device-cookie.ts';
import { sendBrowserCookie } from '../../features/accounts/browser-cookie.ts';
import { sendSessionCookie } from '../../features/accounts/session-cookie.ts';
import { TRACKING_COOKIE } from '../../features/tracking/index.ts';
import { json } from '../../server/http.ts';
import { readCookie, sameSiteRefererPath } from '../../server/request.ts';

/**
 * `POST /api/signup.php`: 201 `{ user }` (logged in) and an activation e-mail; 409
 * `email_exists` / `account_pending_deletion`; 422 `validation`; 403 `signup_closed`; 429
 * `rate_limited`. A `network` query parameter counts as a traffic source (`with_trafficsource`).
 * The form is judged by the service: whether signups are open decides before the fields do.
 */
export const POST = accountsEndpoint({
  body: z.unknown(),
  async handle({ context, ctx, member, input }) {
    const { request, url } = context;
    const { user, session } = await signup(ctx, input, {
      trackingCookie: readCookie(request.headers.get('cookie'), TRACKING_COOKIE),
      queryNetwork: url.searchParams.get('network') ?? undefined,
      landingPath: sameSiteRefererPath(request.headers.get('referer'), url.host, '/signup'),
      previousSessionId: member?.sessionId,
    });
    sendSessionCookie(context, session);
    sendDeviceCookieFor(context, user.id);
    sendBrowserCookie(context, ctx.request.browser!);
    return json({ user }, 201);
  },
});
