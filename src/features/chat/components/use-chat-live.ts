import { useEffect } from 'react';
import { startChatLive } from '../chat-live.ts';

/** The live chat for islands of other features (the member navigation) that start it themselves. */
export { startChatLive };

/** Keeps the chat's stores current from the event stream while the island is on the page. */
export function useChatLive(): void {
  useEffect(() => startChatLive(), []);
}
