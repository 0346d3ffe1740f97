import { uploadChatPhoto } from '../../features/chat/index.ts';
import { photosFieldMessage, readPhotoUpload } from '../../features/photos/index.ts';
import { endpoint, methodNotAllowed } from '../../server/endpoint.ts';
import { json } from '../../server/http.ts';

/** `POST /api/chat-photo.php` multipart `photo` (member): 201 `{ photo: { id } }`, for an image message. */
export const POST = endpoint({
  member: true,
  fieldMessage: photosFieldMessage,
  handle: async ({ ctx, member, context }) =>
    json(await uploadChatPhoto(ctx, member, await readPhotoUpload(context.request)), 201),
});

export const ALL = methodNotAllowed;
