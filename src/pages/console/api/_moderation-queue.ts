import type { APIRoute } from 'astro';
import { dropPublicPages } from '../../../features/caching/index.ts';
import { appealableModerationContext } from '../../../features/sanctions/index.ts';
import { staffActor } from '../../../features/staff/staff.actor.ts';
import { staffEndpoint } from '../../../features/staff/staff.context.ts';
import { queuePageQuerySchema } from '../../../lib/moderation-decision.ts';
import type { z } from '../../../lib/zod.ts';
import type { AuditActor } from '../../../server/audit/audit.ts';
import {
  moderationContext,
  type ModerationContext,
  type ModeratorScope,
  type QueueDecision,
} from '../../../server/moderation.ts';

/*
 * The two endpoints of each moderation queue of the console (photos, profile texts): a page of
 * what awaits a decision, and the decision on one item. Both need the `moderate` permission.
 */

/**
 * The queue's `GET ?cursor`: the page `readPage` reads of the items awaiting a decision in the
 * caller's networks.
 */
export function queuePageEndpoint<Page>(
  readPage: (ctx: ModerationContext, staff: ModeratorScope, cursor: string | undefined) => Promise<Page>,
): APIRoute {
  return staffEndpoint({
    staff: 'moderate',
    query: queuePageQuerySchema,
    handle: ({ locals, input }) => readPage(moderationContext(locals), locals.staff!, input.cursor),
  });
}

/**
 * The queue's `PUT`: `decide` takes the moderator's decision (parsed by `body`) on one item (a
 * rejection the member may appeal), and the network's cached public pages are dropped when it
 * changed what they show.
 */
export function queueDecisionEndpoint<Decision, Answer>(
  body: z.ZodType<Decision>,
  decide: (
    ctx: ModerationContext,
    staff: ModeratorScope,
    actor: AuditActor,
    input: Decision,
  ) => Promise<QueueDecision<Answer>>,
): APIRoute {
  return staffEndpoint({
    staff: 'moderate',
    body,
    async handle({ context, locals, input }) {
      const decided = await decide(
        appealableModerationContext(locals),
        locals.staff!,
        staffActor(locals),
        input,
      );
      if (decided.publicChanged) await dropPublicPages(context, decided.network);
      return decided.answer;
    },
  });
}
