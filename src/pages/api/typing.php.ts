import { conversationInputSchema, typing } from '../../features/chat/index.ts';
import { endpoint, methodNotAllowed } from '../../server/endpoint.ts';

/** `POST /api/typing.php { conversation }` (member): 204; the other side sees "typing…". */
export const POST = endpoint({
  member: true,
  body: conversationInputSchema,
  handle: async ({ ctx, member, input }) => {
    await typing(ctx, member, input.conversation);
    return new Response(null, { status: 204 });
  },
});

export const ALL = methodNotAllowed;
