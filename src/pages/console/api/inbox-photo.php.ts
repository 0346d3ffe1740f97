import { photoUploadEndpoint } from '../../../features/host-inbox/host-inbox.context.ts';
import { inboxConversationSchema } from '../../../features/host-inbox/host-inbox.schemas.ts';
import { uploadAsProfile } from '../../../features/host-inbox/host-inbox.service.ts';
import { methodNotAllowed } from '../../../server/endpoint.ts';

/** `POST /console/api/inbox-photo.php?conversation=ID` multipart `photo`: 201 `{ photo: { id } }`. */
export const POST = photoUploadEndpoint(inboxConversationSchema, 'conversation', uploadAsProfile);

export const ALL = methodNotAllowed;
