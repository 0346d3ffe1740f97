import type { IncomingMessage, ServerResponse } from 'node:http';
import {
  fastPolicyContext,
  finishResponse,
  nodeRequestFacts,
  quietMemberLocals,
  type Pipeline,
} from '../pipeline.ts';
import type { Platform } from '../platform.ts';
import { attachEventStream, parseLastEventId, RETRY_MS } from './event-stream.ts';

/*
 * `GET /api/events.php` without Astro's rendering. An event stream stays open for hours, and
 * through Astro each one keeps its request's whole context alive (the request and its headers,
 * the cookies, the locals, the response stream and the middleware's frames: about 17 KB of heap
 * a stream). Here the stream keeps its socket, one subscription and one timer.
 *
 * The request runs the request pipeline (pipeline.ts) as the middleware runs it, and only the
 * usual case is taken: a request every step passes quietly (a live session that is not due a
 * write) with a member, and room for one more stream of the member. Anything else goes on to
 * the app, which answers it in full (the 403 in the member's language, a renewed session's
 * cookie, the 429), so no rule lives in two places.
 */

export const EVENTS_PATH = '/api/events.php';

/**
 * A client that stops reading is let go once this much waits for it: its browser reconnects
 * and catches up with Last-Event-ID instead of the server holding an ever longer queue.
 */
const MAX_QUEUED_BYTES = 256 * 1024;

/** The streams open now, each by its end: a stopping process ends them all (shutdown.ts). */
const openStreams = new Set<() => void>();

/**
 * Ends every open stream with a last comment; the browser reconnects with Last-Event-ID after
 * the stream's retry time, and nginx sends it to another process. Answers how many were open.
 */
export function endEventStreams(): number {
  const ends = [...openStreams];
  for (const end of ends) end();
  return ends.length;
}

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

/** The stream's check of its session's end; made apart so that it holds these four only. */
function expiryCheck(pipeline: Pipeline, platform: Platform, network: string, sessionId: string) {
  return () => pipeline.sessionExpiry(platform, network, sessionId);
}

/**
 * Serves the stream when it can; answers false, having written nothing, when the app must
 * answer instead.
 */
export async function serveEventStream(
  req: IncomingMessage,
  res: ServerResponse,
  platform: Platform,
  pipeline: Pipeline,
): Promise<boolean> {
  const facts = nodeRequestFacts(req);
  const locals = await quietMemberLocals(platform, pipeline, facts);
  if (!locals || req.destroyed) return false;
  const { member } = locals;
  const { site } = locals;
  const { env } = platform;
  const write = (text: string) => {
    if (res.writableLength > MAX_QUEUED_BYTES) {
      res.destroy();
      throw new Error('the client stopped reading');
    }
    res.write(text);
  };
  // The pipeline's finish gives the headers (cache policy, security headers); the stream itself
  // is never compressed. They go out before the first event: attaching writes the opening lines.
  const finished = finishResponse(
    pipeline,
    fastPolicyContext(facts, locals),
    new Response(null, {
      headers: {
        'content-type': 'text/event-stream; charset=utf-8',
        // nginx passes each event on at once instead of buffering the answer (deploy/nginx).
        'x-accel-buffering': 'no',
      },
    }),
  );
  // Dropped once written: an idle stream keeps nothing it will not use again.
  let headers: Record<string, string> | null = Object.fromEntries(finished.headers.entries());
  const stream = attachEventStream(
    platform.realtime,
    {
      network: site.network,
      memberId: member.id,
      sessionId: member.sessionId,
      sessionExpiresAt: member.sessionExpiresAt,
      sessionExpiry: expiryCheck(pipeline, platform, site.network, member.sessionId),
      clock: platform.clock,
      lastEventId: lastEventIdOf(req),
      heartbeatMs: env.EVENTS_HEARTBEAT_SECONDS * 1000,
      retryMs: RETRY_MS,
      perMember: env.EVENTS_STREAMS_PER_MEMBER,
    },
    (text) => {
      if (headers) {
        res.writeHead(200, headers);
        headers = null;
      }
      write(text);
    },
    () => res.end(),
  );
  if (!stream) return false;
  const end = () => {
    openStreams.delete(endForShutdown);
    stream.close();
    if (!res.writableEnded) res.end();
  };
  const endForShutdown = () => {
    if (!res.writableEnded && !res.destroyed) res.write(': server stopping, reconnect\n\n');
    end();
  };
  openStreams.add(endForShutdown);
  res.once('close', end);
  req.socket.setNoDelay(true);
  return true;
}
