import type { Transaction } from 'kysely';
import type { Database } from '../../db/database.ts';
import { newClusteredId } from '../../db/ids.ts';
import type { NetworksPage } from '../../db/keyset.ts';
import { translator, type Translate } from '../../i18n/index.ts';
import { isLocale } from '../../i18n/locales.ts';
import type { ServiceContext } from '../../server/context.ts';
import { DomainError, invalidFields } from '../../server/errors.ts';
import type { PublishItem } from '../../server/realtime/index.ts';
import { notify } from '../notifications/index.ts';
import { blockBetween } from '../profiles/index.ts';
import { chatPhotoOwner } from './chat.photos.ts';
import {
  operatorConversation,
  operatorMember,
  operatorThread,
  waitingOperatorConversations,
  type OperatorConversationRow,
  type OperatorMemberRow,
} from './chat.operator.repository.ts';
import {
  insertMessage,
  markRead,
  messageByClientId,
  messagesById,
  recordDelivery,
} from './chat.repository.ts';
import { operatorInboxEvents } from './chat.inbox-events.ts';
import type { ChatMessage } from './chat.schemas.ts';
import { presentMessage } from './chat.service.ts';

/*
 * Conversations of operator-run (fictional) profiles, for the console's host inbox. A host's
 * reply is a message like any other: stored, delivered to the member's devices on the realtime
 * bus and notified; only the profile pays nothing, having no account. Nothing here sends by
 * itself: every reply is one request of a person.
 */

export type { OperatorConversationRow, OperatorMemberRow };

/** The newest messages of a conversation a host sees at once. */
export const OPERATOR_THREAD_LIMIT = 500;

/** The conversations of operator-run profiles waiting for a host's reply, longest waiting first. */
export function waitingOperatorChats(
  ctx: Pick<ServiceContext, 'db'>,
  page: NetworksPage,
): Promise<OperatorConversationRow[]> {
  return waitingOperatorConversations(ctx.db, page);
}

export function operatorChat(
  ctx: Pick<ServiceContext, 'db'>,
  conversationId: string,
): Promise<OperatorConversationRow | undefined> {
  return operatorConversation(ctx.db, conversationId);
}

export function operatorChatMember(
  ctx: Pick<ServiceContext, 'db'>,
  network: string,
  profileId: string,
): Promise<OperatorMemberRow | undefined> {
  return operatorMember(ctx.db, network, profileId);
}

/** The thread as the operator-run profile sees it (`mine`: the profile's own messages). */
export async function operatorChatThread(
  ctx: ServiceContext,
  t: Translate,
  chat: OperatorConversationRow,
): Promise<ChatMessage[]> {
  const rows = await operatorThread(ctx.db, chat.network_id, chat.conversation_id, OPERATOR_THREAD_LIMIT);
  return rows.map((row) => presentMessage(ctx, t, row, chat.operator_profile_id));
}

/**
 * The operator-run profile has read the conversation: the member's devices learn it (`read`),
 * as they would of any member who opened it.
 */
export async function readAsOperatorProfile(
  ctx: ServiceContext,
  chat: OperatorConversationRow,
): Promise<void> {
  const now = ctx.clock.now();
  const read = await markRead(ctx.db, chat.network_id, chat.conversation_id, chat.operator_profile_id, now);
  if (read > 0 && chat.member_id)
    await ctx.realtime.publish(chat.network_id, chat.member_id, 'read', {
      conversation: chat.conversation_id,
      until: now,
    });
}

export interface OperatorReply {
  type: 'text' | 'image';
  text?: string | undefined;
  photo?: string | undefined;
  client_id: string;
}

/**
 * Sends `reply` as the conversation's operator-run profile: the message, the conversation's
 * state, the member's `message` event and whatever `alongside` records (the console's audit
 * entry, the reply's response time) in one transaction; the member's devices are told after the
 * commit. Free of charge: the profile has no account. A retry with the same `client_id` answers
 * the first message and sends nothing.
 */
