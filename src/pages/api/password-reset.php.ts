import type { APIRoute } from 'astro';
import {
  accountErrorResponse,
  accountsContext,
  parseWith,
  readJsonBody,
} from '../../features/accounts/accounts.http.ts';
import { resetDoInputSchema, resetRequestInputSchema } from '../../features/accounts/accounts.schemas.ts';
import { requestPasswordReset, resetPassword } from '../../features/accounts/accounts.service.ts';
import { isCommonPassword } from '../../features/accounts/passwords.ts';
import { setSessionCookie } from '../../features/accounts/session-cookie.ts';
import { json } from '../../server/http.ts';

/**
 * `POST /api/password-reset.php { email }`: `{ ok: true }` and an e-mail; 404 `email_not_found`;
 * 429 `too_many_reset_emails`. `?do=1 { token, password, password_repeat }`: `{ user }`, logged
 * in; 400 `link_invalid`; 422 `validation`.
 */
export const POST: APIRoute = async (context) => {
  const { locals, request, url, cookies } = context;
  const { t } = locals;
  const read = await readJsonBody(request, t);
  if (!read.ok) return read.response;
  const ctx = accountsContext(context);
  try {
    if (url.searchParams.get('do') === '1') {
      const parsed = parseWith(resetDoInputSchema(isCommonPassword), read.body, locals);
      if (!parsed.ok) return parsed.response;
      const { user, session } = await resetPassword(ctx, parsed.data);
      setSessionCookie(cookies, locals.scheme, session, ctx.clock.now());
      return json({ user });
    }
    const parsed = parseWith(resetRequestInputSchema, read.body, locals);
    if (!parsed.ok) return parsed.response;
    await requestPasswordReset(ctx, parsed.data);
    return json({ ok: true });
  } catch (error) {
    return accountErrorResponse(locals, error);
  }
};
