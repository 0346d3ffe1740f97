import { onMessageEvent, onReadEvent, onTypingEvent } from './chat.store.ts';
import type { MessageEvent, ReadEvent, TypingEvent } from './components/chat-types.ts';

/*
 * The chat's side of the event stream (API.md "Realtime"): message, typing and read events
 * feed the chat store. Connected once per page, however many islands ask for it.
 */

/** What each event type of the stream does to the chat's state. */
export function chatEventHandlers(): {
  message: (data: MessageEvent) => void;
  typing: (data: TypingEvent) => void;
  read: (data: ReadEvent) => void;
} {
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
  // The stream's browser client subscribes `chatEventHandlers()` here by event type; until it
  // does, the refresh loop keeps the list and the badges current.
  return () => {};
}
