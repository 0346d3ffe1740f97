import { $realtimeStatus, onRealtime, startRealtime } from '../shell/realtime.store.ts';
import { onMessageEvent, onReadEvent, onTypingEvent, refreshChats, type ChatEvents } from './chat.store.ts';

/*
 * The chat's side of the event stream (API.md "Realtime"): message, typing and read events
 * feed the chat store. Connected once per page, however many islands ask for it.
 */

/** What each event type of the stream does to the chat's state. */
export function chatEventHandlers(): { [K in keyof ChatEvents]: (data: ChatEvents[K]) => void } {
  return {
    message: (data) => onMessageEvent(data),
    typing: (data) => onTypingEvent(data),
    read: (data) => onReadEvent(data),
  };
}

let users = 0;
let stop: (() => void) | null = null;

/** Subscribes the chat store to the member's events; answers the unsubscribe. */
export function startChatLive(): () => void {
  users += 1;
  if (users === 1) stop = connect();
  return () => {
    users -= 1;
    if (users === 0) {
      stop?.();
      stop = null;
    }
  };
}

function connect(): () => void {
  const stopStream = startRealtime();
  const handlers = chatEventHandlers();
  const stops = [
    onRealtime('message', handlers.message),
    onRealtime('typing', handlers.typing),
    onRealtime('read', handlers.read),
  ];
  // While the stream is open the refresh loop rests, so the list (and the unread badge) is
  // fetched each time the stream opens: at first and after a gap in which events may be lost.
  const stopStatus = $realtimeStatus.subscribe((status) => {
    if (status === 'open') refreshChats().catch(() => {});
  });
  return () => {
    stopStatus();
    for (const stop of stops) stop();
    stopStream();
  };
}
