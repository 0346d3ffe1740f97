import { sanctionsEndpoint } from '../../../features/sanctions/sanctions.context.ts';
import { appealDecisionInputSchema } from '../../../features/sanctions/sanctions.schemas.ts';
import { appealQueue, decideAppeal } from '../../../features/sanctions/sanctions.service.ts';
import { staffActor } from '../../../features/staff/staff.actor.ts';

/** `GET /console/api/appeals.php` (moderate): the open appeals the caller may decide, oldest first. */
export const GET = sanctionsEndpoint({
  staff: 'moderate',
  handle: async ({ ctx, locals }) => ({ appeals: await appealQueue(ctx, locals.staff!) }),
});

/**
 * `POST /console/api/appeals.php { id, outcome: "uphold" | "reverse" }` (moderate; never the
 * decision's first decider unless an owner with nobody else to ask): reversing a suspension or
 * ban lifts it. Audited.
 */
export const POST = sanctionsEndpoint({
  staff: 'moderate',
  body: appealDecisionInputSchema,
  handle: ({ ctx, locals, input }) => decideAppeal(ctx, locals.staff!, staffActor(locals), input),
});
