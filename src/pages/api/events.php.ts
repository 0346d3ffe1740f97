import { z } from 'zod';
import { sessionExpiry } from '../../features/accounts/index.ts';
import { endpoint } from '../../server/endpoint.ts';
import { platformError } from '../../server/errors.ts';
import { openEventStream, parseLastEventId, RETRY_MS } from '../../server/realtime/index.ts';

/**
 * `GET /api/events.php` (member): the member's realtime events as `text/event-stream`, resumed
 * after `Last-Event-ID` (the header on a reconnect, `last_event_id` on a first connect). The
 * built server takes the usual case before the app (server/realtime/event-gateway.ts); this
 * answers the rest: visitors, sessions due renewal, too many streams, and the dev server.
 */
export const GET = endpoint({
  member: true,
  query: z.object({ last_event_id: z.string().max(20).optional() }),
  handle: ({ ctx, member, input, context, locals }) => {
    const header = context.request.headers.get('last-event-id');
    const stream = openEventStream(ctx.realtime, {
      network: ctx.network,
      memberId: member.id,
      sessionId: member.sessionId,
      sessionExpiresAt: member.sessionExpiresAt,
      sessionExpiry: () => sessionExpiry(ctx.db, ctx.network, member.sessionId, ctx.clock.now()),
      clock: ctx.clock,
      lastEventId: parseLastEventId(header ?? input.last_event_id),
      signal: context.request.signal,
      heartbeatMs: locals.platform.env.EVENTS_HEARTBEAT_SECONDS * 1000,
      retryMs: RETRY_MS,
      perMember: locals.platform.env.EVENTS_STREAMS_PER_MEMBER,
    });
    if (!stream) throw platformError('rate_limited', { retryAfter: 60 });
    return new Response(stream, {
      headers: {
        'content-type': 'text/event-stream; charset=utf-8',
        // nginx passes each event on at once instead of buffering the answer (deploy/nginx).
        'x-accel-buffering': 'no',
      },
    });
  },
});
