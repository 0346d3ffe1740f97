import { decidePhotoAsModerator, photoQueuePage } from '../../../features/photos/photos.moderation.ts';
import { photoDecisionSchema } from '../../../features/photos/photos.moderation.schemas.ts';
import { queueDecisionEndpoint, queuePageEndpoint } from './_moderation-queue.ts';

/**
 * `GET /console/api/photos.php?cursor` (moderate): `{ photos, next }`, the photos awaiting a
 * decision in the caller's networks, oldest first, 20 a page.
 */
export const GET = queuePageEndpoint(photoQueuePage);

/**
 * `PUT /console/api/photos.php { id, decision: "approve" }` or `{ id, decision: "reject",
 * reason, note? }` (moderate): `{ photo: { id, status } }`; 404 outside the caller's networks;
 * 409 `already_decided`. The network's cached public pages are dropped when they may change.
 */
export const PUT = queueDecisionEndpoint(photoDecisionSchema, decidePhotoAsModerator);
