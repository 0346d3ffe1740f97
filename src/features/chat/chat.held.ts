import { newClusteredId, newId } from '../../db/ids.ts';
import { translator, type Translate } from '../../i18n/index.ts';
import { isLocale } from '../../i18n/locales.ts';
import type { ServiceContext } from '../../server/context.ts';
import {
  accountOfProfile,
  conversationOfMember,
  heldMessagesOf,
  inTransaction,
  insertMessage,
  messagesById,
  openConversation,
  profileOfMember,
  recordDelivery,
  releaseHeld,
  visibleCard,
} from './chat.repository.ts';
import { operatorInboxEvents } from './chat.inbox-events.ts';
import { presentMessage } from './chat.service.ts';
import { notify } from '../notifications/index.ts';
import { profileSite, seesBack } from '../profiles/index.ts';

/*
 * Held messages: a member who has not confirmed the e-mail address may write (and pays as
 * anyone does), but nobody receives it until the account is activated. Activation then delivers
 * them in the order written, and the first message of the signup form with them.
 */

/** What signup kept for activation: the form's first message and the profile it goes to. */
export interface SignupMessage {
  text: string;
  profileId: string;
  /** When it was written (the signup): it goes before anything the member wrote since. */
  writtenAt: number;
}

/**
 * Delivers a newly activated member's held messages (and the signup form's message, free of
 * charge): each becomes visible to its receiver, counts as unread there and is announced. A
 * second activation finds nothing left to deliver. Answers how many messages were delivered.
 */
export async function deliverHeldMessages(
  ctx: ServiceContext,
  t: Translate,
  memberId: string,
  signup: SignupMessage | null,
): Promise<number> {
  const me = await profileOfMember(ctx.db, ctx.network, memberId);
  if (!me) return 0;
  const now = ctx.clock.now();
  const scope = { network: ctx.network, viewer: { profileId: me }, withheldSites: ctx.withheldSites };
  if (signup && signup.text.trim() && signup.profileId !== me) {
    // Only to a profile the member may write to: not blocked either way, in this network, shown,
    // and seeing the member back (not of a sister brand this site withholds its members from).
    const card = await visibleCard(ctx.db, scope, signup.profileId);
    const reaches =
      card !== undefined &&
      (ctx.site.memberResell || seesBack(ctx, (await profileSite(ctx.db, ctx.network, card.id)) ?? null));
    if (card && reaches) {
      await inTransaction(ctx.db, async (trx) => {
        const conversation = await openConversation(trx, ctx.network, me, card.id, newId(), now);
        const id = newClusteredId(now);
        await insertMessage(trx, ctx.network, {
          id,
          conversationId: conversation.id,
          senderProfileId: me,
          type: 'text',
          text: signup.text.trim().slice(0, ctx.site.messageLength),
          photoId: null,
          giftId: null,
          creditsSpent: 0,
          clientId: null,
          createdAt: Math.min(signup.writtenAt, now),
          held: true,
        });
      });
    }
  }

  const held = await heldMessagesOf(ctx.db, ctx.network, me);
  const delivered: string[] = [];
  await inTransaction(ctx.db, async (trx) => {
    if (
      (await releaseHeld(
        trx,
        ctx.network,
        held.map((m) => m.id),
      )) === 0
    )
      return;
    for (const message of held) {
      const conversation = await conversationOfMember(trx, ctx.network, message.conversation_id, me);
      if (!conversation) continue;
      const receiver =
        conversation.profile_a_id === me ? conversation.profile_b_id : conversation.profile_a_id;
      await recordDelivery(
        trx,
        ctx.network,
        conversation.id,
        { id: message.id, createdAt: Number(message.created_at) },
        { profileId: receiver, unread: 1 },
      );
      delivered.push(message.id);
    }
  });

  const rows = await messagesById(ctx.db, ctx.network, delivered);
  // Announced in the order written, as the receiver reads them.
  rows.sort((x, y) => delivered.indexOf(x.id) - delivered.indexOf(y.id));
  for (const row of rows) {
    const conversation = await conversationOfMember(ctx.db, ctx.network, row.conversation_id, me);
    if (!conversation) continue;
    const receiver = conversation.profile_a_id === me ? conversation.profile_b_id : conversation.profile_a_id;
    const account = await accountOfProfile(ctx.db, ctx.network, receiver);
    if (!account) continue;
    // A profile without an account is operator-run: the message waits in the console's inbox.
    if (!account.member_id) {
      await ctx.realtime.publishAll(
        ctx.network,
        operatorInboxEvents(ctx.network, presentMessage(ctx, t, row, receiver)),
      );
      continue;
    }
    await ctx.realtime.publish(ctx.network, account.member_id, 'message', {
      conversation: row.conversation_id,
      message: presentMessage(
        ctx,
        isLocale(account.language) ? translator(account.language) : t,
        row,
        receiver,
      ),
    });
    await notify(ctx, {
      type: 'message',
      recipientMemberId: account.member_id,
      actorProfileId: me,
      conversationId: row.conversation_id,
      messageId: row.id,
      ...(row.type === 'text' && row.text ? { preview: row.text } : {}),
    });
  }
  return delivered.length;
}
