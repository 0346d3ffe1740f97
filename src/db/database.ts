import type { ColumnType, Generated, Insertable, Selectable, Updateable } from 'kysely';

/*
 * The shape of the database as Kysely sees it. Both dialects return the same JS values:
 * - ids are opaque random text (`newId()` in ids.ts), never sequential, so none can be guessed;
 * - timestamps are epoch milliseconds as numbers (bigint in PostgreSQL, integer in SQLite);
 * - booleans are 0 or 1, because SQLite has no boolean type and both must read alike;
 * - money is integer minor units beside an ISO 4217 currency; credits are integers;
 * - JSON payloads are text, parsed by the repository that owns them.
 * Sites and networks are configuration files, so `site_id` and `network_id` are plain text
 * without foreign keys. Every table with member data carries `network_id` so a repository can
 * scope every read by it.
 *
 * Pitfall: in a multi-row insert, give every row the same columns. SQLite has no DEFAULT in a
 * VALUES list, so Kysely sends NULL for a defaulted column that only some rows leave out, and
 * the NOT NULL constraint refuses the insert (PostgreSQL would accept it).
 */

/** 0 or 1: the boolean both dialects store alike. */
export type Bool = 0 | 1;

/** Written once, never updated: the type system refuses an update of such a column. */
type Immutable<T> = ColumnType<T, T, never>;

export type MemberStatus = 'not_confirmed' | 'active' | 'deleted';
export type Gender = 'male' | 'female';
export type Seeking = 'male' | 'female' | 'both';
/** What an erased profile's shell holds instead of a gender, a wish or a country: nothing. */
export type Erased = '';
export type ProfileStatus = 'active' | 'disabled';
/** Who may find a profile: everyone, only those the member liked or wrote to, or nobody. */
export type ProfileListing = 'public' | 'private' | 'invisible';
export type PhotoStatus = 'pending' | 'active' | 'rejected';
export type SwipeAction = 'like' | 'pass';
export type MessageType = 'text' | 'image' | 'gift';
export type OrderStatus = 'pending' | 'completed' | 'failed' | 'refunded';
/** once_per_user: any member, once each; single_use: one redemption in all (personal codes). */
export type DiscountValidity = 'once_per_user' | 'single_use';
export type NotificationCategory =
  | 'new_conversations'
  | 'new_messages'
  | 'like'
  | 'unread_message_reminders'
  | 'promotions'
  | 'weekly_updates'
  | 'news'
  | 'reminders';
export type NotificationDisabledReason = 'fbl' | 'bounce' | 'listunsubscribe';
export type TokenPurpose = 'activation' | 'reset' | 'mail_change' | 'reactivation';

/** An account. It belongs to the site it signed up on; its e-mail is unique per site. */
export interface MembersTable {
  id: Immutable<string>;
  network_id: Immutable<string>;
  site_id: Immutable<string>;
  /** Lower-cased and trimmed before storing, so uniqueness is case-insensitive. */
  email: string;
  /** argon2id PHC string. */
  password_hash: string;
  status: MemberStatus;
  /** Two-letter locale the member chose (da de en es fi fr it nb nl pl sv). */
  language: string;
  created_at: Immutable<number>;
  confirmed_at: number | null;
  deleted_at: number | null;
  /** Why the member left (the deletion form's reason and comment), for the operator. */
  deletion_reason: string | null;
  deletion_comment: string | null;
  /** A deleted account can be reactivated until this moment (14 days after deletion). */
  reactivate_until: number | null;
  /** Hidden from search, messages and likes. */
  invisible: Generated<Bool>;
  /** Visible only to profiles the member liked or messaged. */
  private: Generated<Bool>;
  paid_user: Generated<Bool>;
  /** Cache of the ledger's balance; changed only together with a ledger row. */
  credits: Generated<number>;
  last_active_at: number | null;
  /** The tracking record the member arrived with, for attribution. */
  tracking_id: string | null;
  /** ISO country from the proxy's geo header at signup: default for prices and payment methods. */
  signup_country: string | null;
  /** The signup form's optional first message, kept until the chat delivers it. */
  signup_message: string | null;
  /** The profile the member signed up from (the first message's recipient), if any. */
  signup_profile_id: string | null;
  /** IANA time zone the browser reported; null until then (UTC is assumed). */
  time_zone: string | null;
  /** JSON `{ alert: epoch ms }` of the alerts the member dismissed. */
  dismissed_alerts: string | null;
  /**
   * When the weekly update last looked at the member's week (sent one or found nothing to tell);
   * 0 until it first does, a week after joining.
   */
  weekly_looked_at: Generated<number>;
}

/**
 * A public profile. `id` is the profile's public id (in URLs and the API). Social tables
 * (likes, blocks, conversations, messages) refer to profiles, because operator-run fictional
 * profiles have no account (`member_id` null).
 */
