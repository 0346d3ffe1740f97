import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Site } from '../../tenancy/site.ts';
import type { Platform } from '../platform.ts';
import { requestScheme } from '../request.ts';
import { securityHeadersFor } from '../security-headers.ts';
import { attachEventStream, parseLastEventId } from './event-stream.ts';

/*
 * `GET /api/events.php` without the page pipeline. An event stream stays open for hours, and
 * through Astro each one keeps its request's whole context alive (the request and its headers,
 * the cookies, the locals, the response stream and the middleware's frames: about 17 KB of heap
 * a stream). Here the stream keeps its socket, one subscription and one timer.
 *
 * Only the usual case is taken: a known site, a live session that is not due a write, and room
 * for one more stream of the member. Anything else goes on to the app, which answers it in full
 * (the 403 in the member's language, a renewed session's cookie, the 429), so no rule lives in
 * two places.
 */

/** What the gateway needs to know of a session: its member, or null (the app answers then). */
export type StreamMemberLookup = (
  platform: Platform,
  site: Site,
  request: { scheme: 'http' | 'https'; cookie: string | undefined; now: number },
) => Promise<{ memberId: string; sessionId: string } | null>;

export const EVENTS_PATH = '/api/events.php';

/** How long a browser waits before it reconnects a dropped stream. */
export const RETRY_MS = 3_000;

/**
 * A client that stops reading is let go once this much waits for it: its browser reconnects
 * and catches up with Last-Event-ID instead of the server holding an ever longer queue.
 */
const MAX_QUEUED_BYTES = 256 * 1024;

/** Whether the request is for the event stream (its query aside). */
export function isEventStreamRequest(req: IncomingMessage): boolean {
  if (req.method !== 'GET' || !req.url) return false;
  const path = req.url.split('?', 1)[0];
  return path === EVENTS_PATH;
}

/** The stream's Last-Event-ID: the header on a reconnect, `last_event_id` on a first connect. */
function lastEventIdOf(req: IncomingMessage): number | null {
  const header = req.headers['last-event-id'];
  if (typeof header === 'string') return parseLastEventId(header);
  const query = req.url!.indexOf('?');
  if (query < 0) return null;
  return parseLastEventId(new URLSearchParams(req.url!.slice(query + 1)).get('last_event_id'));
}

/**
 * Serves the stream when it can; answers false, having written nothing, when the app must
 * answer instead.
 */
export async function serveEventStream(
  req: IncomingMessage,
  res: ServerResponse,
  platform: Platform,
  lookUpMember: StreamMemberLookup,
): Promise<boolean> {
  const { env } = platform;
  const site = platform.registry.resolveHost(req.headers.host ?? null);
  if (!site) return false;
  const forwarded = req.headers['x-forwarded-proto'];
  const scheme = requestScheme(
    typeof forwarded === 'string' ? forwarded : null,
    env.TRUST_PROXY,
    env.PUBLIC_SCHEME,
  );
  const member = await lookUpMember(platform, site, {
    scheme,
    cookie: req.headers.cookie,
    now: platform.clock.now(),
  });
  if (!member || req.destroyed) return false;
  const write = (text: string) => {
    if (res.writableLength > MAX_QUEUED_BYTES) {
      res.destroy();
      throw new Error('the client stopped reading');
    }
    res.write(text);
  };
  // Headers go out before the first event: attaching writes the opening lines at once.
  const headers = {
    ...securityHeadersFor(env.PUBLIC_SCHEME),
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-store',
    // nginx passes each event on at once instead of buffering the answer (deploy/nginx).
    'x-accel-buffering': 'no',
  };
  let started = false;
  const stream = attachEventStream(
    platform.realtime,
    {
      network: site.network,
      memberId: member.memberId,
      sessionId: member.sessionId,
      lastEventId: lastEventIdOf(req),
      heartbeatMs: env.EVENTS_HEARTBEAT_SECONDS * 1000,
      retryMs: RETRY_MS,
      perMember: env.EVENTS_STREAMS_PER_MEMBER,
    },
    (text) => {
      if (!started) {
        started = true;
        res.writeHead(200, headers);
      }
      write(text);
    },
    () => res.end(),
  );
  if (!stream) return false;
  const end = () => {
    stream.close();
    if (!res.writableEnded) res.end();
  };
  res.once('close', end);
  req.socket.setNoDelay(true);
  return true;
}
