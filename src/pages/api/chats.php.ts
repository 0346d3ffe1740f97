import { chatsOf } from '../../features/chat/index.ts';
import { endpoint, methodNotAllowed } from '../../server/endpoint.ts';

/** `GET /api/chats.php` (member): `{ chats, num_unread_messages }`, the most recent first. */
export const GET = endpoint({
  member: true,
  handle: ({ ctx, locals, member }) => chatsOf(ctx, locals.t, member),
});

export const ALL = methodNotAllowed;