export interface ProfilesTable {
  id: Immutable<string>;
  /** Null for operator-run profiles; unique otherwise (one profile per account). */
  member_id: string | null;
  network_id: Immutable<string>;
  /** The site the profile signed up on; null for operator profiles shared network-wide. */
  site_id: string | null;
  name: string;
  /**
   * '' only on an erased member's shell (see profiles.privacy.repository.ts): a shell must not
   * tell whom the person was or sought, which on a gay site would tell their orientation.
   */
  gender: ColumnType<Gender | Erased, Gender, Gender | Erased>;
  seeking: ColumnType<Seeking | Erased, Seeking, Seeking | Erased>;
  /** 'YYYY-MM-DD': compares as text, so an age range is a birthdate range on the index. */
  birthdate: string;
  /** ISO 3166-1 alpha-2, upper case; '' on an erased member's shell. */
  country: string;
  region: string | null;
  city: string | null;
  sexuality: string | null;
  hair_color: string | null;
  eye_color: string | null;
  body_type: string | null;
  relationship_status: string | null;
  tattoos: string | null;
  /** The member's own free text ("about me"). */
  text: string | null;
  status: ProfileStatus;
  /**
   * The account's invisible and private switches as one value, written by the accounts feature
   * with them (operator profiles: `public`), so the visibility rule never reads the account.
   */
  listing: Generated<ProfileListing>;
  /** Run by the operator; always shown with the site's fictional label. */
  fictional: Generated<Bool>;
  /** May appear on public landers. */
  public_consent: Generated<Bool>;
  /**
   * Reported as underage and not yet decided on by a moderator: out of every member-facing and
   * public read (the reports feature sets and lifts it).
   */
  hidden_pending_review: Generated<Bool>;
  main_photo_id: string | null;
  /** Copy of the account's last_active_at, so search can sort on this table's index alone. */
  last_active_at: number | null;
  created_at: Immutable<number>;
  updated_at: number;
}

/** A profile's descriptive attributes (each a catalog key, or null when not said). */
export const PROFILE_DETAIL_COLUMNS = [
  'sexuality',
  'hair_color',
  'eye_color',
  'body_type',
  'relationship_status',
  'tattoos',
] as const;
export type ProfileDetails = Pick<ProfilesTable, (typeof PROFILE_DETAIL_COLUMNS)[number]>;

export interface PhotosTable {
  id: Immutable<string>;
  profile_id: Immutable<string>;
  network_id: Immutable<string>;
  /** Paths relative to the storage root; the site's cdn_prefix is added when shown. */
  filename: string;
  thumb_filename: string;
  /** The square crop used by the like modal and match cards. */
  match_filename: string;
  /**
   * Blurred copies (full size, thumbnail) shown to non-premium viewers of a locked photo, each
   * under its own random name; null on photos made before they existed (demo seed), which then
   * reach such viewers not at all.
   */
  blur_filename: ColumnType<string | null, string | null | undefined, string | null>;
  blur_thumb_filename: ColumnType<string | null, string | null | undefined, string | null>;
  status: PhotoStatus;
  /** Blurred for viewers without premium. */
  locked: Generated<Bool>;
  position: number;
  created_at: Immutable<number>;
  /** When a moderator decided on it; null while it waits in the photo queue. */
  reviewed_at: ColumnType<number | null, number | null | undefined, number | null>;
  /** Why a moderator rejected it (`PhotoRejectionReason`); null unless rejected. */
  rejection_reason: ColumnType<string | null, string | null | undefined, string | null>;
  /** The moderator's words with the reason `other`. */
  rejection_note: ColumnType<string | null, string | null | undefined, string | null>;
}

export interface ProfileInterestsTable {
  profile_id: Immutable<string>;
  network_id: Immutable<string>;
  /** One of the spec's interest keys. */
  interest: Immutable<string>;
}

/** A like from one profile to another; a pair is unique, a like back makes a match. */
export interface LikesTable {
  liker_profile_id: Immutable<string>;
  liked_profile_id: Immutable<string>;
  network_id: Immutable<string>;
  created_at: Immutable<number>;
  /** When the liked profile saw it; null is the `like_new` flag. */
  seen_at: number | null;
}

/**
 * The member's current day of likes (migration 0023): it ends at `day_ends_at`, fixed when it
 * began; `likes` counts every like given in it, `swipe_likes` those of the swipe game.
 */
export interface LikeDaysTable {
  profile_id: Immutable<string>;
  network_id: Immutable<string>;
  day_ends_at: number;
  likes: number;
  swipe_likes: number;
}

/** A like the liked member was told of: liking the same profile again tells nobody again. */
export interface LikeNoticesTable {
  liker_profile_id: Immutable<string>;
  liked_profile_id: Immutable<string>;
  network_id: Immutable<string>;
  created_at: Immutable<number>;
}

/** Every decision in the swipe game: keeps decided profiles out of the deck. */
export interface SwipesTable {
  profile_id: Immutable<string>;
  target_profile_id: Immutable<string>;
  network_id: Immutable<string>;
  action: SwipeAction;
  created_at: number;
}

export interface BlocksTable {
  blocker_profile_id: Immutable<string>;
  blocked_profile_id: Immutable<string>;
  network_id: Immutable<string>;
  created_at: Immutable<number>;
}

/**
 * A conversation between two profiles. `profile_a_id` < `profile_b_id` (text order) and the
 * pair is unique, so two concurrent first messages cannot open two conversations.
 */
