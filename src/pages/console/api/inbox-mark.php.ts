import { hostInboxEndpoint } from '../../../features/host-inbox/host-inbox.context.ts';
import { inboxMarkSchema } from '../../../features/host-inbox/host-inbox.schemas.ts';
import { markQuestion } from '../../../features/host-inbox/host-inbox.service.ts';
import { methodNotAllowed } from '../../../server/endpoint.ts';

/** `POST /console/api/inbox-mark.php { conversation, message }`: the message asks whether the profile is real. */
export const POST = hostInboxEndpoint({
  staff: 'create_profiles',
  body: inboxMarkSchema,
  handle: ({ ctx, input }) => markQuestion(ctx, input),
});

export const ALL = methodNotAllowed;
