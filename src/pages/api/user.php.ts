import type { APIRoute } from 'astro';
import { accountsEndpoint } from '../../features/accounts/accounts.context.ts';
import * as schemas from '../../features/accounts/accounts.schemas.ts';
import {
  changeUser,
  login,
  removePushSubscription,
  savePushSubscription,
} from '../../features/accounts/accounts.service.ts';
import { memberUser } from '../../features/accounts/member-user.ts';
import { readDeviceCookie, sendDeviceCookie } from '../../features/accounts/device-cookie.ts';
import { sendSessionCookie } from '../../features/accounts/session-cookie.ts';
import { setLocaleCookie } from '../../server/request.ts';

/**
 * `GET /api/user.php`: the logged-in member, or `{ user: null }`. The client sends
 * `x-client-request: 1`; it is not required (it proves nothing a cookie does not).
 */
export const GET = accountsEndpoint({
  // Built from the row the session step read with the session: no second read of the account.
  handle: async ({ locals }) => ({ user: await memberUser(locals) }),
});

/**
 * `POST /api/user.php { email, password }`: login → `{ user }` and a device cookie; 401
 * `login_failed`; 429 `account_locked` or `login_throttled`.
 */
const logIn = accountsEndpoint({
  body: schemas.loginInputSchema,
  async handle({ context, ctx, member, input }) {
    const { user, session, device } = await login(ctx, input, member?.sessionId, readDeviceCookie(context));
    sendSessionCookie(context, session);
    sendDeviceCookie(context, device);
    return { user };
  },
});

/** `POST /api/user.php?push=1 { subscription }` (member): the browser's push subscription. */
const savePush = accountsEndpoint({
  member: true,
  body: schemas.pushSubscriptionInputSchema,
  handle: async ({ ctx, member, input }) => (await savePushSubscription(ctx, member, input), { ok: true }),
});

export const POST: APIRoute = (context) => (context.url.searchParams.has('push') ? savePush : logIn)(context);

/** `DELETE /api/user.php?push=1 { endpoint }` (member): this browser's subscription removed. */
const removePush = accountsEndpoint({
  member: true,
  body: schemas.pushUnsubscribeInputSchema,
  handle: async ({ ctx, member, input }) => (await removePushSubscription(ctx, member, input), { ok: true }),
});

/** Only `?push=1` is a DELETE of this path; without it the path has no DELETE (405). */
export const DELETE: APIRoute = (context) =>
  context.url.searchParams.has('push') ? removePush(context) : new Response(null, { status: 405 });

/**
 * `PUT /api/user.php`, one change a call (the body's key says which):
 * - `{ language }`: remembers the language in the locale cookie (spec §4: 365
 * days) and, for a member, in the account, so e-mails follow. Only the site's visible languages;
 * - `{ time_zone }` (member): an IANA name, for the member's days (daily limits);
 * - `{ dismissed: { alert: timestamp } }` (member): alerts closed for good.
 */
export const PUT = accountsEndpoint({
  body: ({ locals }) => schemas.userChangeInputSchema(locals.site.locales),
  async handle({ context, ctx, locals, member, input }) {
    if ('language' in input) setLocaleCookie(context.cookies, input.language, locals.scheme);
    return { user: await changeUser(ctx, member, input) };
  },
});
