/* The chat calls' shapes as the islands read them: the feature's own schemas, types only. */
export type {
  ChatAllowance,
  ChatAnswer,
  ChatListEntry,
  ChatMessage,
  ChatsAnswer,
  Gift,
  SendAnswer,
  SendInput as SendBody,
} from '../chat.schemas.ts';

/** The events of `GET /api/events.php` the chat listens to (see the realtime bus's map). */
export interface MessageEvent {
  conversation: string;
  message: import('../chat.schemas.ts').ChatMessage;
}
export interface TypingEvent {
  conversation: string;
  profile: string;
}
export interface ReadEvent {
  conversation: string;
  until: number;
}
