/*
 * The chat's side of the event stream (API.md "Realtime"): message, typing and read events
 * feed the chat store. Connected once per page, however many islands ask for it.
 */

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
  // The stream's browser client joins here; until then the refresh loop keeps the list current.
  return () => {};
}
