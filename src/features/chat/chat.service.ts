import { translator, type Translate } from '../../i18n/index.ts';
import { isLocale } from '../../i18n/locales.ts';
import { refuse } from '../../db/group-commit.ts';
import { newClusteredId, newId } from '../../db/ids.ts';
import type { ServiceContext } from '../../server/context.ts';
import type { PublishItem } from '../../server/realtime/index.ts';
import { minimumMessageCosts } from '../../tenancy/site.ts';
import { DomainError, invalidFields, platformError } from '../../server/errors.ts';
import { balanceEvent, bookCredits, notEnoughCredits } from '../credits/index.ts';
import { notify } from '../notifications/index.ts';
import {
  blockBetween,
  memberCard,
  nameSeenPastBlocks,
  profileSite,
  refuseUnlessSeenBack,
} from '../profiles/index.ts';
import { findGift } from './chat.catalog.ts';
import { inboxConversationTopic, operatorInboxEvents } from './chat.inbox-events.ts';
import { chatPhotoOwner, chatPhotoUrls } from './chat.photos.ts';
import {
  accountOfProfile,
  conversationOfMember,
  conversationsWrittenIn,
  conversationsWrittenWith,
  creditsOf,
  freeMessagesSent,
  hasMessagesUntil,
  hasWrittenIn,
  hideConversation,
  insertMessage,
  listChats,
  markRead,
  memberState,
  messageByClientId,
  messagePage,
  messagesById,
  openConversation,
  recordDelivery,
  visibleCounterpart,
  withSenderLock,
  type AccountCardRow,
  type ConversationRow,
  type MessageRow,
  type CounterpartTarget,
  type Scope,
  type VisibleCounterpart,
} from './chat.repository.ts';
import type {
  ChatAllowance,
  ChatAnswer,
  ChatMessage,
  ChatQuery,
  MessageButtonAllowance,
  ChatsAnswer,
  SendAnswer,
  SendInput,
} from './chat.schemas.ts';

/** What a chat rule needs to know of the member asking (the session's member). */
export interface Chatter {
  /** The account's id. */
  id: string;
  profileId: string;
  /** `not_confirmed`: messages are held until activation. */
  status: string;
  paidUser: boolean;
  /** Invisible mode hides the member from others' chats: what they write would reach nobody. */
  invisible: boolean;
  /** The profile's country: the price of a message shown follows it. */
  country: string;
  /** The balance when the request began: a send it cannot pay is refused before it writes. */
  credits: number;
}

/** Messages in one page of a conversation. */
export const PAGE_SIZE = 30;
const DAY_MS = 24 * 60 * 60 * 1000;
/** Typing events a member may send a minute: enough for every keystroke burst, not a flood. */
export const TYPING_RATE = { limit: 30, windowMs: 60_000 };

function scopeOf(ctx: ServiceContext, profileId: string): Scope {
  return { network: ctx.network, viewer: { profileId }, withheldSites: ctx.withheldSites };
}

const otherOf = (conversation: ConversationRow, me: string) =>
  conversation.profile_a_id === me ? conversation.profile_b_id : conversation.profile_a_id;

/* ---------------------------------------------------------------------------------------------- */
/* Presenting                                                                                     */
/* ---------------------------------------------------------------------------------------------- */

/** A stored message as `viewerProfileId` sees it. */
export function presentMessage(
  ctx: ServiceContext,
  t: Translate,
  row: MessageRow,
  viewerProfileId: string,
): ChatMessage {
  const mine = row.sender_profile_id === viewerProfileId;
  return {
    id: row.id,
    conversation: row.conversation_id,
    profile: row.sender_profile_id,
    mine,
    type: row.type,
    text: row.text,
    photo: chatPhotoUrls(ctx, row),
    gift: row.gift_id ? (findGift(ctx.site, t, row.gift_id) ?? null) : null,
    credits: mine ? row.credits_spent : 0,
    created_at: Number(row.created_at),
    read: row.read_at !== null,
    held: row.held === 1,
    client_id: mine ? row.client_id : null,
  };
}