export interface ConversationsTable {
  id: Immutable<string>;
  network_id: Immutable<string>;
  profile_a_id: Immutable<string>;
  profile_b_id: Immutable<string>;
  created_at: Immutable<number>;
  last_message_at: number | null;
  last_message_id: string | null;
}

/** Each side's own state of a conversation. */
export interface ConversationMembersTable {
  conversation_id: Immutable<string>;
  profile_id: Immutable<string>;
  network_id: Immutable<string>;
  unread_count: Generated<number>;
  last_read_at: number | null;
  /** Removed from this side's chat list; messages before it stay hidden for this side. */
  deleted_at: number | null;
  created_at: Immutable<number>;
}

export interface MessagesTable {
  id: Immutable<string>;
  conversation_id: Immutable<string>;
  network_id: Immutable<string>;
  sender_profile_id: Immutable<string>;
  type: Immutable<MessageType>;
  text: Immutable<string | null>;
  photo_id: Immutable<string | null>;
  /** Gifts are a catalogue in configuration; this is its id. */
  gift_id: Immutable<string | null>;
  /** Credits the sender paid; the ledger row references this message's id. */
  credits_spent: ColumnType<number, number | undefined, never>;
  /** The sender's idempotency key: unique per sender, so a retried POST sends once. */
  client_id: Immutable<string | null>;
  created_at: Immutable<number>;
  read_at: number | null;
  /** Sent by a member not yet confirmed: stored and paid, delivered (0) at activation. */
  held: Generated<Bool>;
}

/** A picture sent in a chat: re-encoded files under random names, seen only by the two sides. */
export type TextReviewField = 'text' | 'name';
export type TextReviewStatus = 'pending' | 'approved' | 'rejected';

/**
 * A member's changed profile text awaiting (or past) a moderator's decision, on a site with
 * `text_moderation`: `pre` holds `value` back until approved; `post` showed it at once and keeps
 * the text it replaced in `previous`.
 */
export interface TextReviewsTable {
  id: Immutable<string>;
  network_id: Immutable<string>;
  profile_id: Immutable<string>;
  member_id: Immutable<string>;
  /** The site the member changed it on: the statement of reasons is in its name. */
  site_id: string;
  field: Immutable<TextReviewField>;
  mode: 'pre' | 'post';
  value: string;
  previous: string | null;
  status: TextReviewStatus;
  /** Why a moderator rejected it (`TextRejectionReason`). */
  reason: string | null;
  note: string | null;
  created_at: number;
  decided_at: number | null;
}

export interface ChatPhotosTable {
  id: Immutable<string>;
  network_id: Immutable<string>;
  /** Who uploaded it. */
  profile_id: Immutable<string>;
  filename: Immutable<string>;
  thumb_filename: Immutable<string>;
  /** What the receiver sees until they tap it. */
  blur_filename: Immutable<string>;
  blur_thumb_filename: Immutable<string>;
  created_at: Immutable<number>;
}

export type LedgerReason =
  | 'signup'
  | 'purchase'
  | 'message'
  | 'gift'
  | 'photo'
  | 'refund'
  | 'bonus'
  | 'adjustment'
  /** Given or taken by staff in the console; the reference is the `credit_adjustments` row. */
  | 'staff_adjustment';

/**
 * Append-only: rows are never updated or deleted while the account lives. `(member_id,
 * reason, reference)` is unique, so applying the same payment or message twice is refused by
 * the database itself.
 */
export interface CreditLedgerTable {
  id: Immutable<string>;
  network_id: Immutable<string>;
  site_id: Immutable<string>;
  member_id: Immutable<string>;
  delta: Immutable<number>;
  reason: Immutable<LedgerReason>;
  /** The order, message or other row that caused this entry. */
  reference: Immutable<string | null>;
  balance_after: Immutable<number>;
  created_at: Immutable<number>;
}

export interface OrdersTable {
  /** The public payment id (`payment_id` in the API). */
  id: Immutable<string>;
  network_id: Immutable<string>;
  site_id: Immutable<string>;
  member_id: Immutable<string>;
  bundle_id: string;
  credits: number;
  /** Minor units, after any discount. */
  amount: number;
  currency: string;
  /** One of the spec's payment methods (ideal, creditcard, sdd, …). */
  payment_method: string;
  /** 'test', 'mollie', … */
  provider: string;
  /** Unique per provider: a webhook is applied to exactly one order, once. */
  provider_payment_id: string | null;
  status: OrderStatus;
  discount_code: string | null;
  /** Buyer's idempotency key: unique per member. */
  client_id: string | null;
  country: string | null;
  /** Paid with a stored mandate (repeat order) rather than a checkout. */
  recurring: Generated<Bool>;
  created_at: Immutable<number>;
  updated_at: number;
  completed_at: number | null;
  /** When a poll of the order last asked the provider (at most once per 10 s). */
  provider_checked_at?: number | null;
}

