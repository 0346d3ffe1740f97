import { memberProfile, memberQuerySchema } from '../../features/profile-view/index.ts';
import { endpoint } from '../../server/endpoint.ts';

/**
 * `GET /api/member.php?id=ID` (member): `{ profile }`; 404 for what the member may not see;
 * 403 `blocked` with `name` when that member blocked the viewer. Clears their new-like flag.
 */
export const GET = endpoint({
  member: true,
  query: memberQuerySchema,
  handle: async ({ ctx, member, input }) => ({
    profile: await memberProfile(ctx, { profileId: member.profileId, premium: member.paidUser }, input.id),
  }),
});
