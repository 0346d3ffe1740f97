import type { RealtimeBus, RealtimeEvent } from './realtime-bus.ts';
import { HEARTBEAT_TEXT, openingText, sessionEndCheck, sseBody, type StreamPacing } from './sse.ts';
import { streamSlots } from './stream-slots.ts';

/*
 * The body of `GET /api/events.php`: a member's realtime events as Server-Sent Events. Each
 * stored event goes out with its `id` (the `events` row), so the browser's EventSource sends it
 * back as `Last-Event-ID` when it reconnects and the stream resumes after it.
 */

/** How long a browser waits before it reconnects a dropped stream. */
export const RETRY_MS = 3_000;

export interface EventStreamOptions extends StreamPacing {
  network: string;
  memberId: string;
  /**
   * The session the stream was opened with: the stream ends with it (logout, a password
   * change or reset, an account deletion, a sanction), in whichever process it is held.
   */
  sessionId: string;
  /**
   * When the session runs out by itself (its `expires_at` when the stream was opened, epoch ms):
   * the first heartbeat past it asks `sessionExpiry` once and the stream ends, unless the
   * session was renewed meanwhile (then the new end is kept). An idle stream keeps one number
   * and reads nothing until then.
   */
  sessionExpiresAt: number;
  /** The session's end as stored now, or null when it is over or gone. */
  sessionExpiry: () => Promise<number | null>;
  /** The last event the client has (Last-Event-ID), or null on a first connect without one. */
  lastEventId: number | null;
  /** Streams one member may hold open in this process; past it `openEventStream` answers null. */
  perMember: number;
}

/** Open streams per member in this process. */
const takeStreamSlot = streamSlots();

export function formatEvent(event: RealtimeEvent): string {
  const id = event.id === null ? '' : `id: ${event.id}\n`;
  return `${id}event: ${event.type}\ndata: ${JSON.stringify(event.data)}\n\n`;
}

/** Last-Event-ID as sent (header or query): a positive integer, anything else counts as none. */
export function parseLastEventId(value: string | null | undefined): number | null {
  if (!value || !/^\d{1,15}$/.test(value.trim())) return null;
  return Number(value.trim());
}

/** An attached stream: `close` ends its subscription and heartbeat (idempotent). */
export interface AttachedStream {
  close(): void;
}

/**
 * Attaches a member's events to `write`, or answers null when the member already holds
 * `perMember` streams here. When the stream's session ends (ended by the member or an operator,
 * or run out: checked at each heartbeat), the stream closes and `end` is called: the caller ends
 * the response. Live events are subscribed to first and held back while the stored
 * ones after `lastEventId` are read and sent; then the held ones follow, minus any the catch-up
 * already carried (by id), so nothing published during the catch-up is lost or sent twice.
 * `write` throwing (the client is gone) closes the stream.
 */
export function attachEventStream(
  bus: RealtimeBus,
  options: Omit<EventStreamOptions, 'signal'>,
  write: (text: string) => void,
  end: () => void,
): AttachedStream | null {
  const slot = takeStreamSlot(bus, `${options.network}\u0000${options.memberId}`, options.perMember);
  if (!slot) return null;
  // Named apart: `close` below is hoisted, so it would not see `slot` narrowed.
  const releaseSlot: () => void = slot;

  let closed = false;
  // Live events wait here while the catch-up runs; null once it is done.
  let held: RealtimeEvent[] | null = [];
  // What the catch-up sent, so a held live event it also carried goes out once; a first connect
  // catches nothing up. (An idle stream keeps what its closures hold: hours, a thousand of them.)
  let caughtUp: Set<number> | null = options.lastEventId === null ? null : new Set<number>();
  const { clock } = options;
  // Declared as a function so that `send` may call it before the subscription below exists.
  function close() {
    if (closed) return;
    closed = true;
    unsubscribe();
    clearInterval(heartbeat);
    releaseSlot();
  }
  function finish() {
    if (closed) return;
    close();
    end();
  }
  const send = (text: string) => {
    if (closed) return;
    try {
      write(text);
    } catch {
      close();
    }
  };
  const deliver = (event: RealtimeEvent) => send(formatEvent(event));
  // Live events go out as they come, even one with a lower id than the last sent: with several
  // writers (PostgreSQL), an event stored in a transaction can commit after a later-numbered one.
  const unsubscribe = bus.subscribe(
    options.network,
    options.memberId,
    (event) => {
      if (held) held.push(event);
      else deliver(event);
    },
    { sessionId: options.sessionId, end: finish },
  );
  let expiresAt = options.sessionExpiresAt;
  const checkSession = sessionEndCheck(
    options.sessionExpiry,
    clock,
    (renewed) => {
      expiresAt = renewed;
      send(HEARTBEAT_TEXT);
    },
    finish,
  );
  const beat = () => {
    if (clock.now() < expiresAt) send(HEARTBEAT_TEXT);
    // Past the end the stream was opened with: one read says whether the session was renewed.
    else checkSession();
  };
  const heartbeat = setInterval(beat, options.heartbeatMs);
  send(openingText(options.retryMs));
  const flushHeld = () => {
    const pending = held ?? [];
    held = null;
    const sent = caughtUp;
    caughtUp = null;
    for (const event of pending) if (event.id === null || !sent?.has(event.id)) deliver(event);
  };
  if (options.lastEventId === null) flushHeld();
  else
    bus
      .since(options.network, options.memberId, options.lastEventId)
      .then(
        (events) => {
          for (const event of events) {
            caughtUp?.add(event.id!);
            deliver(event);
          }
        },
        // The stream stays open for live events; the client's refresh covers what it missed.
        () => undefined,
      )
      .finally(flushHeld);
  return { close };
}

/** The stream as a response body (`GET /api/events.php` through the app), or null past `perMember`. */
export function openEventStream(
  bus: RealtimeBus,
  options: EventStreamOptions,
): ReadableStream<Uint8Array> | null {
  let attached: AttachedStream | null = null;
  const sse = sseBody(() => attached?.close());
  attached = attachEventStream(bus, options, sse.write, sse.end);
  if (!attached) return null;
  const stream = attached;
  const end = () => {
    stream.close();
    sse.end();
  };
  if (options.signal.aborted) end();
  else options.signal.addEventListener('abort', end, { once: true });
  return sse.body;
}
