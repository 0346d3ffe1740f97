import { accountsEndpoint } from '../../features/accounts/accounts.context.ts';
import * as schemas from '../../features/accounts/accounts.schemas.ts';
import * as accounts from '../../features/accounts/accounts.service.ts';
import { memberUser } from '../../features/accounts/member-user.ts';
import { readDeviceCookie } from '../../features/accounts/device-cookie.ts';
import { sendSessionStartCookies } from '../../features/accounts/session-cookie.ts';
import { byQueryFlag, methodNotAllowed } from '../../server/endpoint.ts';
import { setLocaleCookie } from '../../server/request.ts';

/**
 * `GET /api/user.php`: the logged-in member, or `{ user: null }`. The client sends
 * `x-client-request: 1`; it is not required (it proves nothing a cookie does not). Built from the
 * row the session step read with the session: no second read of the account.
 */
export const GET = accountsEndpoint({ handle: async ({ locals }) => ({ user: await memberUser(locals) }) });

/**
 * `POST /api/user.php { email, password }`: login → `{ user }` and a device cookie; 401
 * `login_failed`; 429 `account_locked` or `login_throttled`.
 */
const logIn = accountsEndpoint({
  body: schemas.loginInputSchema,
  async handle({ context, ctx, member, input }) {
    const known = readDeviceCookie(context);
    const { user, session, device } = await accounts.login(ctx, input, member?.sessionId, known);
    sendSessionStartCookies(context, { session, device, browser: ctx.request.browser });
    return { user };
  },
});

/** `POST /api/user.php?push=1 { subscription }` (member): the browser's push subscription. */
const savePush = accountsEndpoint({
  member: true,
  body: schemas.pushSubscriptionInputSchema,
  handle: ({ ctx, member, input }) => accounts.savePushSubscription(ctx, member, input),
});

export const POST = byQueryFlag('push', savePush, logIn);

/** `DELETE /api/user.php?push=1 { endpoint }` (member): this browser's subscription removed. */
const removePush = accountsEndpoint({
  member: true,
  body: schemas.pushUnsubscribeInputSchema,
  handle: ({ ctx, member, input }) => accounts.removePushSubscription(ctx, member, input),
});

/** Only `?push=1` is a DELETE of this path; without it the path has no DELETE (405). */
export const DELETE = byQueryFlag('push', removePush, methodNotAllowed);

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
    return { user: await accounts.changeUser(ctx, member, input) };
  },
});
