import type { APIRoute } from 'astro';
import { accountErrorResponse, accountsContext, memberOr403 } from '../../features/accounts/accounts.http.ts';
import { activate, resendActivation } from '../../features/accounts/accounts.service.ts';
import { json } from '../../server/http.ts';

/**
 * `GET /api/activate.php?token=…`: the e-mailed link. Confirms the address once and redirects
 * to `/activate/done`, or to `/activate/error` for a used, expired or unknown link.
 */
export const GET: APIRoute = async (context) => {
  const target = await activate(accountsContext(context), context.url.searchParams.get('token') ?? '');
  return new Response(null, { status: 302, headers: { location: target, 'cache-control': 'no-store' } });
};

/** `POST /api/activate.php`: sends the activation e-mail again (member; a few a day). */
export const POST: APIRoute = async (context) => {
  const who = memberOr403(context.locals);
  if (!who.ok) return who.response;
  try {
    await resendActivation(accountsContext(context), who.member);
    return json({ ok: true });
  } catch (error) {
    return accountErrorResponse(context.locals, error);
  }
};
