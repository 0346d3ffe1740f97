import { useEffect, useRef, useState } from 'react';
import type { InboxClaim, InboxConversation } from '../host-inbox.schemas.ts';

/*
 * The host inbox's live stream in the browser (`GET /console/api/inbox-events.php`). Nothing is
 * caught up after a reconnect, so each time the stream opens (the first time included) the page
 * reads itself again (`resync`): what happened while it was away is in that answer, and what
 * happens from then on comes as events.
 */

/** `connecting` until the stream is open, `live` while it is, `down` while the browser reconnects. */
export type LiveState = 'connecting' | 'live' | 'down';

export interface InboxLiveEvents {
  inbox: { conversation: string; network: string; change: 'waiting' | 'answered' };
  claim: { conversation: string; network: string; claim: InboxClaim | null };
  message: { conversation: string; message: InboxConversation['messages'][number] };
  typing: { conversation: string };
}

export type InboxLiveHandlers = {
  [K in keyof InboxLiveEvents]?: (data: InboxLiveEvents[K]) => void;
};

/** After the browser gave up (the server refused: a lost session, too many streams), tries again. */
const RETRY_AFTER_GIVING_UP_MS = 30_000;

/**
 * Listens to the stream at `path` (null: not at all, the page reads on its own) while the
 * component is mounted; answers its state.
 */
export function useInboxLive(
  path: string | null,
  handlers: InboxLiveHandlers,
  resync: () => void,
): LiveState {
  const [state, setState] = useState<LiveState>('connecting');
  // The latest handlers, so that a render does not reconnect the stream.
  const current = useRef({ handlers, resync });
  current.current = { handlers, resync };

  useEffect(() => {
    if (!path || typeof EventSource === 'undefined') {
      setState('down');
      return;
    }
    let source: EventSource | null = null;
    let retry: ReturnType<typeof setTimeout> | undefined;
    let stopped = false;
    const connect = () => {
      source = new EventSource(path);
      source.addEventListener('open', () => {
        setState('live');
        current.current.resync();
      });
      source.addEventListener('error', () => {
        setState('down');
        if (source?.readyState !== EventSource.CLOSED || stopped) return;
        // Refused rather than dropped: the page reads once (a lost session leads to the login)
        // and the stream is tried again later.
        current.current.resync();
        retry = setTimeout(connect, RETRY_AFTER_GIVING_UP_MS);
      });
      for (const type of ['inbox', 'claim', 'message', 'typing'] as const)
        source.addEventListener(type, (event: MessageEvent<string>) => {
          let data: unknown;
          try {
            data = JSON.parse(event.data);
          } catch {
            return;
          }
          (current.current.handlers[type] as ((data: unknown) => void) | undefined)?.(data);
        });
    };
    connect();
    return () => {
      stopped = true;
      clearTimeout(retry);
      source?.close();
    };
  }, [path]);

  return state;
}

/** A claim that still holds at `now` (a lapse is known from `expires_at`, nothing announces it). */
export function heldClaim(claim: InboxClaim | null, now: number): InboxClaim | null {
  return claim && claim.expires_at > now ? claim : null;
}
