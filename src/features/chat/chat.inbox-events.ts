import { consoleTopic, type PublishItem } from '../../server/realtime/index.ts';
import type { ChatMessage } from './chat.schemas.ts';

/*
 * The host inbox is live: what changes in conversations of operator-run profiles is published
 * on the realtime bus under the console's own keys, for the open console streams of the
 * network's hosts (the host inbox feature serves them). The inbox list's key carries only which
 * conversation changed; a conversation's key carries its messages and the member's typing, for
 * the hosts who opened it.
 */

/** The key of a network's inbox list on the realtime bus. */
export const INBOX_LIST_TOPIC = consoleTopic('inbox');

/** The key of one conversation of an operator-run profile on the realtime bus. */
export function inboxConversationTopic(conversationId: string): string {
  return consoleTopic(`inbox:${conversationId}`);
}

/**
 * What tells the open consoles of a message in a conversation of an operator-run profile,
 * given as the profile sees it: the list learns that the conversation waits (the member wrote)
 * or was answered, the conversation's viewers get the message.
 */
export function operatorInboxEvents(network: string, message: ChatMessage): PublishItem[] {
  return [
    {
      memberId: INBOX_LIST_TOPIC,
      type: 'inbox',
      data: { conversation: message.conversation, network, change: message.mine ? 'answered' : 'waiting' },
    },
    {
      memberId: inboxConversationTopic(message.conversation),
      type: 'inbox_message',
      data: { conversation: message.conversation, message },
    },
  ];
}
