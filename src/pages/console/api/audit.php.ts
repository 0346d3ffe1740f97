import { staffActor } from '../../../features/staff/staff.actor.ts';
import { staffEndpoint } from '../../../features/staff/staff.context.ts';
import { auditQuerySchema } from '../../../features/staff/staff.schemas.ts';
import { auditExport, auditList } from '../../../features/staff/staff.audit.ts';

/**
 * `GET /console/api/audit.php?network&action&staff&target&from&to&cursor` (view_audit_log):
 * `{ entries, next }`, newest first, 50 a page, only of the networks the caller holds;
 * `format=csv` answers every matching entry as a CSV download (the export is audited).
 */
export const GET = staffEndpoint({
  staff: 'view_audit_log',
  query: auditQuerySchema,
  async handle({ ctx, locals, input }) {
    if (input.format === 'csv') {
      const csv = await auditExport(ctx, locals.staff!, staffActor(locals), input);
      return new Response(csv, {
        headers: {
          'content-type': 'text/csv; charset=utf-8',
          'content-disposition': `attachment; filename="audit-${new Date(ctx.clock.now()).toISOString().slice(0, 10)}.csv"`,
        },
      });
    }
    return auditList(ctx, locals.staff!, input);
  },
});
