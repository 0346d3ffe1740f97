import { dropPublicPages } from '../../../features/caching/index.ts';
import { decidePhotoAsModerator, photoQueuePage } from '../../../features/photos/photos.moderation.ts';
import {
  photoDecisionSchema,
  photoQueueQuerySchema,
} from '../../../features/photos/photos.moderation.schemas.ts';
import { staffActor } from '../../../features/staff/staff.actor.ts';
import { staffEndpoint } from '../../../features/staff/staff.context.ts';
import { appealableModerationContext } from '../../../features/sanctions/index.ts';
import { moderationContext } from '../../../server/moderation.ts';

/**
 * `GET /console/api/photos.php?cursor` (moderate): `{ photos, next }`, the photos awaiting a
 * decision in the caller's networks, oldest first, 20 a page.
 */
export const GET = staffEndpoint({
  staff: 'moderate',
  query: photoQueueQuerySchema,
  handle: ({ locals, input }) => photoQueuePage(moderationContext(locals), locals.staff!, input.cursor),
});

/**
 * `PUT /console/api/photos.php { id, decision: "approve" }` or `{ id, decision: "reject",
 * reason, note? }` (moderate): `{ photo: { id, status } }`; 404 outside the caller's networks;
 * 409 `already_decided`. The network's cached public pages are dropped when they may change.
 */
export const PUT = staffEndpoint({
  staff: 'moderate',
  body: photoDecisionSchema,
  async handle({ context, locals, input }) {
    const decided = await decidePhotoAsModerator(
      appealableModerationContext(locals),
      locals.staff!,
      staffActor(locals),
      input,
    );
    if (decided.publicChanged) await dropPublicPages(context, decided.network);
    return { photo: decided.photo };
  },
});
