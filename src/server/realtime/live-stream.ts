import type { RealtimeBus, RealtimeEvent } from './realtime-bus.ts';
import { HEARTBEAT_TEXT, openingText, sessionEndCheck, sseBody, type StreamPacing } from './sse.ts';
import { streamSlots } from './stream-slots.ts';

/*
 * A console's live view as Server-Sent Events: the transient events of a few bus keys
 * (`consoleTopic`), each shaped for the one viewer by `present`, for as long as the viewer's
 * session lasts. Unlike a member's stream nothing is stored or caught up: a console that
 * reconnects reads its page again. Console streams are few (one per open console page), so they
 * are served through the app, not by the event gateway that keeps members' streams small.
 */

export interface LiveTopic {
  network: string;
  key: string;
}

export interface LiveStreamOptions extends StreamPacing {
  /** What the stream listens to. */
  topics: readonly LiveTopic[];
  /**
   * The session the stream was opened with. Ending it on the bus (`endSessions(network, key,
   * [sessionId])`, in any process) ends the stream at once; `expiry` is asked at each heartbeat.
   */
  session: {
    network: string;
    key: string;
    sessionId: string;
    /** The session's end as stored now, or null when it is over or gone. */
    expiry: () => Promise<number | null>;
  };
  /** What goes out for an event: an SSE event name and its data, or null to leave it out. */
  present: (event: RealtimeEvent) => { type: string; data: unknown } | null;
  /** Streams one session may hold open in this process; past it `openLiveStream` answers null. */
  perSession: number;
}

/** Open streams per session in this process. */
const takeStreamSlot = streamSlots();

/** The stream as a response body, or null when the session holds `perSession` streams here. */
export function openLiveStream(
  bus: RealtimeBus,
  options: LiveStreamOptions,
): ReadableStream<Uint8Array> | null {
  const holder = `${options.session.network}\u0000${options.session.key}\u0000${options.session.sessionId}`;
  const releaseSlot = takeStreamSlot(bus, holder, options.perSession);
  if (!releaseSlot) return null;

  const { session } = options;
  let closed = false;
  const unsubscribes: Array<() => void> = [];
  const close = () => {
    if (closed) return;
    closed = true;
    for (const unsubscribe of unsubscribes) unsubscribe();
    clearInterval(heartbeat);
    releaseSlot();
    sse.end();
  };
  const send = (text: string) => {
    if (closed) return;
    try {
      sse.write(text);
    } catch {
      close();
    }
  };
  // Each heartbeat reads the session once (console streams are few): one ended by any means,
  // the command line's `staff disable` included, ends the stream within a heartbeat.
  // The timer is made before the subscriptions, which may close the stream.
  const beat = sessionEndCheck(session.expiry, options.clock, () => send(HEARTBEAT_TEXT), close);
  const heartbeat = setInterval(beat, options.heartbeatMs);
  const sse = sseBody(close);
  const deliver = (event: RealtimeEvent) => {
    let shown: ReturnType<LiveStreamOptions['present']>;
    try {
      shown = options.present(event);
    } catch {
      // One event the viewer cannot be shown must not end their view.
      return;
    }
    if (shown) send(`event: ${shown.type}\ndata: ${JSON.stringify(shown.data)}\n\n`);
  };
  // The session's subscription only listens for its end: nothing is published under its key.
  unsubscribes.push(
    bus.subscribe(session.network, session.key, () => undefined, {
      sessionId: session.sessionId,
      end: close,
    }),
  );
  for (const topic of options.topics) unsubscribes.push(bus.subscribe(topic.network, topic.key, deliver));

  send(openingText(options.retryMs));
  if (options.signal.aborted) close();
  else options.signal.addEventListener('abort', close, { once: true });
  return sse.body;
}
