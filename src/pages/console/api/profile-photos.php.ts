import { hostInboxEndpoint } from '../../../features/host-inbox/host-inbox.context.ts';
import {
  profilePhotoChangeSchema,
  profilePhotoSchema,
  profilePhotosQuerySchema,
} from '../../../features/host-inbox/operator-profiles.schemas.ts';
import {
  addProfilePhoto,
  changeProfilePhoto,
  deleteProfilePhoto,
  profilePhotos,
} from '../../../features/host-inbox/operator-profiles.service.ts';
import { photosFieldMessage, readPhotoUpload } from '../../../features/photos/index.ts';
import { invalidFields } from '../../../server/errors.ts';
import { methodNotAllowed } from '../../../server/endpoint.ts';
import { json } from '../../../server/http.ts';

/** `GET /console/api/profile-photos.php?profile=ID` (create_profiles): the profile's photos. */
export const GET = hostInboxEndpoint({
  staff: 'create_profiles',
  query: profilePhotosQuerySchema,
  handle: ({ ctx, input }) => profilePhotos(ctx, input.profile),
});

/** `POST /console/api/profile-photos.php?profile=ID` multipart `photo`: 201 with the photos. */
export const POST = hostInboxEndpoint({
  staff: 'create_profiles',
  fieldMessage: photosFieldMessage,
  async handle({ ctx, context }) {
    const query = profilePhotosQuerySchema.safeParse(Object.fromEntries(context.url.searchParams));
    if (!query.success) throw invalidFields({ profile: 'required' });
    return json(await addProfilePhoto(ctx, query.data.profile, await readPhotoUpload(context.request)), 201);
  },
});

/** `PUT /console/api/profile-photos.php { profile, id, main: true } | { profile, id, locked }`. */
export const PUT = hostInboxEndpoint({
  staff: 'create_profiles',
  body: profilePhotoChangeSchema,
  fieldMessage: photosFieldMessage,
  handle: ({ ctx, input }) => changeProfilePhoto(ctx, input),
});

/** `DELETE /console/api/profile-photos.php { profile, id }`. */
export const DELETE = hostInboxEndpoint({
  staff: 'create_profiles',
  body: profilePhotoSchema,
  handle: ({ ctx, input }) => deleteProfilePhoto(ctx, input),
});

export const ALL = methodNotAllowed;
