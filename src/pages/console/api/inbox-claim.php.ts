import { hostInboxEndpoint } from '../../../features/host-inbox/host-inbox.context.ts';
import { inboxConversationSchema } from '../../../features/host-inbox/host-inbox.schemas.ts';
import { claimConversation, releaseConversation } from '../../../features/host-inbox/host-inbox.service.ts';
import { methodNotAllowed } from '../../../server/endpoint.ts';

/** `POST /console/api/inbox-claim.php { conversation }`: claim it; 409 `conversation_claimed` while another host holds it. */
export const POST = hostInboxEndpoint({
  staff: 'create_profiles',
  body: inboxConversationSchema,
  handle: ({ ctx, input }) => claimConversation(ctx, input.conversation),
});

/** `DELETE /console/api/inbox-claim.php { conversation }`: leave it to other hosts. */
export const DELETE = hostInboxEndpoint({
  staff: 'create_profiles',
  body: inboxConversationSchema,
  handle: ({ ctx, input }) => releaseConversation(ctx, input.conversation),
});

export const ALL = methodNotAllowed;