export interface DiscountCodesTable {
  id: Immutable<string>;
  /** Upper case, unique per network (the codes of every network count as one more network). */
  code: string;
  /** Null: valid on every network. */
  network_id: string | null;
  /** Only on this site of the network; null: on every site of it. */
  site_id: string | null;
  /** Not before this time; null: from its creation. */
  starts_at: number | null;
  /** Redemptions in all, for a code every member may use once; null: no cap. */
  max_uses: number | null;
  /** The console's batch it was made in (one typed code, or N generated ones); null for others. */
  batch_id: string | null;
  /** The staff member who made it in the console. */
  created_by: string | null;
  percentage: number;
  /** Minimum order value in minor units, in `currency`. */
  minimum_amount: number | null;
  currency: string | null;
  /** Only for payers from this ISO country. */
  country: string | null;
  validity: DiscountValidity;
  active: Generated<Bool>;
  expires_at: number | null;
  created_at: Immutable<number>;
}

/** One row per member and code: the database refuses a second use of a once-per-user code. */
export interface DiscountRedemptionsTable {
  id: Immutable<string>;
  discount_code_id: Immutable<string>;
  member_id: Immutable<string>;
  network_id: Immutable<string>;
  order_id: string | null;
  /**
   * 1 for the welcome discount and the time bonus (one first-purchase discount per member,
   * unique with member_id); null for every other code.
   */
  first_purchase?: Immutable<number | null>;
  created_at: Immutable<number>;
}

/** Why money of a completed order came back without the member's own refund. */
export type ReversalKind = 'refund' | 'chargeback' | 'returned_debit';

/**
 * A refund or chargeback made at the provider (one per provider id: an order may have several),
 * or a returned debit (one per order).
 */
export interface PaymentReversalsTable {
  /** The provider's id of the refund or chargeback; the order's id for a whole-order reversal. */
  id: Immutable<string>;
  order_id: Immutable<string>;
  network_id: Immutable<string>;
  member_id: Immutable<string>;
  kind: Immutable<ReversalKind>;
  /** Minor units of `currency` that came back. */
  amount: Immutable<number>;
  currency: Immutable<string>;
  /** Credits of the order taken back from the balance. */
  credits_reversed: Immutable<number>;
  /** Credits of the order the member had spent already: the operator settles them. */
  credits_unrecovered: Immutable<number>;
  created_at: Immutable<number>;
}

/** Credits a staff member gave (delta > 0) or took, with their reason (migration 0035). */
export interface CreditAdjustmentsTable {
  id: Immutable<string>;
  network_id: Immutable<string>;
  site_id: Immutable<string>;
  member_id: Immutable<string>;
  staff_id: Immutable<string>;
  reason: Immutable<string>;
  delta: Immutable<number>;
  created_at: Immutable<number>;
}

export type OrderRefundMode = 'rules' | 'full';
/** Whether the provider paid the refund back: `none` when there was nothing to pay. */
export type OrderRefundPayout = 'paid' | 'failed' | 'none';

/** An order refunded by staff in the console, once per order (migration 0035). */
export interface OrderRefundsTable {
  order_id: Immutable<string>;
  network_id: Immutable<string>;
  member_id: Immutable<string>;
  staff_id: Immutable<string>;
  mode: Immutable<OrderRefundMode>;
  reason: Immutable<string | null>;
  /** Minor units of `currency` to pay back. */
  amount: Immutable<number>;
  currency: Immutable<string>;
  credits_reversed: Immutable<number>;
  /** Credits of the order the member had spent already (a full refund pays them back anyway). */
  credits_unrecovered: Immutable<number>;
  payout: OrderRefundPayout;
  /** The provider's words when it refused the refund. */
  provider_error: string | null;
  created_at: Immutable<number>;
}

/** A site's figures of one closed day and traffic source (migration 0036). */
export interface StatisticsDailyTable {
  site_id: string;
  network_id: string;
  /** UTC day, `YYYY-MM-DD`. */
  day: string;
  /** The tracking record's network, ref and sub; '' for none. */
  source_network: string;
  source_ref: string;
  source_sub: string;
  /** '' on the row of counts; an ISO currency on a row of revenue. */
  currency: string;
  visits: number;
  signups: number;
  activations: number;
  first_purchases: number;
  messages: number;
  active_members: number;
  /** Minor units, net of refunds and VAT. */
  revenue: number;
}

/** Up to which day (inclusive) a site's rollups are written. */
/** Invite codes for sites whose signups are by invitation (docs/console.md "Invite codes"). */
export interface InviteCodesTable {
  id: Immutable<string>;
  network_id: Immutable<string>;
  /** Only on this site; null: on every site of the network. */
  site_id: string | null;
  /** Lower case, unique per network. */
  code: Immutable<string>;
  max_uses: number | null;
  uses: Generated<number>;
  expires_at: number | null;
  active: Generated<Bool>;
  created_by: string | null;
  created_at: Immutable<number>;
}

/** A promotion or news e-mail written in the console, sent as a notification-mail campaign. */
export interface ConsoleMailingsTable {
  id: Immutable<string>;
  network_id: Immutable<string>;
  site_id: Immutable<string>;
  category: 'promotions' | 'news';
  locale: string;
  subject: string;
  body: string;
  created_by: string | null;
  created_at: Immutable<number>;
  /** When the send was asked for (the mailing is queued from then on). */
  sent_at: number | null;
  /** Members mailed so far. */
  sent_count: Generated<number>;
  /** The last member id the sending job's batches reached; null before its first batch. */
  send_cursor?: string | null;
  /** When the job found no member left: the mailing is sent. */
  finished_at?: number | null;
}

