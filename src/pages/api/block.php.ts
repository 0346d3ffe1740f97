import {
  blockedMembers,
  blockFieldMessage,
  blockInputSchema,
  blockProfile,
  unblockProfile,
} from '../../features/blocks/index.ts';
import { endpoint } from '../../server/endpoint.ts';

/** `GET /api/block.php` (member): `{ blocked: [card] }`, the members I blocked. */
export const GET = endpoint({
  member: true,
  handle: ({ ctx, member }) => blockedMembers(ctx, member.profileId),
});

/** `POST /api/block.php { profile }` (member): `{ blocked: true }`; 422 `profile: block_self`; 404. */
export const POST = endpoint({
  member: true,
  body: blockInputSchema,
  fieldMessage: blockFieldMessage,
  handle: ({ ctx, member, input }) => blockProfile(ctx, member.profileId, input.profile),
});

/** `DELETE /api/block.php { profile }` (member): `{ blocked: false }`. */
export const DELETE = endpoint({
  member: true,
  body: blockInputSchema,
  handle: ({ ctx, member, input }) => unblockProfile(ctx, member.profileId, input.profile),
});
