import { z } from 'zod';
import { CONTROL_CHARACTERS, plainLines } from '../../lib/plain-text.ts';
import type { RealtimeChatMessage } from '../../server/realtime/realtime-bus.ts';
import type { ProfileCard } from '../profiles/index.ts';

/* The chat calls (API.md "Chat"): inputs checked by zod, answers typed for both sides. */

const id = z.string().trim().min(1).max(64);

/** `GET /api/chat.php?conversation=ID | ?profile=ID [&before=CURSOR]`. */
export const chatQuerySchema = z
  .object({
    conversation: id.optional(),
    profile: id.optional(),
    before: z.string().trim().min(1).max(200).optional(),
  })
  .refine((q) => (q.conversation === undefined) !== (q.profile === undefined), {
    message: 'conversation_or_profile',
    path: ['conversation'],
  });
export type ChatQuery = z.infer<typeof chatQuerySchema>;

/**
 * `POST /api/chat.php`: a text, image or gift to a profile or into a conversation. `client_id`
 * is the browser's idempotency key: the same key twice sends (and charges) once. The text's
 * length is checked against the site's `message_length` by the service (422 `too_long`). A text
 * keeps its line breaks and tabs but no other control character or bidi override (422
 * `control_characters`: PostgreSQL refuses a NUL, and an override makes a text read otherwise).
 */
export const sendSchema = z
  .object({
    conversation: id.optional(),
    profile: id.optional(),
    type: z.enum(['text', 'image', 'gift']),
    text: z
      .string()
      .max(100_000, 'too_long')
      .refine(plainLines, { message: CONTROL_CHARACTERS, abort: true })
      .optional(),
    photo: id.optional(),
    gift: id.optional(),
    client_id: z.string().trim().min(8, 'client_id_invalid').max(64, 'client_id_invalid'),
  })
  .refine((s) => (s.conversation === undefined) !== (s.profile === undefined), {
    message: 'conversation_or_profile',
    path: ['conversation'],
  })
  .refine((s) => s.type !== 'text' || (s.text ?? '').trim().length > 0, {
    message: 'required',
    path: ['text'],
  })
  .refine((s) => s.type !== 'image' || s.photo !== undefined, { message: 'required', path: ['photo'] })
  .refine((s) => s.type !== 'gift' || s.gift !== undefined, { message: 'required', path: ['gift'] });
export type SendInput = z.infer<typeof sendSchema>;

/** `DELETE /api/chat.php`, `POST /api/typing.php`: `{ conversation }`. */
export const conversationInputSchema = z.object({ conversation: id });
export type ConversationInput = z.infer<typeof conversationInputSchema>;

/** A gift of the site's catalogue, named in the member's language. */
export interface Gift {
  id: string;
  name: string;
  /** Path of its picture under the site's own `public/`. */
  image: string;
  credits: number;
}

/**
 * A message as either side of the conversation sees it: the very shape the realtime bus carries
 * in its `message` event, defined there so the stream and the chat calls cannot drift apart.
 */
export type ChatMessage = RealtimeChatMessage;

/** What sending costs this member here and now, and what is left of the free allowances. */
export interface ChatAllowance {
  /** Credits a text, an image and the cheapest gift cost (a free text costs 0). */
  costs: { text: number; image: number; gift: number };
  /** Free texts left for a free member (null: premium, no allowance). */
  free_messages_left: number | null;
  /** New conversations a free member may still start (null: no limit). */
  free_conversations_left: number | null;
  /** Whether a first message to this profile would be refused by the conversation limit. */
  conversation_limit_reached: boolean;
  /** Longest text in characters (`settings.message_length`). */
  message_length: number;
  /** Days of history a free member sees (null: all). */
  history_days: number | null;
  /**
   * What one paid text costs at least in money in the member's country (`settings.
   * minimum_message_costs`): minor units and currency, null where the site sells no bundle there.
   */
  message_price: { costs: number; currency: string } | null;
}

/** What a profile's Message button says before the chat opens (a free member only). */
export interface MessageButtonAllowance {
  /** Free conversations the site allows. */
  limit: number;
  /** Conversations the member may still start, after this one when it is already begun. */
  left: number;
  /** A first message to this profile would be refused: the chat would open empty and shut. */
  limit_reached: boolean;
  /** Whether writing here starts a new conversation (the member has not written here yet). */
  starts_new: boolean;
}

/** `GET /api/chats.php`: one entry per conversation, the most recent first. */
export interface ChatListEntry {
  conversation: { id: string };
  profile: ProfileCard;
  num_unread_messages: number;
  last_message: ChatMessage | null;
}
export interface ChatsAnswer {
  chats: ChatListEntry[];
  /** Sum of `num_unread_messages` (the navigation badge). */
  num_unread_messages: number;
}

/** `GET /api/chat.php`. */
export interface ChatAnswer {
  /** Null until the first message opens it. */
  conversation: { id: string } | null;
  profile: ProfileCard;
  /** Oldest first. */
  messages: ChatMessage[];
  /** The cursor for the next older page (`before`), or null at the start. */
  before: string | null;
  /** Older messages exist but a free member's history limit hides them. */
  history_limited: boolean;
  allowance: ChatAllowance;
}

/** `POST /api/chat.php`: 201 (sent) or 202 (held). */
export interface SendAnswer {
  message: ChatMessage;
  /** The balance after this send. */
  credits: number;
  held?: true;
  allowance: ChatAllowance;
}

/** The chat calls of the browser's client. */
declare module '../../lib/api-client.ts' {
  interface ApiRoutes {
    'GET /api/chats.php': { body: undefined; answer: ChatsAnswer };
    'POST /api/chat.php': { body: SendInput; answer: SendAnswer };
    'DELETE /api/chat.php': { body: ConversationInput; answer: { ok: true } };
    'POST /api/typing.php': { body: ConversationInput; answer: undefined };
    'GET /api/gifts.php': { body: undefined; answer: { gifts: Gift[] } };
    'GET /api/icebreakers.php': { body: undefined; answer: { icebreakers: string[] } };
  }
}