export interface StatisticsProgressTable {
  site_id: string;
  network_id: string;
  rolled_through: string;
}

export interface PushSubscriptionsTable {
  id: Immutable<string>;
  member_id: Immutable<string>;
  network_id: Immutable<string>;
  site_id: Immutable<string>;
  /** Unique per network: the browser's push endpoint identifies the subscription there. */
  endpoint: string;
  p256dh: string;
  auth: string;
  user_agent: string | null;
  created_at: Immutable<number>;
  last_used_at: number | null;
}

/** What became of a push: see src/features/push/push.outbox.ts. */
export type PushOutboxStatus = 'pending' | 'sending' | 'sent' | 'failed' | 'gone' | 'dropped';

/** Web pushes on their way, one per subscription (migration 0030). */
/** A host answering a conversation of an operator-run profile; held while active in the last 10 minutes. */
export interface HostClaimsTable {
  conversation_id: Immutable<string>;
  network_id: Immutable<string>;
  staff_id: string;
  staff_email: string;
  claimed_at: number;
  last_activity_at: number;
}

/** A message a host sent as an operator-run profile: who, how long the member waited, honest answer or not. */
export interface HostRepliesTable {
  message_id: Immutable<string>;
  network_id: Immutable<string>;
  conversation_id: Immutable<string>;
  staff_id: Immutable<string>;
  staff_email: Immutable<string>;
  member_profile_id: Immutable<string>;
  waited_since: Immutable<number>;
  replied_at: Immutable<number>;
  honest: Immutable<Bool>;
}

/** A member's message a host marked as asking whether the profile is real. */
export interface HostQuestionMarksTable {
  message_id: Immutable<string>;
  network_id: Immutable<string>;
  conversation_id: Immutable<string>;
  staff_id: Immutable<string>;
  member_profile_id: Immutable<string>;
  marked_at: Immutable<number>;
}

export interface PushOutboxTable {
  id: Immutable<string>;
  network_id: Immutable<string>;
  member_id: Immutable<string>;
  /** The site the subscription was made on: its VAPID keys sign the push. */
  site_id: Immutable<string>;
  /** The notification event (`NotificationEvent.id`): what `delivered` asks about. */
  event_id: Immutable<string>;
  subscription_id: Immutable<string>;
  /** The JSON the service worker shows; '' once the row is done. */
  payload: string;
  /** The notification's tag (`chat-<id>`, `likes`): the push service's topic. */
  topic: Immutable<string>;
  status: PushOutboxStatus;
  attempts: Generated<number>;
  next_attempt_at: number | null;
  created_at: Immutable<number>;
  sent_at: number | null;
}

/**
 * A row exists only for a category that differs from its default: on for most, off for the
 * consent categories (`promotions`, `news`), where a row with `disabled: 0` is the member's yes.
 */
export interface NotificationPreferencesTable {
  member_id: Immutable<string>;
  network_id: Immutable<string>;
  /** An e-mail category, or a push setting (`push`, `push_preview`: see notifications.schemas.ts). */
  category: Immutable<NotificationCategory | 'push' | 'push_preview'>;
  disabled: Bool;
  /** Why the system disabled it; null when the member chose it. */
  reason: NotificationDisabledReason | null;
  updated_at: number;
}

/** A message, like or match waiting for its notification e-mail (migration 0029). */
export interface MailPendingTable {
  /** The notification event's id. */
  id: Immutable<string>;
  network_id: Immutable<string>;
  site_id: Immutable<string>;
  member_id: Immutable<string>;
  type: Immutable<'message' | 'like' | 'match'>;
  actor_profile_id: Immutable<string>;
  conversation_id: Immutable<string | null>;
  message_id: Immutable<string | null>;
  first_in_conversation: Generated<Bool>;
  created_at: Immutable<number>;
  /** Not before this moment (quiet hours, the gap per conversation); null: after the delay. */
  due_at: number | null;
}

/** What kind of e-mail went out, for the rules that count them. */
export type MailLogKind =
  | 'conversation'
  | 'digest'
  | 'activation_reminder'
  | 'unread_reminder'
  | 'weekly_update'
  /**
   * A week's numbers were looked at and there was nothing true to tell: no e-mail went. Written
   * until migration 0044, which keeps the last look on the member (`weekly_looked_at`).
   */
  | 'weekly_checked'
  | 'promotions'
  | 'news';

/**
 * One notification e-mail sent, or (until 0044) a weekly update found empty (migration 0029);
 * `ref` is the conversation or campaign, or ''.
 */
export interface MailLogTable {
  id: Immutable<string>;
  network_id: Immutable<string>;
  member_id: Immutable<string>;
  kind: Immutable<MailLogKind>;
  ref: Immutable<string>;
  sent_at: Immutable<number>;
}

