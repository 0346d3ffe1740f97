import { hostInboxEndpoint } from '../../../features/host-inbox/host-inbox.context.ts';
import { inboxConversationSchema } from '../../../features/host-inbox/host-inbox.schemas.ts';
import { uploadAsProfile } from '../../../features/host-inbox/host-inbox.service.ts';
import { photosFieldMessage, readPhotoUpload } from '../../../features/photos/index.ts';
import { invalidFields } from '../../../server/errors.ts';
import { methodNotAllowed } from '../../../server/endpoint.ts';
import { json } from '../../../server/http.ts';

/** `POST /console/api/inbox-photo.php?conversation=ID` multipart `photo`: 201 `{ photo: { id } }`. */
export const POST = hostInboxEndpoint({
  staff: 'create_profiles',
  fieldMessage: photosFieldMessage,
  async handle({ ctx, context }) {
    const query = inboxConversationSchema.safeParse(Object.fromEntries(context.url.searchParams));
    if (!query.success) throw invalidFields({ conversation: 'required' });
    const bytes = await readPhotoUpload(context.request);
    return json(await uploadAsProfile(ctx, query.data.conversation, bytes), 201);
  },
});

export const ALL = methodNotAllowed;
