import { useEffect } from 'react';
import { startChatLive } from '../chat-live.ts';

/** Keeps the chat's stores current from the event stream while the island is on the page. */
export function useChatLive(): void {
  useEffect(() => startChatLive(), []);
}