export interface ComplaintsTable {
  id: Immutable<string>;
  network_id: Immutable<string>;
  site_id: Immutable<string>;
  reporter_member_id: string | null;
  profile_id: string | null;
  category: string;
  text: string;
  email: string | null;
  status: Generated<'open' | 'closed'>;
  created_at: Immutable<number>;
  /** When a moderator closed it: the privacy page's two years of keeping it run from here. */
  handled_at: number | null;
}

export type ReportStatus = 'open' | 'dismissed' | 'resolved';

/** A member's report of a profile; repeats of an open one are merged into it (`count`). */
export interface ReportsTable {
  id: Immutable<string>;
  network_id: Immutable<string>;
  site_id: Immutable<string>;
  /** Null once the reporter's data is erased. */
  reporter_profile_id: string | null;
  profile_id: Immutable<string>;
  reason: Immutable<string>;
  /** The queue's order: 0 (underage) comes first. */
  severity: Immutable<number>;
  /** The reporter's words; a repeat's are appended. */
  text: string | null;
  /** Ids of reported messages, each followed by a space (a repeat appends its own). */
  message_ids: string | null;
  count: Generated<number>;
  status: Generated<ReportStatus>;
  created_at: Immutable<number>;
  updated_at: number;
  /** The staff id who decided. */
  decided_by: string | null;
  decided_at: number | null;
  /** The moderator's note of the decision. */
  outcome: string | null;
}

/**
 * The traffic source a visitor arrived with (spec §9 tracking parameters). `network` is the
 * affiliate network query parameter, not the member pool (`network_id`).
 */
export interface TrackingRecordsTable {
  id: Immutable<string>;
  network_id: Immutable<string>;
  site_id: Immutable<string>;
  network: string | null;
  ref: string | null;
  sub: string | null;
  sub1: string | null;
  sub2: string | null;
  sub3: string | null;
  aff_sub1: string | null;
  aff_sub2: string | null;
  aff_sub3: string | null;
  cpc: string | null;
  landing_path: string | null;
  /** Set when the visitor signs up. */
  member_id: string | null;
  created_at: Immutable<number>;
}

/** One-time e-mailed tokens; only their hash is stored, so a database leak yields no link. */
export interface TokensTable {
  id: Immutable<string>;
  /** SHA-256 of the token, hex; unique. */
  hash: Immutable<string>;
  purpose: Immutable<TokenPurpose>;
  member_id: Immutable<string>;
  network_id: Immutable<string>;
  site_id: Immutable<string>;
  /** JSON text, e.g. the new address of an e-mail change. */
  payload: Immutable<string | null>;
  created_at: Immutable<number>;
  expires_at: Immutable<number>;
  used_at: number | null;
}

export interface SessionsTable {
  /** SHA-256 of the cookie's token, hex: the cookie itself is never stored. */
  id: Immutable<string>;
  member_id: Immutable<string>;
  network_id: Immutable<string>;
  site_id: Immutable<string>;
  created_at: Immutable<number>;
  expires_at: number;
  last_seen_at: number;
  user_agent: string | null;
  ip: string | null;
}

/** An operator's staff member (the console); never a member. */
export interface StaffTable {
  id: Immutable<string>;
  /** Lower case; unique over the whole server. */
  email: Immutable<string>;
  /** argon2id, as members' passwords. */
  password_hash: string;
  /** The TOTP secret, encrypted under a key derived from the app secret. */
  totp_secret: string;
  /** Set for the one-time password the CLI printed: changed at first login. */
  must_change_password: Generated<Bool>;
  created_at: Immutable<number>;
  disabled_at: number | null;
  last_login_at: number | null;
  /** The TOTP time step last accepted (each code works once). */
  totp_last_step: number | null;
}

/** A staff member's role in a network; `*` for every network. */
export interface StaffRolesTable {
  staff_id: Immutable<string>;
  network_id: Immutable<string>;
  role: string;
}

export interface StaffSessionsTable {
  /** SHA-256 of the cookie's token, hex. */
  id: Immutable<string>;
  staff_id: Immutable<string>;
  created_at: Immutable<number>;
  last_seen_at: number;
  /** The latest end however active the session is (idle sessions end sooner). */
  expires_at: Immutable<number>;
  ip: Immutable<string | null>;
}

export interface StaffRecoveryCodesTable {
  staff_id: Immutable<string>;
  /** SHA-256 of the code, hex. */
  hash: Immutable<string>;
  used_at: number | null;
}

/** Every console action: who, what, on what, before and after, when. */
export interface AuditLogTable {
  id: Immutable<string>;
  created_at: Immutable<number>;
  staff_id: Immutable<string>;
  staff_email: Immutable<string>;
  action: Immutable<string>;
  network_id: Immutable<string>;
  target_type: Immutable<string>;
  target_id: string | null;
  /** The member the action concerns, if any (erasure redacts their data here). */
  member_id: string | null;
  /** JSON text. */
  before: string | null;
  after: string | null;
  ip: string | null;
}

