import type { ProfileCard } from '../../profiles/index.ts';

/*
 * The chat calls' answers as the browser reads them (API.md "Chat" and
 * docs/api-extensions.md). Kept beside the islands so they compile on their own; the server's
 * schemas answer exactly these shapes.
 */

export interface Gift {
  id: string;
  name: string;
  image: string;
  credits: number;
}

export interface ChatMessage {
  id: string;
  conversation: string;
  /** The sender's profile id. */
  profile: string;
  mine: boolean;
  type: 'text' | 'image' | 'gift';
  text: string | null;
  /** The receiver sees `blurred` until they tap it. */
  photo: { id: string; filename: string; thumb_filename: string; blurred: string } | null;
  gift: Gift | null;
  credits: number;
  /** Epoch milliseconds. */
  created_at: number;
  read: boolean;
  held: boolean;
  client_id: string | null;
}

/** What sending costs here and now, and what is left of the free allowances. */
export interface ChatAllowance {
  costs: { text: number; image: number; gift: number };
  free_messages_left: number | null;
  free_conversations_left: number | null;
  conversation_limit_reached: boolean;
  message_length: number;
  history_days: number | null;
}

export interface ChatListEntry {
  conversation: { id: string };
  profile: ProfileCard;
  num_unread_messages: number;
  last_message: ChatMessage | null;
}

export interface ChatsAnswer {
  chats: ChatListEntry[];
  num_unread_messages?: number;
}

export interface ChatAnswer {
  conversation: { id: string } | null;
  profile: ProfileCard;
  /** Oldest first. */
  messages: ChatMessage[];
  /** The cursor for the next older page, or null at the start. */
  before?: string | null;
  history_limited: boolean;
  allowance?: ChatAllowance;
}

export interface SendAnswer {
  message: ChatMessage;
  credits?: number;
  held?: true;
  allowance?: ChatAllowance;
}

export interface SendBody {
  conversation?: string;
  profile?: string;
  type: ChatMessage['type'];
  text?: string;
  photo?: string;
  gift?: string;
  client_id: string;
}

/** The events of `GET /api/events.php` the chat listens to. */
export interface MessageEvent {
  conversation: string;
  message: ChatMessage;
}
export interface TypingEvent {
  conversation: string;
  profile: string;
}
export interface ReadEvent {
  conversation: string;
  until: number;
}
