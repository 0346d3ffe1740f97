import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.ts';

/*
 * The realtime bus (ARCHITECTURE "Decisions already taken": Realtime, Events). Features publish
 * what a member should learn at once (a like, a match, a credit change, a message); the event
 * stream of `GET /api/events.php` subscribes per member and delivers them as Server-Sent Events.
 * Events that matter after a reconnect are stored in the `events` table first, so their `id` is
 * the stream's `id` and a client catches up with `Last-Event-ID`; fan-out between processes is
 * the scale-out adapter's job (Redis pub/sub, `REDIS_URL`), never the store of record.
 */

/**
 * The events of API.md's stream and what each carries. The payloads are the smallest the stream
 * needs today; the features that publish them may widen them (the stream sends `data` as JSON).
 */
export interface RealtimeEventMap {
  /**
   * A new message in a conversation, as `GET /api/chat.php` shows it to the receiver (defined
   * below so the platform names no feature; the chat feature's `ChatMessage` is this type).
   */
  message: { conversation: string; message: RealtimeChatMessage };
  /** The other side is typing (transient: never stored, never caught up). */
  typing: { conversation: string; profile: string };
  /** The other side has read a conversation up to a moment. */
  read: { conversation: string; until: number };
  like: { profile: string };
  match: { profile: string };
  /** The member's credit balance changed. */
  credits: { balance: number };
  /** The member's own account changed elsewhere (another device, the operator). */
  user: Record<string, never>;
  /*
   * The console's streams (staff, not members): published on keys of their own (`consoleTopic`),
   * never stored, so never caught up; a console that reconnects reads its page again instead.
   */
  /** A conversation of the console's inbox started or stopped waiting for an answer. */
  inbox: { conversation: string; network: string; change: 'waiting' | 'answered' };
  /** A new message in a conversation a console shows, as the console's side sees it. */
  inbox_message: { conversation: string; message: RealtimeChatMessage };
  /** The member side of a conversation a console shows is typing. */
  inbox_typing: { conversation: string };
  /** Who holds a conversation of the inbox now (null: nobody), and until when unless they act. */
  inbox_claim: {
    conversation: string;
    network: string;
    claim: { staff_id: string; staff: string; expires_at: number } | null;
  };
}

/**
 * The chat message an event carries, as either side of the conversation sees it (API.md "Chat";
 * the chat feature answers its calls with this same shape as `ChatMessage`).
 */
export interface RealtimeChatMessage {
  id: string;
  conversation: string;
  /** The sender's profile id. */
  profile: string;
  /** Sent by the member asking. */
  mine: boolean;
  type: 'text' | 'image' | 'gift';
  text: string | null;
  /**
   * An image message's picture, shown only to the two members of the conversation. The receiver
   * sees `blurred` until they tap it; the sender sees the picture itself.
   */
  photo: { id: string; filename: string; thumb_filename: string; blurred: string } | null;
  /** A gift of the site's catalogue (the chat feature's `Gift`). */
  gift: { id: string; name: string; image: string; credits: number } | null;
  /** Credits the sender paid (0 for the other side's messages: what they paid is theirs). */
  credits: number;
  /** Epoch milliseconds. */
  created_at: number;
  /** Read by the receiver (for one's own messages), or read by me (for theirs). */
  read: boolean;
  /** Stored and paid, waiting for the sender's activation (only ever on one's own messages). */
  held: boolean;
  /** The sender's idempotency key (only on one's own messages), to match an optimistic bubble. */
  client_id: string | null;
}

export type RealtimeEventType = keyof RealtimeEventMap;

/** Types that make no sense after a reconnect: fanned out, not stored. */
export const TRANSIENT_EVENTS: ReadonlySet<RealtimeEventType> = new Set<RealtimeEventType>([
  'typing',
  'inbox',
  'inbox_message',
  'inbox_typing',
  'inbox_claim',
]);

/**
 * The bus's subscribers are keyed by network and member; a console stream listens under a key
 * that no member id can be (ids are 16 characters of base32, without a colon). Events published
 * under it are transient (above): the `events` table only ever holds members' events.
 */
export function consoleTopic(name: string): string {
  return `console:${name}`;
}

export type RealtimeEvent = {
  [K in RealtimeEventType]: {
    /** The stored event's id (the stream's `id`); null for a transient event. */
    id: number | null;
    type: K;
    data: RealtimeEventMap[K];
    createdAt: number;
  };
}[RealtimeEventType];

export type RealtimeListener = (event: RealtimeEvent) => void;

/**
 * The session a subscription serves (an event stream is opened with a session cookie): when
 * that session ends, `end` is called and the subscription is over.
 */
export interface SubscriptionSession {
  sessionId: string;
  end: () => void;
}

/** Events stored by `record`, for whom each is, waiting for `fanOut`. */
export interface RecordedEvents {
  network: string;
  events: ReadonlyArray<{ memberId: string; event: RealtimeEvent }>;
}

/** One event of a `publishAll`: for whom, and what. */
export type PublishItem = {
  [K in RealtimeEventType]: { memberId: string; type: K; data: RealtimeEventMap[K] };
}[RealtimeEventType];

export interface RealtimeBus {
  readonly kind: 'memory' | 'redis';
  /**
   * Stores the event for the member (unless transient) and hands it to every subscriber of that
   * member in every process. Answers the event as subscribers get it.
   */
  publish<K extends RealtimeEventType>(
    network: string,
    memberId: string,
    type: K,
    data: RealtimeEventMap[K],
  ): Promise<RealtimeEvent>;
  /**
   * Publishes several events at once (a chat send tells the receiver of the message and the
   * sender of the new balance): stored with one statement, then handed out in the given order.
   */
  publishAll(network: string, items: readonly PublishItem[]): Promise<RealtimeEvent[]>;
  /**
   * Stores the items in the caller's transaction, so that they commit (or vanish) together with
   * what they tell of; `fanOut` hands them out once that transaction has committed.
   */
  record(db: Kysely<Database>, network: string, items: readonly PublishItem[]): Promise<RecordedEvents>;
  /** Hands out events that `record` stored, after their transaction committed. */
  fanOut(recorded: RecordedEvents): Promise<void>;
  /**
   * Calls `listener` with each event published for the member from now on; answers the
   * unsubscribe. With `session`, the subscription ends with that session (`endSessions`), and
   * one made for a session that ended moments ago ends at once.
   */
  subscribe(
    network: string,
    memberId: string,
    listener: RealtimeListener,
    session?: SubscriptionSession,
  ): () => void;
  /**
   * Ends the subscriptions of these sessions of the member in every process (their event
   * streams close): a logout, a password change or reset, an account deletion, a sanction.
   * Answers once this process's are ended and the other processes are told.
   */
  endSessions(network: string, memberId: string, sessionIds: readonly string[]): Promise<void>;
  /**
   * Whether the member holds an event stream open now, in any process: what reaches them there
   * needs no push. The memory bus knows its own process; the Redis bus also asks the other
   * processes' presence in Redis (a process that died without saying so counts for at most
   * `PRESENCE_TTL_MS`).
   */
  listening(network: string, memberId: string): Promise<boolean>;
  /** The member's stored events after `lastEventId`, oldest first (catch-up after a reconnect). */
  since(network: string, memberId: string, lastEventId: number, limit?: number): Promise<RealtimeEvent[]>;
  /** Lets go of connections (the Redis bus); the platform calls it when it closes. */
  close?(): Promise<void>;
}
