import {
  ownProfile,
  profileFieldMessage,
  profileInputRules,
  updateOwnProfile,
} from '../../features/profiles/index.ts';
import { profileInputSchema } from '../../features/profiles/profiles.editing.schemas.ts';
import { endpoint } from '../../server/endpoint.ts';

/** `GET /api/profile.php` (member): `{ profile }`, the member's own profile as the editor shows it. */
export const GET = endpoint({
  member: true,
  handle: async ({ ctx, member }) => ({ profile: await ownProfile(ctx, member.profileId) }),
});

/**
 * `PUT /api/profile.php` (member): attributes, interests, location and text → `{ profile }`;
 * 422 `validation` with field codes (choices of the catalog, the site's countries, regions of
 * the country, the interests' and the text's limits).
 */
export const PUT = endpoint({
  member: true,
  body: ({ locals }) => profileInputSchema(profileInputRules(locals.site)),
  fieldMessage: profileFieldMessage,
  handle: async ({ ctx, member, input }) => ({
    profile: await updateOwnProfile(ctx, member.profileId, input, member.id),
  }),
});