function encodeCursor(row: Pick<MessageRow, 'created_at' | 'id'>): string {
  return Buffer.from(`${Number(row.created_at)}.${row.id}`).toString('base64url');
}

function decodeCursor(cursor: string): { at: number; id: string } {
  const text = Buffer.from(cursor, 'base64url').toString();
  const dot = text.indexOf('.');
  const at = Number(text.slice(0, dot));
  const id = text.slice(dot + 1);
  if (dot < 1 || !Number.isSafeInteger(at) || id.length === 0) throw invalidFields({ before: 'invalid' });
  return { at, id };
}

/* ---------------------------------------------------------------------------------------------- */
/* Who may talk to whom                                                                           */
/* ---------------------------------------------------------------------------------------------- */

/**
 * 403 `blocked` when either side blocked the other; the message names who. Only a profile the
 * member would see were there no block: a block tells nothing of an invisible or private one.
 */
async function refuseBlocked(ctx: ServiceContext, me: string, other: string): Promise<void> {
  const block = await blockBetween(ctx.db, ctx.network, me, other);
  if (!block.byThem && !block.byViewer) return;
  const name = await nameSeenPastBlocks(ctx.db, ctx.network, { profileId: me }, ctx.withheldSites, other);
  if (name === undefined) return;
  throw new DomainError('blocked', {
    status: 403,
    message: block.byThem ? 'chat.blocked_by' : 'chat.you_blocked',
    vars: { name },
    details: { name },
  });
}

/**
 * The conversation and the other side named by a request: 403 `blocked` either way, 404 when the
 * member may not see the other profile (another network, invisible, private, gone) or does not
 * take part in the conversation. One statement when the member may see them; only a refusal
 * looks further, to say which it is.
 */
async function counterpart(
  ctx: ServiceContext,
  me: string,
  target: { conversation?: string | undefined; profile?: string | undefined },
): Promise<VisibleCounterpart> {
  const named: CounterpartTarget =
    target.conversation !== undefined
      ? { conversation: target.conversation }
      : { profile: target.profile ?? '' };
  const found = await visibleCounterpart(ctx.db, scopeOf(ctx, me), named);
  if (found) return found;
  let other: string;
  if ('conversation' in named) {
    const conversation = await conversationOfMember(ctx.db, ctx.network, named.conversation, me);
    if (!conversation) throw platformError('not_found');
    other = otherOf(conversation, me);
  } else {
    other = named.profile;
    if (other === me) throw platformError('not_found');
  }
  // The visibility rule hides blocked pairs too: only now is it worth asking which it was.
  await refuseBlocked(ctx, me, other);
  throw platformError('not_found');
}

/* ---------------------------------------------------------------------------------------------- */
/* Allowances                                                                                     */
/* ---------------------------------------------------------------------------------------------- */

async function allowanceOf(
  ctx: ServiceContext,
  chatter: Chatter,
  conversation: ConversationRow | undefined,
  db: ServiceContext['db'] = ctx.db,
): Promise<ChatAllowance> {
  const { site } = ctx;
  const free = !chatter.paidUser;
  let freeMessagesLeft: number | null = null;
  let freeConversationsLeft: number | null = null;
  let limitReached = false;
  if (free) {
    const sent = await freeMessagesSent(db, ctx.network, chatter.profileId);
    freeMessagesLeft = Math.max(0, site.limits.freeMessages - sent);
    const others = await conversationsWrittenIn(db, ctx.network, chatter.profileId, conversation?.id ?? null);
    const writtenHere =
      conversation !== undefined && (await hasWrittenIn(db, ctx.network, conversation.id, chatter.profileId));
    freeConversationsLeft = Math.max(0, site.limits.freeConversations - others - (writtenHere ? 1 : 0));
    limitReached = !writtenHere && others >= site.limits.freeConversations;
  }
  return {
    costs: {
      text: freeMessagesLeft !== null && freeMessagesLeft > 0 ? 0 : site.messageCredits,
      image: site.photoCredits,
      gift: site.giftCredits,
    },
    free_messages_left: freeMessagesLeft,
    free_conversations_left: freeConversationsLeft,
    conversation_limit_reached: limitReached,
    message_length: site.messageLength,
    history_days: free && site.limits.freeHistoryDays > 0 ? site.limits.freeHistoryDays : null,
    message_price: minimumMessageCosts(site)[chatter.country] ?? null,
  };
}

