import { atom } from 'nanostores';
import type { RealtimeEventMap, RealtimeEventType } from '../../server/realtime/realtime-bus.ts';

/*
 * The browser's end of `GET /api/events.php` (spec §4 Refresh, §9): one EventSource per tab,
 * shared by every feature through `onRealtime(type, …)`. EventSource reconnects by itself after
 * a network error and sends `Last-Event-ID`, so the server resumes after the last event this tab
 * has. When the server refuses the stream (a session ended, too many tabs), the browser gives
 * up; this module then opens it again later, with the last id as `last_event_id`. While the
 * stream is down the refresh loop polls (60 s, 300 s with push); while it is open it need not.
 * Browser only: on the server a module-level store would be shared by every request.
 */

export type RealtimeStatus = 'idle' | 'connecting' | 'open' | 'down';

/** Whether the stream is open; the refresh loop polls only while it is not. */
export const $realtimeStatus = atom<RealtimeStatus>('idle');

/** After a refusal (403, 429), the next attempt waits this long. */
export const REALTIME_RETRY_AFTER_REFUSAL_MS = 60_000;
const EVENTS_URL = '/api/events.php';

type Listener<K extends RealtimeEventType> = (data: RealtimeEventMap[K], id: string | null) => void;

const listeners = new Map<RealtimeEventType, Set<Listener<RealtimeEventType>>>();
const attached = new Set<RealtimeEventType>();
let source: EventSource | null = null;
let lastEventId: string | null = null;
let users = 0;
let retryTimer: ReturnType<typeof setTimeout> | undefined;

function dispatch(type: RealtimeEventType, event: MessageEvent<string>): void {
  if (event.lastEventId) lastEventId = event.lastEventId;
  let data: unknown;
  try {
    data = JSON.parse(event.data);
  } catch {
    return;
  }
  for (const listener of listeners.get(type) ?? []) {
    try {
      listener(data as RealtimeEventMap[RealtimeEventType], event.lastEventId || null);
    } catch {
      // One feature's failing handler must not keep the event from the others.
    }
  }
}

function attach(type: RealtimeEventType): void {
  if (!source || attached.has(type)) return;
  attached.add(type);
  source.addEventListener(type, (event) => dispatch(type, event as MessageEvent<string>));
}

function connect(): void {
  if (typeof EventSource === 'undefined') {
    $realtimeStatus.set('down');
    return;
  }
  const url = lastEventId ? `${EVENTS_URL}?last_event_id=${encodeURIComponent(lastEventId)}` : EVENTS_URL;
  source = new EventSource(url);
  attached.clear();
  for (const type of listeners.keys()) attach(type);
  $realtimeStatus.set('connecting');
  source.onopen = () => $realtimeStatus.set('open');
  source.onerror = () => {
    if (!source) return;
    if (source.readyState === EventSource.CLOSED) {
      // Refused: the browser will not try again by itself.
      source = null;
      $realtimeStatus.set('down');
      retryTimer = setTimeout(() => {
        retryTimer = undefined;
        if (users > 0) connect();
      }, REALTIME_RETRY_AFTER_REFUSAL_MS);
    } else {
      // Reconnecting with Last-Event-ID; the refresh loop covers the gap.
      $realtimeStatus.set('down');
    }
  };
}

/** Opens the tab's stream (once, however many islands ask); the answer closes it for this caller. */
export function startRealtime(): () => void {
  users += 1;
  if (users === 1 && !source && retryTimer === undefined) connect();
  let stopped = false;
  return () => {
    if (stopped) return;
    stopped = true;
    users -= 1;
    if (users > 0) return;
    clearTimeout(retryTimer);
    retryTimer = undefined;
    source?.close();
    source = null;
    $realtimeStatus.set('idle');
  };
}

/** Calls `listener` with each event of `type` this tab receives; answers the unsubscribe. */
export function onRealtime<K extends RealtimeEventType>(type: K, listener: Listener<K>): () => void {
  let set = listeners.get(type);
  if (!set) listeners.set(type, (set = new Set()));
  set.add(listener as unknown as Listener<RealtimeEventType>);
  attach(type);
  return () => {
    set.delete(listener as unknown as Listener<RealtimeEventType>);
  };
}
