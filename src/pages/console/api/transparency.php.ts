import { sanctionsEndpoint } from '../../../features/sanctions/sanctions.context.ts';
import { transparencyQuerySchema } from '../../../features/sanctions/sanctions.schemas.ts';
import { transparencyCounts, transparencyCsv } from '../../../features/sanctions/sanctions.transparency.ts';

/**
 * `GET /console/api/transparency.php?network&from&to&format` (moderate): the DSA counts per
 * site of the period (days, UTC, inclusive; the last 30 days unless said); `format=csv` as a
 * download.
 */
export const GET = sanctionsEndpoint({
  staff: 'moderate',
  query: transparencyQuerySchema,
  async handle({ ctx, locals, input }) {
    const counts = await transparencyCounts(ctx, locals.staff!, input);
    if (input.format !== 'csv') return counts;
    return new Response(transparencyCsv(counts.sites), {
      headers: {
        'content-type': 'text/csv; charset=utf-8',
        'content-disposition': `attachment; filename="transparency-${counts.from}-${counts.to}.csv"`,
      },
    });
  },
});
