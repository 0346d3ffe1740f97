import {
  decideItem,
  decisionInputSchema,
  queueQuerySchema,
  reportDetail,
  reportQueue,
} from '../../../features/reports/index.ts';
import { recordDismissal, sanctionsContext } from '../../../features/sanctions/index.ts';
import { staffActor } from '../../../features/staff/index.ts';
import { staffEndpoint } from '../../../features/staff/staff.context.ts';

/**
 * `GET /console/api/reports.php?network&cursor` (moderate): `{ items, next }`, the open reports
 * and complaints of the caller's networks, most severe first, then oldest first;
 * `?id=…&kind=report|complaint`: `{ item, profile, conversation, history }`.
 */
export const GET = staffEndpoint({
  staff: 'moderate',
  query: queueQuerySchema,
  handle: ({ ctx, locals, input }) =>
    input.id === undefined
      ? reportQueue(ctx, locals.staff!, input)
      : reportDetail(ctx, locals.staff!, staffActor(locals), input.kind ?? 'report', input.id),
});

/**
 * `PUT /console/api/reports.php { id, kind?, decision: dismiss|resolved, note? }` (moderate):
 * audited; a dismissed report is recorded as a decision and its reporter told (sanctions).
 */
export const PUT = staffEndpoint({
  staff: 'moderate',
  body: decisionInputSchema,
  async handle({ ctx, locals, input }) {
    const answer = await decideItem(ctx, locals.staff!, staffActor(locals), input);
    if ((input.kind ?? 'report') === 'report' && input.decision === 'dismiss')
      await recordDismissal(sanctionsContext(locals), locals.staff!, {
        reportId: input.id,
        note: input.note,
      });
    return answer;
  },
});
