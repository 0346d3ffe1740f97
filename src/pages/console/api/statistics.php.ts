import { staffActor } from '../../../features/staff/staff.actor.ts';
import { statisticsEndpoint } from '../../../features/statistics/statistics.context.ts';
import { statisticsQuerySchema } from '../../../features/statistics/statistics.schemas.ts';
import { statistics, statisticsExport } from '../../../features/statistics/statistics.service.ts';

/**
 * `GET /console/api/statistics.php?network&site&days&from&to&by_source` (view_statistics): the
 * figures per day, in total and per traffic source; `format=csv` answers the same as a CSV
 * download (cells that a spreadsheet would read as a formula neutralised; the export is audited).
 */
export const GET = statisticsEndpoint({
  staff: 'view_statistics',
  query: statisticsQuerySchema,
  async handle({ ctx, locals, input }) {
    if (input.format === 'csv') {
      const { csv, filename } = await statisticsExport(ctx, locals.staff!, staffActor(locals), input);
      return new Response(csv, {
        headers: {
          'content-type': 'text/csv; charset=utf-8',
          'content-disposition': `attachment; filename="${filename}"`,
        },
      });
    }
    return statistics(ctx, locals.staff!, input);
  },
});