/** A moderator's decision with its statement of reasons (0032_sanctions.ts). */
export interface ModerationDecisionsTable {
  id: Immutable<string>;
  network_id: Immutable<string>;
  site_id: Immutable<string>;
  member_id: string | null;
  subject_type: Immutable<string>;
  subject_id: string | null;
  kind: Immutable<string>;
  until: number | null;
  scope: string;
  facts: string;
  ground_type: string;
  ground: string;
  automated: Generated<Bool>;
  /** JSON array of report ids. */
  report_ids: Generated<string>;
  decided_by: Immutable<string>;
  opened_at: Immutable<number>;
  decided_at: Immutable<number>;
  lifted_at: number | null;
  reversed_by_appeal: string | null;
  lifts: string | null;
  dsa_status: Generated<string>;
  dsa_attempts: Generated<number>;
  dsa_next_at: number | null;
}

/** An appeal link of a statement of reasons, and the appeal made with it. */
export interface ModerationAppealsTable {
  id: Immutable<string>;
  network_id: Immutable<string>;
  decision_id: Immutable<string>;
  token_hash: Immutable<string>;
  appellant_kind: Immutable<string>;
  appellant_member_id: string | null;
  status: string;
  text: string | null;
  issued_at: Immutable<number>;
  expires_at: number;
  submitted_at: number | null;
  decided_by: string | null;
  decided_at: number | null;
  outcome: string | null;
}

/** Keyed hashes of banned members' addresses, per network. */
export interface BannedEmailsTable {
  network_id: Immutable<string>;
  email_hash: Immutable<string>;
  decision_id: string;
  created_at: number;
}

/** Hashes of banned members' browser cookies, per network. */
export interface BannedDevicesTable {
  network_id: Immutable<string>;
  device_hash: Immutable<string>;
  decision_id: string;
  created_at: number;
}

/** The browsers (hashes of their cookie) a member has logged in or signed up with. */
export interface MemberDevicesTable {
  network_id: Immutable<string>;
  member_id: Immutable<string>;
  device_hash: Immutable<string>;
  last_seen_at: number;
}

/** Login, logout, lockout, reset…: an audit trail with no passwords or tokens in it. */
export interface AuthEventsTable {
  id: Immutable<string>;
  network_id: Immutable<string>;
  site_id: Immutable<string>;
  member_id: string | null;
  kind: Immutable<string>;
  ip: Immutable<string | null>;
  created_at: Immutable<number>;
}

/** Fixed-window counters for rate limits and lockouts when no Redis is configured. */
export interface RateLimitCountersTable {
  key: Immutable<string>;
  window_start: Immutable<number>;
  count: number;
}

/**
 * Who runs a periodic job now (src/server/jobs/). Not personal data: a job's name, a random
 * process id and times.
 */
export interface JobLeasesTable {
  name: Immutable<string>;
  holder: string;
  expires_at: number;
  last_run_at: number | null;
}

/**
 * Realtime events kept per member, so an SSE client that reconnects with `Last-Event-ID`
 * catches up. `id` increases (the only sequential id, never shown outside the event stream).
 */
export interface EventsTable {
  id: Generated<number>;
  member_id: Immutable<string>;
  network_id: Immutable<string>;
  type: Immutable<string>;
  /** JSON text. */
  data: Immutable<string>;
  created_at: Immutable<number>;
}

/** A page event reported by beacon: a bounce (`lb`) or a member's page becoming hidden. */
export interface PageEventsTable {
  id: Immutable<string>;
  network_id: Immutable<string>;
  site_id: Immutable<string>;
  kind: Immutable<'bounce' | 'hidden'>;
  /** The path without query (tracking parameters stay out). */
  page: Immutable<string>;
  /** Time on the page before leaving, for bounces. */
  ms: Immutable<number | null>;
  member_id: Immutable<string | null>;
  created_at: Immutable<number>;
}

/** The member search's last used filters (discovery), so /match-finder can search with them again. */
export interface SearchFiltersTable {
  member_id: Immutable<string>;
  network_id: Immutable<string>;
  /** JSON of the search filters (gender, country, countryregion, min_age, max_age). */
  filters: string;
  updated_at: number;
}

/** An SMS code confirming a member's mobile number for a direct debit (0016). */
export interface DirectdebitCodesTable {
  id: Immutable<string>;
  network_id: Immutable<string>;
  member_id: Immutable<string>;
  /** E.164, as the code was sent to. */
  phone: Immutable<string>;
  /** SHA-256 of the id and the code; the code itself is never stored. */
  code_hash: Immutable<string>;
  /** Wrong tries so far; at five the code is spent. */
  attempts: Generated<number>;
  created_at: Immutable<number>;
  expires_at: Immutable<number>;
  used_at: number | null;
}

/** A direct debit mandate given with an order (0016); the IBAN only ever leaves masked. */
export interface DirectdebitMandatesTable {
  id: Immutable<string>;
  network_id: Immutable<string>;
  site_id: Immutable<string>;
  member_id: Immutable<string>;
  order_id: Immutable<string>;
  /** Electronic format (no spaces, upper case). */
  iban: Immutable<string>;
  holder: string;
  street: string;
  zip: string;
  city: string;
  country: string;
  phone: string;
  created_at: Immutable<number>;
  /**
   * The mandate reference the bank sees (migration 0041): the id of the member's first mandate
   * row for this IBAN, so every collection from one account of one member names one mandate.
   */
  reference: Immutable<string>;
  /** When that mandate was signed (the first row's `created_at`). */
  signed_at: Immutable<number>;
  /** The pain.008 export this debit went out in; null while not collected. */
  export_id: string | null;
  /** FRST or RCUR, as it went out (kept so a repeated export says the same). */
  sequence_type: DirectDebitSequence | null;
  /** ISO 20022 reason code of a return (AC04, MD06, …); null unless the bank returned it. */
  return_reason: string | null;
}