/**
 * The free-conversation limit as it stands for a message to `profileId`, or null for a premium
 * member. The profile page has shown the profile already (and offers no Message button past a
 * block), so only the member's own conversations are read: one statement.
 */
export async function messageButtonAllowance(
  ctx: ServiceContext,
  chatter: Chatter,
  profileId: string,
): Promise<MessageButtonAllowance | null> {
  if (chatter.paidUser || profileId === chatter.profileId) return null;
  const limit = ctx.site.limits.freeConversations;
  const written = await conversationsWrittenWith(ctx.db, ctx.network, chatter.profileId, profileId);
  // The same rule as a send (allowanceOf): a conversation already written in never counts twice.
  const others = written.count - (written.withOther ? 1 : 0);
  return {
    limit,
    left: Math.max(0, limit - written.count),
    limit_reached: !written.withOther && others >= limit,
    starts_new: !written.withOther,
  };
}

/** 403 `free_conversation_limit`: why, and the way on (premium through any purchase of credits). */
function conversationLimit(ctx: ServiceContext): DomainError {
  const limit = ctx.site.limits.freeConversations;
  return new DomainError('free_conversation_limit', {
    status: 403,
    message: 'chat.free_conversation_limit',
    vars: { limit },
    details: { limit, reason: 'free_member', upgrade_url: '/credits' },
  });
}

/* ---------------------------------------------------------------------------------------------- */
/* Reading                                                                                        */
/* ---------------------------------------------------------------------------------------------- */

/** `GET /api/chats.php`: the member's conversations with profiles they may see, newest first. */
export async function chatsOf(ctx: ServiceContext, t: Translate, chatter: Chatter): Promise<ChatsAnswer> {
  const now = ctx.clock.now();
  const rows = await listChats(ctx.db, scopeOf(ctx, chatter.profileId));
  const chats = rows.map((row) => {
    const message = row.last_message;
    // The other side's held message is nobody's to see yet; the list shows the chat without it.
    const shown = message && (message.held === 0 || message.sender_profile_id === chatter.profileId);
    return {
      conversation: { id: row.conversation_id },
      profile: memberCard(ctx, row, now),
      num_unread_messages: Number(row.unread_count),
      last_message: shown ? presentMessage(ctx, t, message, chatter.profileId) : null,
    };
  });
  return { chats, num_unread_messages: chats.reduce((sum, c) => sum + c.num_unread_messages, 0) };
}

/**
 * Whether the member takes part in the conversation `conversationId`: the page of a conversation
 * that is not theirs (or none at all) is the 404 page, not an empty chat.
 */
export async function isOwnConversation(
  ctx: ServiceContext,
  profileId: string,
  conversationId: string,
): Promise<boolean> {
  return (await conversationOfMember(ctx.db, ctx.network, conversationId, profileId)) !== undefined;
}

/**
 * `GET /api/chat.php`: a page of the conversation (oldest first), newest page unless `before`.
 * Opening it reads it: the unread count goes to 0 and the other side learns (`read` event). A
 * free member sees the last `free_history_days` only; `history_limited` says older ones exist.
 */
