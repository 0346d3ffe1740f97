import type { Clock } from '../../lib/clock.ts';

/*
 * What a member's event stream and a console's live stream have in common: a Server-Sent Events
 * response body that opens with the reconnect delay, may be ended from either side without the
 * other side minding, and is kept alive by heartbeats that also end it with its session.
 */

/** What every stream is paced by, besides what it listens to. */
export interface StreamPacing {
  /** The time a session's end is compared with (the platform's clock). */
  clock: Clock;
  heartbeatMs: number;
  /** What the browser waits before reconnecting (`retry:`). */
  retryMs: number;
  /** Fires when the client goes away: the subscriptions and the timer end with it. */
  signal: AbortSignal;
}

/** The first bytes, sent at once: the browser sees the stream open and learns `retry`. */
export const openingText = (retryMs: number): string => `retry: ${retryMs}\n: open\n\n`;

/** A comment line that keeps proxies from closing an idle stream. */
export const HEARTBEAT_TEXT = ': heartbeat\n\n';

/** A stream's response body with its two ends. */
export interface SseBody {
  body: ReadableStream<Uint8Array>;
  /** Sends text; throws when the client has gone. */
  write(text: string): void;
  /** Ends the body; harmless when it has ended already. */
  end(): void;
}

const encoder = new TextEncoder();

/** A new body; `cancel` runs when the client side cancels it. */
export function sseBody(cancel: () => void): SseBody {
  let controller: ReadableStreamDefaultController<Uint8Array> | undefined;
  const body = new ReadableStream<Uint8Array>({
    start(c) {
      controller = c;
    },
    cancel: () => cancel(),
  });
  return {
    body,
    write: (text) => controller!.enqueue(encoder.encode(text)),
    end: () => {
      try {
        controller?.close();
      } catch {
        // Already closed from the client's side.
      }
    },
  };
}

/**
 * A heartbeat's read of the stream's session end: `over` when the session ended or is gone,
 * `live` with its stored end otherwise. One read at a time, however slow the database.
 */
export function sessionEndCheck(
  expiry: () => Promise<number | null>,
  clock: Clock,
  live: (end: number) => void,
  over: () => void,
): () => void {
  let checking = false;
  return () => {
    if (checking) return;
    checking = true;
    expiry().then(
      (end) => {
        checking = false;
        if (end === null || end <= clock.now()) over();
        else live(end);
      },
      // The database did not answer: the next heartbeat asks again.
      () => (checking = false),
    );
  };
}
