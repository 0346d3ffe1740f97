import type { APIRoute } from 'astro';
import {
  accountErrorResponse,
  accountsContext,
  parseWith,
  readJsonBody,
} from '../../features/accounts/accounts.http.ts';
import { reactivateInputSchema } from '../../features/accounts/accounts.schemas.ts';
import { reactivate } from '../../features/accounts/accounts.service.ts';
import { setSessionCookie } from '../../features/accounts/session-cookie.ts';
import { json } from '../../server/http.ts';

/** `POST /api/reactivate.php { token }`: `{ user }`, logged in; 400 `link_invalid` after 14 days. */
export const POST: APIRoute = async (context) => {
  const { locals, request, cookies } = context;
  const read = await readJsonBody(request, locals.t);
  if (!read.ok) return read.response;
  const parsed = parseWith(reactivateInputSchema, read.body, locals);
  if (!parsed.ok) return parsed.response;
  const ctx = accountsContext(context);
  try {
    const { user, session } = await reactivate(ctx, parsed.data);
    setSessionCookie(cookies, locals.scheme, session, ctx.clock.now());
    return json({ user });
  } catch (error) {
    return accountErrorResponse(locals, error);
  }
};
