import { accountsEndpoint } from '../../features/accounts/accounts.context.ts';
import { accountInputSchema, deleteAccountInputSchema } from '../../features/accounts/accounts.schemas.ts';
import { deleteAccount, updateAccount } from '../../features/accounts/accounts.service.ts';
import { isCommonPassword } from '../../features/accounts/passwords.ts';
import { clearSessionCookie, sendSessionCookie } from '../../features/accounts/session-cookie.ts';
import { dropPublicPages } from '../../features/caching/index.ts';

/**
 * `PUT /api/account.php` (member): `{ old_password, password, keep_current_session? }`,
 * `{ email, password }` (a link goes to the new address), `{ invisible?, private? }` or
 * `{ public_profile }` (consent to public pages) → `{ user }`; 422 `validation`; 409
 * `email_exists`; 429.
 */
export const PUT = accountsEndpoint({
  member: true,
  body: accountInputSchema(isCommonPassword),
  async handle({ context, ctx, locals, member, input }) {
    const result = await updateAccount(ctx, member, input);
    if (result.session) sendSessionCookie(context, result.session);
    if (result.loggedOut) clearSessionCookie(context.cookies, locals.scheme);
    if (result.publicPagesChanged) await dropPublicPages(context, locals.site.network);
    return { user: result.user };
  },
});

/**
 * `DELETE /api/account.php { password, reason, comment? }` (member): `{ ok: true,
 * reactivate_until }`; every session ends and a reactivation link is e-mailed.
 */
export const DELETE = accountsEndpoint({
  member: true,
  body: deleteAccountInputSchema,
  async handle({ context, ctx, locals, member, input }) {
    const { reactivateUntil } = await deleteAccount(ctx, member, input);
    clearSessionCookie(context.cookies, locals.scheme);
    // A deleted account's profile leaves public pages with it.
    await dropPublicPages(context, locals.site.network);
    return { ok: true, reactivate_until: new Date(reactivateUntil).toISOString() };
  },
});
