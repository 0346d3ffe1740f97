import type { APIRoute } from 'astro';
import {
  accountErrorResponse,
  accountsContext,
  memberOr403,
  parseWith,
  readJsonBody,
} from '../../features/accounts/accounts.http.ts';
import { accountInputSchema, deleteAccountInputSchema } from '../../features/accounts/accounts.schemas.ts';
import { deleteAccount, updateAccount } from '../../features/accounts/accounts.service.ts';
import { isCommonPassword } from '../../features/accounts/passwords.ts';
import { clearSessionCookie, setSessionCookie } from '../../features/accounts/session-cookie.ts';
import { json } from '../../server/http.ts';

/**
 * `PUT /api/account.php` (member): `{ old_password, password, keep_current_session? }`,
 * `{ email, password }` (a link goes to the new address) or `{ invisible?, private? }` →
 * `{ user }`; 422 `validation`; 409 `email_exists`; 429.
 */
export const PUT: APIRoute = async (context) => {
  const { locals, request, cookies } = context;
  const { t } = locals;
  const who = memberOr403(locals);
  if (!who.ok) return who.response;
  const read = await readJsonBody(request, t);
  if (!read.ok) return read.response;
  const parsed = parseWith(accountInputSchema(isCommonPassword), read.body, locals);
  if (!parsed.ok) return parsed.response;
  const ctx = accountsContext(context);
  try {
    const result = await updateAccount(ctx, who.member, parsed.data);
    if (result.session) setSessionCookie(cookies, locals.scheme, result.session, ctx.clock.now());
    if (result.loggedOut) clearSessionCookie(cookies, locals.scheme);
    return json({ user: result.user });
  } catch (error) {
    return accountErrorResponse(locals, error);
  }
};

/**
 * `DELETE /api/account.php { password, reason, comment? }` (member): `{ ok: true,
 * reactivate_until }`; every session ends and a reactivation link is e-mailed.
 */
export const DELETE: APIRoute = async (context) => {
  const { locals, request, cookies } = context;
  const { t } = locals;
  const who = memberOr403(locals);
  if (!who.ok) return who.response;
  const read = await readJsonBody(request, t);
  if (!read.ok) return read.response;
  const parsed = parseWith(deleteAccountInputSchema, read.body, locals);
  if (!parsed.ok) return parsed.response;
  try {
    const { reactivateUntil } = await deleteAccount(accountsContext(context), who.member, parsed.data);
    clearSessionCookie(cookies, locals.scheme);
    return json({ ok: true, reactivate_until: new Date(reactivateUntil).toISOString() });
  } catch (error) {
    return accountErrorResponse(locals, error);
  }
};
