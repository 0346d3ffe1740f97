import type { APIRoute } from 'astro';
import {
  accountErrorResponse,
  accountsContext,
  memberOr403,
  parseWith,
  readJsonBody,
  validationError,
} from '../../features/accounts/accounts.http.ts';
import {
  languageInputSchema,
  loginInputSchema,
  pushSubscriptionInputSchema,
} from '../../features/accounts/accounts.schemas.ts';
import {
  currentUser,
  login,
  savePushSubscription,
  setLanguage,
} from '../../features/accounts/accounts.service.ts';
import { setSessionCookie } from '../../features/accounts/session-cookie.ts';
import { serviceContext } from '../../server/context.ts';
import { json } from '../../server/http.ts';
import { LOCALE_COOKIE, LOCALE_COOKIE_MAX_AGE } from '../../server/request.ts';

/**
 * `GET /api/user.php`: the logged-in member, or `{ user: null }`. The client sends
 * `x-client-request: 1`; it is not required (it proves nothing a cookie does not).
 */
export const GET: APIRoute = async ({ locals }) => {
  const user = locals.member ? await currentUser(serviceContext(locals), locals.member.id) : null;
  return json({ user });
};

/**
 * `POST /api/user.php`: login (`{ email, password }` → `{ user }`, 401 `login_failed`, 429
 * `account_locked`). `?push=1`: the browser's push subscription for the member.
 */
export const POST: APIRoute = async (context) => {
  const { locals, request, url, cookies } = context;
  const { t } = locals;
  const read = await readJsonBody(request, t);
  if (!read.ok) return read.response;
  const ctx = accountsContext(context);

  if (url.searchParams.has('push')) {
    const who = memberOr403(locals);
    if (!who.ok) return who.response;
    const parsed = parseWith(pushSubscriptionInputSchema, read.body, locals);
    if (!parsed.ok) return parsed.response;
    await savePushSubscription(ctx, who.member, parsed.data);
    return json({ ok: true });
  }

  const parsed = parseWith(loginInputSchema, read.body, locals);
  if (!parsed.ok) return parsed.response;
  try {
    const { user, session } = await login(ctx, parsed.data, locals.member?.sessionId);
    setSessionCookie(cookies, locals.scheme, session, ctx.clock.now());
    return json({ user });
  } catch (error) {
    return accountErrorResponse(locals, error);
  }
};

/**
 * `PUT /api/user.php { language }`: remembers the language in the locale cookie (spec §4: 365
 * days) and, for a member, in the account, so e-mails follow. Only the site's visible languages.
 */
export const PUT: APIRoute = async (context) => {
  const { locals, request, cookies } = context;
  const { t, site } = locals;
  const read = await readJsonBody(request, t);
  if (!read.ok) return read.response;
  const parsed = parseWith(languageInputSchema, read.body, locals);
  if (!parsed.ok) return parsed.response;
  const { language } = parsed.data;
  if (!site.locales.includes(language)) return validationError(locals, { language: 'language_invalid' });
  cookies.set(LOCALE_COOKIE, language, {
    path: '/',
    maxAge: LOCALE_COOKIE_MAX_AGE,
    sameSite: 'lax',
    httpOnly: true,
    secure: locals.scheme === 'https',
  });
  if (!locals.member) return json({ user: null });
  return json({ user: await setLanguage(accountsContext(context), locals.member, language) });
};