export async function sendAsOperatorProfile(
  ctx: ServiceContext,
  t: Translate,
  chat: OperatorConversationRow,
  reply: OperatorReply,
  alongside: (trx: Transaction<Database>, message: { id: string; createdAt: number }) => Promise<void>,
): Promise<ChatMessage> {
  const me = chat.operator_profile_id;
  const text = reply.type === 'text' ? (reply.text ?? '').trim() : null;
  if (text !== null && text.length === 0) throw invalidFields({ text: 'required' });
  if (text !== null && [...text].length > ctx.site.messageLength) throw invalidFields({ text: 'too_long' });
  if (reply.type === 'image' && (await chatPhotoOwner(ctx, reply.photo ?? '')) !== me)
    throw invalidFields({ photo: 'invalid' });

  const earlier = await messageByClientId(ctx.db, chat.network_id, me, reply.client_id);
  if (earlier) return presentMessage(ctx, t, earlier, me);
  // A member who blocked the profile (or was blocked by it) hears nothing more from it.
  const block = await blockBetween(ctx.db, chat.network_id, me, chat.member_profile_id);
  if (block.byThem || block.byViewer)
    throw new DomainError('blocked', {
      status: 403,
      message: block.byThem ? 'chat.blocked_by' : 'chat.you_blocked',
      vars: { name: chat.member_name },
    });

  const now = ctx.clock.now();
  const id = newClusteredId(now);
  const outcome = await ctx.db.transaction().execute(async (trx) => {
    const inserted = await insertMessage(trx, chat.network_id, {
      id,
      conversationId: chat.conversation_id,
      senderProfileId: me,
      type: reply.type,
      text,
      photoId: reply.type === 'image' ? reply.photo! : null,
      giftId: null,
      creditsSpent: 0,
      clientId: reply.client_id,
      createdAt: now,
      held: false,
    });
    if (!inserted) return null;
    await recordDelivery(
      trx,
      chat.network_id,
      chat.conversation_id,
      { id, createdAt: now },
      { profileId: chat.member_profile_id, unread: 1 },
    );
    const row = (await messagesById(trx, chat.network_id, [id]))[0]!;
    await alongside(trx, { id, createdAt: now });
    const member = await operatorMember(trx, chat.network_id, chat.member_profile_id);
    // The other hosts' consoles learn of the reply too: the list drops the conversation, and a
    // host who has it open sees the reply in the thread.
    const events: PublishItem[] = operatorInboxEvents(chat.network_id, presentMessage(ctx, t, row, me));
    if (chat.member_id)
      events.push({
        memberId: chat.member_id,
        type: 'message',
        data: {
          conversation: chat.conversation_id,
          // A gift's or a picture's words in the member's language, not the host's.
          message: presentMessage(
            ctx,
            member?.language && isLocale(member.language) ? translator(member.language) : t,
            row,
            chat.member_profile_id,
          ),
        },
      });
    const recorded = await ctx.realtime.record(trx, chat.network_id, events);
    return { row, recorded };
  });
  if (!outcome) {
    // A parallel retry stored it first.
    const first = await messageByClientId(ctx.db, chat.network_id, me, reply.client_id);
    return presentMessage(ctx, t, first!, me);
  }
  await ctx.realtime.fanOut(outcome.recorded);
  if (chat.member_id)
    await notify(ctx, {
      type: 'message',
      recipientMemberId: chat.member_id,
      actorProfileId: me,
      conversationId: chat.conversation_id,
      messageId: id,
      firstInConversation: false,
      ...(text ? { preview: text } : {}),
    });
  return presentMessage(ctx, t, outcome.row, me);
}

/** The member sees "typing…" while a host writes as the profile (never stored). */
export async function typingAsOperatorProfile(
  ctx: ServiceContext,
  chat: OperatorConversationRow,
): Promise<void> {
  if (!chat.member_id) return;
  await ctx.realtime.publish(chat.network_id, chat.member_id, 'typing', {
    conversation: chat.conversation_id,
    profile: chat.operator_profile_id,
  });
}
