import * as chat from '../../features/chat/index.ts';
import { endpoint, methodNotAllowed } from '../../server/endpoint.ts';
import { json } from '../../server/http.ts';

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
  handle: async ({ ctx, locals, member, input }) => {
    const { status, answer } = await chat.sendMessage(ctx, locals.t, member, input);
    return json(answer, status);
  },
});

/** `DELETE /api/chat.php { conversation }` (member): hidden for this member only. */
export const DELETE = endpoint({
  member: true,
  body: chat.conversationInputSchema,
  handle: ({ ctx, member, input }) => chat.removeChat(ctx, member, input.conversation),
});

export const ALL = methodNotAllowed;
