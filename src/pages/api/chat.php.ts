import * as chat from '../../features/chat/index.ts';
import { endpoint, methodNotAllowed } from '../../server/endpoint.ts';

/** `GET /api/chat.php?conversation=ID | ?profile=ID [&before=CURSOR]` (member): a page, read. */
export const GET = endpoint({
  member: true,
  query: chat.chatQuerySchema,
  handle: ({ ctx, locals, member, input }) => chat.openChat(ctx, locals.t, member, input),
});

/** `POST /api/chat.php` (member): 201 `{ message, credits }`, or 202 `{ message, held: true }`. */
export const POST = endpoint({
  member: true,
  body: chat.sendSchema,
  fieldMessage: chat.chatFieldMessage,
  // The usual text is answered before the page pipeline with the same reply (src/app/gateways.ts).
  handle: ({ ctx, locals, member, input }) => chat.sendReply(ctx, locals.t, member, input),
});

/** `DELETE /api/chat.php { conversation }` (member): hidden for this member only. */
export const DELETE = endpoint({
  member: true,
  body: chat.conversationInputSchema,
  handle: ({ ctx, member, input }) => chat.removeChat(ctx, member, input.conversation),
});

export const ALL = methodNotAllowed;
