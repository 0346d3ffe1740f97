/*
 * Chat (API.md "Chat"): conversations, sending with credits and the free allowances, held
 * messages of unconfirmed members, gifts and icebreakers. Pages, the event stream and the
 * accounts' activation use these.
 */
export {
  chatsOf,
  openChat,
  isOwnConversation,
  sendMessage,
  removeChat,
  typing,
  presentMessage,
  messageButtonAllowance,
  type Chatter,
  type SendResult,
} from './chat.service.ts';
export { giftCatalogue, icebreakers } from './chat.catalog.ts';
export { deliverHeldMessages, type SignupMessage } from './chat.held.ts';
export {
  chatQuerySchema,
  sendSchema,
  conversationInputSchema,
  type ChatAnswer,
  type ChatsAnswer,
  type ChatListEntry,
  type ChatMessage,
  type ChatAllowance,
  type MessageButtonAllowance,
  type Gift,
  type SendAnswer,
  type SendInput,
} from './chat.schemas.ts';
export { chatPrivacy } from './chat.privacy.ts';
export { sendReply } from './chat.gateway.ts';
export { chatFieldMessage } from './chat.messages.ts';
export { uploadChatPhoto, chatMediaAllowed } from './chat.photos.ts';
export { isMessageFrom, conversationAround, type ModerationMessage } from './chat.moderation.ts';
/* The console's host inbox: conversations of operator-run profiles, answered by people. */
export * from './chat.operator.ts';
export { INBOX_LIST_TOPIC, inboxConversationTopic } from './chat.inbox-events.ts';
export { dailyMessages } from './chat.statistics.ts';
