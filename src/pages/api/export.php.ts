import type { APIRoute } from 'astro';
import { exportData } from '../../features/accounts/accounts.export.ts';
import { accountErrorResponse, accountsContext, memberOr403 } from '../../features/accounts/accounts.http.ts';

/** `GET /api/export.php` (member): everything stored about the member, as a JSON download. */
export const GET: APIRoute = async (context) => {
  const who = memberOr403(context.locals);
  if (!who.ok) return who.response;
  try {
    const { filename, data } = await exportData(accountsContext(context), who.member);
    return new Response(JSON.stringify(data, null, 2), {
      headers: {
        'content-type': 'application/json; charset=utf-8',
        'content-disposition': `attachment; filename="${filename}"`,
        'cache-control': 'no-store',
      },
    });
  } catch (error) {
    return accountErrorResponse(context.locals, error);
  }
};
