import { sanctionsEndpoint } from '../../../features/sanctions/sanctions.context.ts';
import { staffActor } from '../../../features/staff/staff.actor.ts';
import { decisionsQuerySchema, sanctionInputSchema } from '../../../features/sanctions/sanctions.schemas.ts';
import {
  exportStatements,
  listDecisions,
  sanctionMember,
} from '../../../features/sanctions/sanctions.service.ts';
import { dsaStatement } from '../../../features/sanctions/sanctions.statement.ts';
import { z } from 'zod';

/**
 * `GET /console/api/sanctions.php?network&member` (moderate): `{ decisions }`, newest first;
 * `format=dsa`: the statements as the DSA Transparency Database's batch `{ statements }`.
 */
export const GET = sanctionsEndpoint({
  staff: 'moderate',
  query: decisionsQuerySchema.extend({ format: z.enum(['json', 'dsa']).optional() }),
  async handle({ ctx, locals, input }) {
    if (input.format === 'dsa') {
      const batch = await exportStatements(ctx, locals.staff!, input, dsaStatement);
      return new Response(JSON.stringify(batch, null, 2), {
        headers: {
          'content-type': 'application/json; charset=utf-8',
          'content-disposition': 'attachment; filename="statements-of-reasons.json"',
        },
      });
    }
    return { decisions: await listDecisions(ctx, locals.staff!, input) };
  },
});

/**
 * `POST /console/api/sanctions.php { network, member, kind, until?, facts, ground_type, ground,
 * reports? }` (moderate in that network): warn, suspend or ban; sessions and streams end, the
 * statement of reasons is e-mailed. Audited.
 */
export const POST = sanctionsEndpoint({
  staff: 'moderate',
  body: sanctionInputSchema,
  handle: async ({ ctx, locals, input }) => ({
    decision: await sanctionMember(ctx, locals.staff!, staffActor(locals), input),
  }),
});
