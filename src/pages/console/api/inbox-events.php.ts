import { hostInboxEndpoint } from '../../../features/host-inbox/host-inbox.context.ts';
import { openInboxStream } from '../../../features/host-inbox/host-inbox.live.ts';
import { inboxLiveQuerySchema } from '../../../features/host-inbox/host-inbox.schemas.ts';
import { methodNotAllowed } from '../../../server/endpoint.ts';

/**
 * `GET /console/api/inbox-events.php[?conversation=ID]` (create_profiles): the host inbox's
 * live events as `text/event-stream` (the list's, or one conversation's), ending with the staff
 * session. Nothing is caught up after a reconnect: the page reads itself again.
 */
export const GET = hostInboxEndpoint({
  staff: 'create_profiles',
  query: inboxLiveQuerySchema,
  handle: async ({ ctx, input, context }) =>
    new Response(await openInboxStream(ctx, input, context.request.signal), {
      headers: {
        'content-type': 'text/event-stream; charset=utf-8',
        // nginx passes each event on at once instead of buffering the answer (deploy/nginx).
        'x-accel-buffering': 'no',
      },
    }),
});

export const ALL = methodNotAllowed;
