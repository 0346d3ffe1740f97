/* STUB (issue 10, profile view helper) for the e2e journey: the likes helper owns this endpoint; MERGER: take theirs. */
import { likeInputSchema, likeProfile, unlikeProfile } from '../../features/likes/index.ts';
import { endpoint } from '../../server/endpoint.ts';

export const POST = endpoint({
  member: true,
  body: likeInputSchema,
  handle: ({ ctx, member, input }) => likeProfile(ctx, member.profileId, input.profile),
});

export const DELETE = endpoint({
  member: true,
  body: likeInputSchema,
  handle: ({ ctx, member, input }) => unlikeProfile(ctx, member.profileId, input.profile),
});
