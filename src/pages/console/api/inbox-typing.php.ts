import { hostInboxEndpoint } from '../../../features/host-inbox/host-inbox.context.ts';
import { inboxConversationSchema } from '../../../features/host-inbox/host-inbox.schemas.ts';
import { typingAsProfile } from '../../../features/host-inbox/host-inbox.service.ts';
import { methodNotAllowed } from '../../../server/endpoint.ts';

/** `POST /console/api/inbox-typing.php { conversation }`: the member sees the profile typing. */
export const POST = hostInboxEndpoint({
  staff: 'create_profiles',
  body: inboxConversationSchema,
  async handle({ ctx, input }) {
    await typingAsProfile(ctx, input.conversation);
    return { ok: true };
  },
});

export const ALL = methodNotAllowed;
