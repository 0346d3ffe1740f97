import { decideTextAsModerator, textQueuePage } from '../../../features/profiles/profiles.text-moderation.ts';
import { textDecisionSchema } from '../../../features/profiles/profiles.text-moderation.schemas.ts';
import { queueDecisionEndpoint, queuePageEndpoint } from './_moderation-queue.ts';

/**
 * `GET /console/api/texts.php?cursor` (moderate): `{ texts, next }`, the changed profile texts
 * awaiting a decision in the caller's networks, oldest first, 20 a page.
 */
export const GET = queuePageEndpoint(textQueuePage);

/**
 * `PUT /console/api/texts.php { id, decision: "approve" }` or `{ id, decision: "reject", reason,
 * note? }` (moderate): `{ text: { id, status } }`; 404 outside the caller's networks; 409
 * `already_decided`. The network's cached public pages are dropped when the profile changed.
 */
export const PUT = queueDecisionEndpoint(textDecisionSchema, decideTextAsModerator);
