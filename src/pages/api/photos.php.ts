import * as photos from '../../features/photos/index.ts';
import { endpoint, methodNotAllowed } from '../../server/endpoint.ts';
import { json } from '../../server/http.ts';

/** `GET /api/photos.php` (member): `{ photos, limit }`, the member's own photos. */
export const GET = endpoint({
  member: true,
  handle: ({ ctx, member }) => photos.ownPhotos(ctx, member),
});

/** `POST /api/photos.php` multipart `photo` (member): 201 `{ photo }`. */
export const POST = endpoint({
  member: true,
  fieldMessage: photos.photosFieldMessage,
  handle: async ({ ctx, member, context }) =>
    json(await photos.uploadPhoto(ctx, member, await photos.readPhotoUpload(context.request)), 201),
});

/** `PUT /api/photos.php { id, main: true } | { id, locked }` (member): `{ photos, limit }`. */
export const PUT = endpoint({
  member: true,
  body: photos.photoUpdateSchema,
  fieldMessage: photos.photosFieldMessage,
  handle: ({ ctx, member, input }) => photos.updatePhoto(ctx, member, input),
});

/** `DELETE /api/photos.php?id=ID` (member): `{ photos, limit }`. */
export const DELETE = endpoint({
  member: true,
  query: photos.photoDeleteSchema,
  handle: ({ ctx, member, input }) => photos.removePhoto(ctx, member, input.id),
});

export const ALL = methodNotAllowed;
