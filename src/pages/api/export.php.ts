import { accountsEndpoint } from '../../features/accounts/accounts.context.ts';
import { exportData } from '../../features/accounts/accounts.export.ts';

/** `GET /api/export.php` (member): everything stored about the member, as a JSON download. */
export const GET = accountsEndpoint({
  member: true,
  async handle({ ctx, member }) {
    const { filename, data } = await exportData(ctx, member);
    return new Response(JSON.stringify(data, null, 2), {
      headers: {
        'content-type': 'application/json; charset=utf-8',
        'content-disposition': `attachment; filename="${filename}"`,
        'cache-control': 'no-store',
      },
    });
  },
});