export type DirectDebitSequence = 'FRST' | 'RCUR';

/** A pain.008 file made in the console (migration 0041); its id is the file's message id. */
export interface DirectdebitExportsTable {
  id: Immutable<string>;
  network_id: Immutable<string>;
  site_id: Immutable<string>;
  staff_id: Immutable<string>;
  /** UTC days of the orders collected, inclusive (YYYY-MM-DD). */
  date_from: Immutable<string>;
  date_to: Immutable<string>;
  /** The requested collection date (ReqdColltnDt). */
  collection_date: Immutable<string>;
  transactions: Immutable<number>;
  /** Minor units: the file's control sum. */
  amount: Immutable<number>;
  currency: Immutable<string>;
  created_at: Immutable<number>;
}

/** A payment at the built-in test provider (migration 0014): its side of the books, not the shop's. */
export interface TestPaymentsTable {
  id: Immutable<string>;
  reference: Immutable<string>;
  amount: Immutable<number>;
  currency: Immutable<string>;
  method: Immutable<string>;
  description: Immutable<string>;
  status: 'open' | 'paid' | 'failed' | 'canceled' | 'expired';
  redirect_url: Immutable<string>;
  webhook_url: Immutable<string>;
  /** Paid back so far (migration 0018). */
  refunded_amount: Generated<number>;
  created_at: Immutable<number>;
  updated_at: number;
}

/** A member's customer at a provider that keeps mandates on customers (Mollie; migration 0019). */
export interface PaymentCustomersTable {
  network_id: Immutable<string>;
  member_id: Immutable<string>;
  /** 'mollie' */
  provider: Immutable<string>;
  /** The customer's id at the provider (`cst_…`). */
  customer_id: Immutable<string>;
  created_at: Immutable<number>;
}

export interface Database {
  members: MembersTable;
  profiles: ProfilesTable;
  photos: PhotosTable;
  profile_interests: ProfileInterestsTable;
  likes: LikesTable;
  like_days: LikeDaysTable;
  like_notices: LikeNoticesTable;
  swipes: SwipesTable;
  blocks: BlocksTable;
  conversations: ConversationsTable;
  conversation_members: ConversationMembersTable;
  messages: MessagesTable;
  chat_photos: ChatPhotosTable;
  text_reviews: TextReviewsTable;
  credit_ledger: CreditLedgerTable;
  orders: OrdersTable;
  test_payments: TestPaymentsTable;
  payment_customers: PaymentCustomersTable;
  discount_codes: DiscountCodesTable;
  payment_reversals: PaymentReversalsTable;
  credit_adjustments: CreditAdjustmentsTable;
  order_refunds: OrderRefundsTable;
  statistics_daily: StatisticsDailyTable;
  statistics_progress: StatisticsProgressTable;
  invite_codes: InviteCodesTable;
  console_mailings: ConsoleMailingsTable;
  discount_redemptions: DiscountRedemptionsTable;
  push_subscriptions: PushSubscriptionsTable;
  push_outbox: PushOutboxTable;
  host_claims: HostClaimsTable;
  host_replies: HostRepliesTable;
  host_question_marks: HostQuestionMarksTable;
  notification_preferences: NotificationPreferencesTable;
  mail_pending: MailPendingTable;
  mail_log: MailLogTable;
  complaints: ComplaintsTable;
  reports: ReportsTable;
  tracking_records: TrackingRecordsTable;
  tokens: TokensTable;
  sessions: SessionsTable;
  auth_events: AuthEventsTable;
  rate_limit_counters: RateLimitCountersTable;
  events: EventsTable;
  page_events: PageEventsTable;
  job_leases: JobLeasesTable;
  search_filters: SearchFiltersTable;
  directdebit_codes: DirectdebitCodesTable;
  directdebit_mandates: DirectdebitMandatesTable;
  directdebit_exports: DirectdebitExportsTable;
  staff: StaffTable;
  staff_roles: StaffRolesTable;
  staff_sessions: StaffSessionsTable;
  staff_recovery_codes: StaffRecoveryCodesTable;
  audit_log: AuditLogTable;
  moderation_decisions: ModerationDecisionsTable;
  moderation_appeals: ModerationAppealsTable;
  banned_emails: BannedEmailsTable;
  banned_devices: BannedDevicesTable;
  member_devices: MemberDevicesTable;
}

export type TableName = keyof Database;
/** A row as read. */
export type Row<T extends TableName> = Selectable<Database[T]>;
/** A row as inserted (columns with defaults optional). */
export type NewRow<T extends TableName> = Insertable<Database[T]>;
/** A partial update (immutable columns absent). */
export type RowUpdate<T extends TableName> = Updateable<Database[T]>;