export async function openChat(
  ctx: ServiceContext,
  t: Translate,
  chatter: Chatter,
  query: ChatQuery,
): Promise<ChatAnswer> {
  const now = ctx.clock.now();
  const me = chatter.profileId;
  const { conversation, card } = await counterpart(ctx, me, query);
  const allowance = await allowanceOf(ctx, chatter, conversation);
  const base = { profile: memberCard(ctx, card, now), allowance };
  if (!conversation)
    return { ...base, conversation: null, messages: [], before: null, history_limited: false };

  const state = await memberState(ctx.db, ctx.network, conversation.id, me);
  const hiddenUntil = state?.deleted_at ?? null;
  const cutoff = allowance.history_days !== null ? now - allowance.history_days * DAY_MS : null;
  const after = cutoff === null ? hiddenUntil : Math.max(hiddenUntil ?? 0, cutoff - 1);
  const before = query.before ? decodeCursor(query.before) : null;
  const rows = await messagePage(ctx.db, ctx.network, conversation.id, me, {
    after,
    before,
    limit: PAGE_SIZE + 1,
  });
  const more = rows.length > PAGE_SIZE;
  const page = rows.slice(0, PAGE_SIZE).reverse();
  const historyLimited =
    !more &&
    cutoff !== null &&
    (await hasMessagesUntil(ctx.db, ctx.network, conversation.id, me, hiddenUntil, cutoff - 1));

  if (
    !before &&
    (state?.unread_count ?? 0) + page.filter((m) => m.sender_profile_id !== me && m.read_at === null).length >
      0
  ) {
    await readConversation(ctx, conversation, chatter, now);
  }
  return {
    ...base,
    conversation: { id: conversation.id },
    messages: page.map((row) => {
      const message = presentMessage(ctx, t, row, me);
      // What this call has just read reads as read.
      return !message.mine && !before ? { ...message, read: true } : message;
    }),
    before: more ? encodeCursor(page[0]!) : null,
    history_limited: historyLimited,
  };
}

/**
 * Marks the conversation read for the member and tells the other side's devices. An invisible
 * member reads without receipts: their own unread count clears, but the messages stay unread
 * for the sender, and no `read` event goes out (invisible mode hides that they are here); they
 * read as read once the member reads them visible.
 */
async function readConversation(
  ctx: ServiceContext,
  conversation: ConversationRow,
  reader: Pick<Chatter, 'profileId' | 'invisible'>,
  now: number,
): Promise<void> {
  const me = reader.profileId;
  const read = await markRead(ctx.db, ctx.network, conversation.id, me, now, { receipts: !reader.invisible });
  if (read === 0) return;
  const other = await accountOfProfile(ctx.db, ctx.network, otherOf(conversation, me));
  if (other?.member_id)
    await ctx.realtime.publish(ctx.network, other.member_id, 'read', {
      conversation: conversation.id,
      until: now,
    });
}

/* ---------------------------------------------------------------------------------------------- */
/* Sending                                                                                        */
/* ---------------------------------------------------------------------------------------------- */

/** The answer to a send: 201 with the balance, or 202 `held` for an unconfirmed sender. */
export interface SendResult {
  status: 201 | 202;
  answer: SendAnswer;
}

/**
 * `POST /api/chat.php`. Exactly once per `client_id`: a retry answers the first message and
 * charges nothing. The message, its conversation's state, its ledger entry and the events that
 * tell of it are one transaction; the receiver (and the sender's balance badge) learn of it
 * after the commit. A
 * member who has not confirmed the address yet pays as anyone does, but the message is held
 * until activation delivers it.
 */
export async function sendMessage(
  ctx: ServiceContext,
  t: Translate,
  chatter: Chatter,
  input: SendInput,
): Promise<SendResult> {
  try {
    return await sendOnce(ctx, t, chatter, input);
  } catch (error) {
    // A retry of a send that happened answers the first message, whatever would refuse it now
    // (the balance it spent, a block since). Asked only on a refusal: a send that goes through
    // with a known client_id meets the unique index and is answered the same way below.
    if (!(error instanceof DomainError)) throw error;
    const earlier = await messageByClientId(ctx.db, ctx.network, chatter.profileId, input.client_id);
    if (earlier) return replayed(ctx, t, chatter, earlier);
    throw error;
  }
}

