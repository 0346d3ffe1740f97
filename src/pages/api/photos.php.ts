import {
  ownPhotos,
  photoDeleteSchema,
  photosFieldMessage,
  photoUpdateSchema,
  readPhotoUpload,
  removePhoto,
  updatePhoto,
  uploadPhoto,
} from '../../features/photos/index.ts';
import { endpoint, methodNotAllowed } from '../../server/endpoint.ts';
import { json } from '../../server/http.ts';

const owner = (member: { profileId: string; paidUser: boolean }) => ({
  profileId: member.profileId,
  paidUser: member.paidUser,
});

/** `GET /api/photos.php` (member): `{ photos, limit }`, the member's own photos. */
export const GET = endpoint({
  member: true,
  handle: ({ ctx, member }) => ownPhotos(ctx, owner(member)),
});

/** `POST /api/photos.php` multipart `photo` (member): 201 `{ photo }`. */
export const POST = endpoint({
  member: true,
  fieldMessage: photosFieldMessage,
  handle: async ({ ctx, member, context }) =>
    json(await uploadPhoto(ctx, owner(member), await readPhotoUpload(context.request)), 201),
});

/** `PUT /api/photos.php { id, main: true } | { id, locked }` (member): `{ photos, limit }`. */
export const PUT = endpoint({
  member: true,
  body: photoUpdateSchema,
  fieldMessage: photosFieldMessage,
  handle: ({ ctx, member, input }) => updatePhoto(ctx, owner(member), input),
});

/** `DELETE /api/photos.php?id=ID` (member): `{ photos, limit }`. */
export const DELETE = endpoint({
  member: true,
  query: photoDeleteSchema,
  handle: ({ ctx, member, input }) => removePhoto(ctx, owner(member), input.id),
});

export const ALL = methodNotAllowed;
