import { hostInboxEndpoint } from '../../../features/host-inbox/host-inbox.context.ts';
import {
  createProfileSchema,
  profilesQuerySchema,
  updateProfileSchema,
} from '../../../features/host-inbox/operator-profiles.schemas.ts';
import {
  createProfile,
  operatorProfile,
  operatorProfilesPage,
  updateProfile,
} from '../../../features/host-inbox/operator-profiles.service.ts';
import { profileFieldMessage } from '../../../features/profiles/index.ts';
import { methodNotAllowed } from '../../../server/endpoint.ts';
import { json } from '../../../server/http.ts';

/** `GET /console/api/profiles.php[?network&cursor]` (create_profiles): operator-run profiles; `?id=ID`: one. */
export const GET = hostInboxEndpoint({
  staff: 'create_profiles',
  query: profilesQuerySchema,
  handle: ({ ctx, input }) => (input.id ? operatorProfile(ctx, input.id) : operatorProfilesPage(ctx, input)),
});

/** `POST /console/api/profiles.php { site, name, gender, seeking, birthdate, country, details? }`: 201, always fictional. */
export const POST = hostInboxEndpoint({
  staff: 'create_profiles',
  body: createProfileSchema,
  fieldMessage: profileFieldMessage,
  handle: async ({ ctx, input }) => json(await createProfile(ctx, input), 201),
});

/** `PUT /console/api/profiles.php { id, name?, gender?, birthdate?, details? }`: `fictional` cannot be changed. */
export const PUT = hostInboxEndpoint({
  staff: 'create_profiles',
  body: updateProfileSchema,
  fieldMessage: profileFieldMessage,
  handle: ({ ctx, input }) => updateProfile(ctx, input),
});

export const ALL = methodNotAllowed;