/** A retry's message was stored by its first send meanwhile: the retry's transaction is undone. */
class SendRaced extends Error {}

async function sendOnce(
  ctx: ServiceContext,
  t: Translate,
  chatter: Chatter,
  input: SendInput,
): Promise<SendResult> {
  // Every attempt counts, refused ones too: a script that hammers the send is slowed first.
  const pace = await ctx.rateLimiter.consume(
    `chat-send:${ctx.network}:${chatter.id}`,
    ctx.site.rateLimits.chatSend,
    ctx.clock.now(),
  );
  if (!pace.allowed) throw platformError('rate_limited', { retryAfter: pace.retryAfter });
  const me = chatter.profileId;
  const text = input.type === 'text' ? (input.text ?? '').trim() : null;
  if (text !== null && [...text].length > ctx.site.messageLength) throw invalidFields({ text: 'too_long' });

  // Nobody sees an invisible member's chats (spec §6): refused before anything is paid for.
  if (chatter.invisible)
    throw new DomainError('invisible_mode', { status: 403, message: 'chat.invisible_mode' });

  const target = await counterpart(ctx, me, input);
  // A member of a site that withholds its members writes to nobody who cannot see them back.
  if (!ctx.site.memberResell)
    refuseUnlessSeenBack(
      ctx,
      (await profileSite(ctx.db, ctx.network, target.card.id)) ?? null,
      'chat.unreachable',
    );
  const gift = input.type === 'gift' ? findGift(ctx.site, t, input.gift ?? '') : undefined;
  if (input.type === 'gift' && !gift) throw invalidFields({ gift: 'invalid' });
  if (input.type === 'image' && !(await ownChatPhoto(ctx, me, input.photo ?? '')))
    throw invalidFields({ photo: 'invalid' });

  const price = (allowance: ChatAllowance) =>
    input.type === 'text'
      ? allowance.costs.text
      : input.type === 'image'
        ? allowance.costs.image
        : gift!.credits;
  // A send that the state already refuses (past the free conversation limit, or more than the
  // balance) is refused before its transaction. Both rules hold again inside, checked before
  // the first write, under the sender's held row. A premium member's allowance needs no query.
  const before = await allowanceOf(ctx, chatter, target.conversation);
  if (before.conversation_limit_reached) throw conversationLimit(ctx);
  if (price(before) > chatter.credits) throw notEnoughCredits(chatter.credits, price(before));

  const held = chatter.status === 'not_confirmed';
  const now = ctx.clock.now();
  const messageId = newClusteredId(now);
  // Every refusal inside comes before the first write and is answered with `refuse`: on SQLite
  // the sends of others share this transaction (db/group-commit.ts), and a refusal that wrote
  // nothing neither rolls them back nor runs them again. The payment is the first write: the
  // balance's update matches no row when it cannot pay, and nothing is written.
  const sending = withSenderLock(ctx.db, ctx.network, chatter.id, async (trx) => {
    const allowance = await allowanceOf(ctx, chatter, target.conversation, trx);
    if (allowance.conversation_limit_reached) return refuse(conversationLimit(ctx));
    const cost = price(allowance);
    let balance: number | null = null;
    if (cost > 0) {
      try {
        const booked = await bookCredits(
          trx,
          {
            network: ctx.network,
            siteId: ctx.site.id,
            memberId: chatter.id,
            delta: -cost,
            reason: input.type === 'text' ? 'message' : input.type === 'image' ? 'photo' : 'gift',
            reference: messageId,
            now,
          },
          // withSenderLock keeps the member's other spends out (their row held, or on SQLite a
          // transaction that runs alone); the message is inserted below under this new id.
          { rowHeld: true, newReference: true },
        );
        balance = booked.balance;
      } catch (error) {
        if (error instanceof DomainError && error.code === 'not_enough_credits') return refuse(error);
        throw error;
      }
    }
    // A pair's conversation is never removed, so one seen before the lock is still there.
    const conversation =
      target.conversation ?? (await openConversation(trx, ctx.network, me, target.card.id, newId(), now));
    const inserted = await insertMessage(trx, ctx.network, {
      id: messageId,
      conversationId: conversation.id,
      senderProfileId: me,
      type: input.type,
      text,
      photoId: input.type === 'image' ? input.photo! : null,
      giftId: gift?.id ?? null,
      creditsSpent: cost,
      clientId: input.client_id,
      createdAt: now,
      held,
    });
    // A parallel retry with the same key got there first: this one sends nothing, and what it
    // paid above is rolled back with the transaction.
    if (!inserted) throw new SendRaced();
    await recordDelivery(
      trx,
      ctx.network,
      conversation.id,
      { id: messageId, createdAt: now },
      {
        profileId: target.card.id,
        unread: held ? 0 : 1,
      },
    );
    // An image's files are in its own table; a text or a gift is known whole from what was stored.
    const row: MessageRow =
      input.type === 'image'
        ? (await messagesById(trx, ctx.network, [messageId]))[0]!
        : {
            id: messageId,
            conversation_id: conversation.id,
            sender_profile_id: me,
            type: input.type,
            text,
            photo_id: null,
            gift_id: gift?.id ?? null,
            credits_spent: cost,
            client_id: input.client_id,
            created_at: now,
            read_at: null,
            held: held ? 1 : 0,
            photo_filename: null,
            photo_thumb_filename: null,
            photo_blur_filename: null,
          };
    // The sender's balance badge and the receiver's conversation are told in the same commit as
    // the message: both events or neither, with one statement and no commit of their own.
    const events: PublishItem[] = [];
    if (balance !== null) events.push(balanceEvent(chatter.id, balance));
    const news = held ? null : messageEvent(ctx, t, row, target.card);
    if (news) events.push(news);
    // A message to an operator-run profile waits in the console's host inbox, live.
    if (!held && target.card.fictional === 1)
      events.push(...operatorInboxEvents(ctx.network, presentMessage(ctx, t, row, target.card.id)));
    const recorded = events.length > 0 ? await ctx.realtime.record(trx, ctx.network, events) : null;
    return { replay: false as const, balance, conversation, row, recorded };
  });
  const outcome = await sending.catch((error: unknown) => {
    if (error instanceof SendRaced) return { replay: true as const };
    throw error;
  });

  if (outcome.replay) {
    const first = await committedFirstSend(ctx, me, input.client_id);
    if (!first) throw new Error('A message taken by its client_id is not there');
    return replayed(ctx, t, chatter, first);
  }
  if (outcome.recorded) await ctx.realtime.fanOut(outcome.recorded);
  const { row } = outcome;
  // A held message reaches the receiver (and their notifications) only when it is released.
  if (row.held !== 1 && target.card.member_id)
    await notify(ctx, {
      type: 'message',
      recipientMemberId: target.card.member_id,
      actorProfileId: me,
      conversationId: row.conversation_id,
      messageId: row.id,
      firstInConversation: !target.conversation,
      ...(row.type === 'text' && row.text ? { preview: row.text } : {}),
    });
  return answerFor(ctx, t, chatter, row, outcome.balance, outcome.conversation);
}

