import { hostInboxEndpoint, photoUploadEndpoint } from '../../../features/host-inbox/host-inbox.context.ts';
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
import { photosFieldMessage } from '../../../features/photos/index.ts';
import { methodNotAllowed } from '../../../server/endpoint.ts';

/** `GET /console/api/profile-photos.php?profile=ID` (create_profiles): the profile's photos. */
export const GET = hostInboxEndpoint({
  staff: 'create_profiles',
  query: profilePhotosQuerySchema,
  handle: ({ ctx, input }) => profilePhotos(ctx, input.profile),
});

/** `POST /console/api/profile-photos.php?profile=ID` multipart `photo`: 201 with the photos. */
export const POST = photoUploadEndpoint(profilePhotosQuerySchema, 'profile', addProfilePhoto);

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
