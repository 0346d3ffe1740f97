import type { APIRoute } from 'astro';
import { accountsEndpoint } from '../../features/accounts/accounts.context.ts';
import { resetDoInputSchema, resetRequestInputSchema } from '../../features/accounts/accounts.schemas.ts';
import { requestPasswordReset, resetPassword } from '../../features/accounts/accounts.service.ts';
import { isCommonPassword } from '../../features/accounts/passwords.ts';
import { sendDeviceCookieFor } from '../../features/accounts/device-cookie.ts';
import { sendSessionCookie } from '../../features/accounts/session-cookie.ts';

/** `POST /api/password-reset.php { email }`: `{ ok: true }` and an e-mail; 404 `email_not_found`; 429 `too_many_reset_emails`. */
const requestLink = accountsEndpoint({
  body: resetRequestInputSchema,
  handle: async ({ ctx, input }) => (await requestPasswordReset(ctx, input), { ok: true }),
});

/** `?do=1 { token, password, password_repeat }`: `{ user }`, logged in; 400 `link_invalid`; 422 `validation`. */
const setPassword = accountsEndpoint({
  body: resetDoInputSchema(isCommonPassword),
  async handle({ context, ctx, input }) {
    const { user, session } = await resetPassword(ctx, input);
    sendSessionCookie(context, session);
    sendDeviceCookieFor(context, user.id);
    return { user };
  },
});

export const POST: APIRoute = (context) =>
  (context.url.searchParams.get('do') === '1' ? setPassword : requestLink)(context);