/** How often, 10 ms apart, a retry that lost the race looks for its first send's commit. */
const FIRST_SEND_LOOKS = 50;

/**
 * The first send of a `client_id`, once it is committed. On SQLite a retry grouped into the same
 * commit as its first send (db/group-commit.ts) fails that group, which runs again without it:
 * the retry learns of the race before the first send's new run has committed, so it looks again
 * until the row is there (a send's commit takes milliseconds; half a second is ample).
 */
async function committedFirstSend(
  ctx: ServiceContext,
  me: string,
  clientId: string,
): Promise<MessageRow | undefined> {
  for (let look = 1; ; look++) {
    const first = await messageByClientId(ctx.db, ctx.network, me, clientId);
    if (first || look === FIRST_SEND_LOOKS) return first;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

async function answerFor(
  ctx: ServiceContext,
  t: Translate,
  chatter: Chatter,
  row: MessageRow,
  balance: number | null,
  known?: ConversationRow,
): Promise<SendResult> {
  const conversation =
    known ?? (await conversationOfMember(ctx.db, ctx.network, row.conversation_id, chatter.profileId));
  const answer: SendAnswer = {
    message: presentMessage(ctx, t, row, chatter.profileId),
    credits: balance ?? (await creditsOf(ctx.db, ctx.network, chatter.id)),
    allowance: await allowanceOf(ctx, chatter, conversation),
  };
  if (row.held === 1) return { status: 202, answer: { ...answer, held: true } };
  return { status: 201, answer };
}

/** A retry of a send that happened: the first message again, nothing charged or announced. */
function replayed(ctx: ServiceContext, t: Translate, chatter: Chatter, row: MessageRow): Promise<SendResult> {
  return answerFor(ctx, t, chatter, row, null);
}

/** What tells the receiver's devices of a delivered message; none for an operator's profile. */
function messageEvent(
  ctx: ServiceContext,
  t: Translate,
  row: MessageRow,
  receiver: Pick<AccountCardRow, 'id' | 'member_id' | 'language'>,
): PublishItem | null {
  if (!receiver.member_id) return null;
  // A gift's name in the receiver's language, not the sender's.
  const theirs = isLocale(receiver.language) ? translator(receiver.language) : t;
  return {
    memberId: receiver.member_id,
    type: 'message',
    data: {
      conversation: row.conversation_id,
      message: presentMessage(ctx, theirs, { ...row, held: 0 }, receiver.id),
    },
  };
}

/** Whether `photoId` is a chat picture the sender uploaded. */
async function ownChatPhoto(ctx: ServiceContext, me: string, photoId: string): Promise<boolean> {
  return (await chatPhotoOwner(ctx, photoId)) === me;
}

/* ---------------------------------------------------------------------------------------------- */
/* Hiding, typing                                                                                 */
/* ---------------------------------------------------------------------------------------------- */

/** `DELETE /api/chat.php`: hides the conversation for this member only, whoever the other is now. */
export async function removeChat(
  ctx: ServiceContext,
  chatter: Chatter,
  conversationId: string,
): Promise<{ ok: true }> {
  const conversation = await conversationOfMember(ctx.db, ctx.network, conversationId, chatter.profileId);
  if (!conversation) throw platformError('not_found');
  await hideConversation(ctx.db, ctx.network, conversation.id, chatter.profileId, ctx.clock.now());
  return { ok: true };
}

/** `POST /api/typing.php`: the other side sees "typing…" for a moment (never stored). */
export async function typing(ctx: ServiceContext, chatter: Chatter, conversationId: string): Promise<void> {
  const now = ctx.clock.now();
  const decision = await ctx.rateLimiter.consume(
    `chat-typing:${ctx.network}:${chatter.id}`,
    TYPING_RATE,
    now,
  );
  if (!decision.allowed) throw platformError('rate_limited', { retryAfter: decision.retryAfter });
  const { conversation, card } = await counterpart(ctx, chatter.profileId, { conversation: conversationId });
  // The other side hears nothing from a sender whose messages are still held.
  if (!conversation || chatter.status === 'not_confirmed' || chatter.invisible) return;
  if (card.member_id)
    await ctx.realtime.publish(ctx.network, card.member_id, 'typing', {
      conversation: conversation.id,
      profile: chatter.profileId,
    });
  // An operator-run profile's side is a host in the console, who sees the member typing there.
  else if (card.fictional === 1)
    await ctx.realtime.publish(ctx.network, inboxConversationTopic(conversation.id), 'inbox_typing', {
      conversation: conversation.id,
    });
}
