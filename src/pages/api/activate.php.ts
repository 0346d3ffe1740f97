import type { APIRoute } from 'astro';
import { accountsContext, accountsEndpoint } from '../../features/accounts/accounts.context.ts';
import { activate, resendActivation } from '../../features/accounts/accounts.service.ts';
import { seeOther } from '../../server/http.ts';

/**
 * `GET /api/activate.php?token=…`: the e-mailed link. Confirms the address once and redirects
 * to `/activate/done`, or to `/activate/error` for a used, expired or unknown link.
 */
export const GET: APIRoute = async (context) =>
  seeOther(await activate(accountsContext(context), context.url.searchParams.get('token') ?? ''), 302);

/** `POST /api/activate.php`: sends the activation e-mail again (member; a few a day). */
export const POST = accountsEndpoint({
  member: true,
  handle: async ({ ctx, member }) => (await resendActivation(ctx, member), { ok: true }),
});
