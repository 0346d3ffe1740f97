import { dropPublicPages } from '../../../features/caching/index.ts';
import { decideTextAsModerator, textQueuePage } from '../../../features/profiles/profiles.text-moderation.ts';
import {
  textDecisionSchema,
  textQueueQuerySchema,
} from '../../../features/profiles/profiles.text-moderation.schemas.ts';
import { staffActor } from '../../../features/staff/staff.actor.ts';
import { staffEndpoint } from '../../../features/staff/staff.context.ts';
import { appealableModerationContext } from '../../../features/sanctions/index.ts';
import { moderationContext } from '../../../server/moderation.ts';

/**
 * `GET /console/api/texts.php?cursor` (moderate): `{ texts, next }`, the changed profile texts
 * awaiting a decision in the caller's networks, oldest first, 20 a page.
 */
export const GET = staffEndpoint({
  staff: 'moderate',
  query: textQueueQuerySchema,
  handle: ({ locals, input }) => textQueuePage(moderationContext(locals), locals.staff!, input.cursor),
});

/**
 * `PUT /console/api/texts.php { id, decision: "approve" }` or `{ id, decision: "reject", reason,
 * note? }` (moderate): `{ text: { id, status } }`; 404 outside the caller's networks; 409
 * `already_decided`. The network's cached public pages are dropped when the profile changed.
 */
export const PUT = staffEndpoint({
  staff: 'moderate',
  body: textDecisionSchema,
  async handle({ context, locals, input }) {
    const decided = await decideTextAsModerator(
      appealableModerationContext(locals),
      locals.staff!,
      staffActor(locals),
      input,
    );
    if (decided.profileChanged) await dropPublicPages(context, decided.network);
    return { text: decided.text };
  },
});
