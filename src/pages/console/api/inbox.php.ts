import { hostInboxEndpoint } from '../../../features/host-inbox/host-inbox.context.ts';
import { inboxQuerySchema, inboxReplySchema } from '../../../features/host-inbox/host-inbox.schemas.ts';
import {
  inboxPage,
  openConversation,
  replyAsProfile,
} from '../../../features/host-inbox/host-inbox.service.ts';
import { methodNotAllowed } from '../../../server/endpoint.ts';
import { json } from '../../../server/http.ts';

/**
 * `GET /console/api/inbox.php[?cursor]` (read_conversations): conversations of operator-run
 * profiles waiting for an answer, longest waiting first. `?conversation=ID`: that conversation
 * whole (audited; claims it for a host).
 */
export const GET = hostInboxEndpoint({
  staff: 'read_conversations',
  query: inboxQuerySchema,
  handle: ({ ctx, input }) =>
    input.conversation ? openConversation(ctx, input.conversation) : inboxPage(ctx, input),
});

/**
 * `POST /console/api/inbox.php { conversation, type, text?, photo?, client_id, honest? }`
 * (create_profiles in its network): 201 `{ message, honest }`, a reply as the profile.
 */
export const POST = hostInboxEndpoint({
  staff: 'create_profiles',
  body: inboxReplySchema,
  handle: async ({ ctx, input }) => json(await replyAsProfile(ctx, input), 201),
});

export const ALL = methodNotAllowed;
