import { likeInputSchema, markLikeSeen } from '../../features/likes/index.ts';
import { endpoint } from '../../server/endpoint.ts';

/** `POST /api/like-seen.php { profile }` (member): clears that liker's `like_new`. */
export const POST = endpoint({
  member: true,
  body: likeInputSchema,
  handle: async ({ ctx, member, input }) => {
    await markLikeSeen(ctx, member.profileId, input.profile);
    return { ok: true };
  },
});
