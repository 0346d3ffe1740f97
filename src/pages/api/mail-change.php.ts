import type { APIRoute } from 'astro';
import { accountsContext } from '../../features/accounts/accounts.context.ts';
import { confirmEmailChange } from '../../features/accounts/accounts.service.ts';
import { seeOther } from '../../server/http.ts';

/**
 * `GET /api/mail-change.php?token=…`: the link sent to the new address. Changes the address once
 * and redirects to `/mail-change/do?status=done`, or `?status=error`.
 */
export const GET: APIRoute = async (context) =>
  seeOther(
    await confirmEmailChange(accountsContext(context), context.url.searchParams.get('token') ?? ''),
    302,
  );
