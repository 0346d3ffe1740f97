import type { APIRoute } from 'astro';
import { accountsContext } from '../../features/accounts/accounts.http.ts';
import { confirmEmailChange } from '../../features/accounts/accounts.service.ts';

/**
 * `GET /api/mail-change.php?token=…`: the link sent to the new address. Changes the address once
 * and redirects to `/mail-change/do?status=done`, or `?status=error`.
 */
export const GET: APIRoute = async (context) => {
  const target = await confirmEmailChange(
    accountsContext(context),
    context.url.searchParams.get('token') ?? '',
  );
  return new Response(null, { status: 302, headers: { location: target, 'cache-control': 'no-store' } });
};
