import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/database.ts';
import { deleteInNetwork, selectInNetwork } from '../../db/query-network.ts';
import { CLAIM_IDLE_MS, type ClaimState } from './host-inbox.claims.ts';

/* The host inbox's own rows: claims, the replies hosts sent and the questions they marked. */

type Db = Kysely<Database> | Transaction<Database>;

export async function claimsOf(
  db: Db,
  conversationIds: readonly string[],
): Promise<Array<ClaimState & { conversation_id: string }>> {
  if (conversationIds.length === 0) return [];
  return db
    .selectFrom('host_claims')
    .select(['conversation_id', 'staff_id', 'staff_email', 'claimed_at', 'last_activity_at'])
    .where('conversation_id', 'in', conversationIds)
    .execute();
}

/**
 * Takes or renews the claim: written when there is none, it is the host's own, or it lapsed;
 * answers whether the host holds it now. One statement, so two hosts racing for a free
 * conversation cannot both win.
 */
export async function takeClaim(
  db: Db,
  claim: { conversationId: string; network: string; staffId: string; staffEmail: string; now: number },
): Promise<boolean> {
  const result = await db
    .insertInto('host_claims')
    .values({
      conversation_id: claim.conversationId,
      network_id: claim.network,
      staff_id: claim.staffId,
      staff_email: claim.staffEmail,
      claimed_at: claim.now,
      last_activity_at: claim.now,
    })
    .onConflict((conflict) =>
      conflict
        .column('conversation_id')
        .doUpdateSet((eb) => ({
          staff_id: eb.ref('excluded.staff_id'),
          staff_email: eb.ref('excluded.staff_email'),
          claimed_at: eb
            .case()
            .when('host_claims.staff_id', '=', claim.staffId)
            .then(eb.ref('host_claims.claimed_at'))
            .else(eb.ref('excluded.claimed_at'))
            .end(),
          last_activity_at: eb.ref('excluded.last_activity_at'),
        }))
        .where((eb) =>
          eb.or([
            eb('host_claims.staff_id', '=', claim.staffId),
            eb('host_claims.last_activity_at', '<=', claim.now - CLAIM_IDLE_MS),
          ]),
        ),
    )
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
}

/** Gives the claim up; only its holder can. Answers whether there was one to give up. */
export async function releaseClaim(db: Db, conversationId: string, staffId: string): Promise<boolean> {
  const result = await db
    .deleteFrom('host_claims')
    .where('conversation_id', '=', conversationId)
    .where('staff_id', '=', staffId)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

export interface NewHostReply {
  message_id: string;
  network_id: string;
  conversation_id: string;
  staff_id: string;
  staff_email: string;
  member_profile_id: string;
  waited_since: number;
  replied_at: number;
  honest: 0 | 1;
}

export async function insertHostReply(db: Db, reply: NewHostReply): Promise<void> {
  await db.insertInto('host_replies').values(reply).execute();
}

/** When the newest honest answer of a conversation was sent, if ever. */
export async function lastHonestAnswerAt(db: Db, conversationId: string): Promise<number | null> {
  const row = await db
    .selectFrom('host_replies')
    .select((eb) => eb.fn.max('replied_at').as('at'))
    .where('conversation_id', '=', conversationId)
    .where('honest', '=', 1)
    .executeTakeFirst();
  return row?.at === null || row?.at === undefined ? null : Number(row.at);
}

export async function markedQuestions(db: Db, conversationId: string): Promise<string[]> {
  const rows = await db
    .selectFrom('host_question_marks')
    .select('message_id')
    .where('conversation_id', '=', conversationId)
    .execute();
  return rows.map((r) => r.message_id);
}

/** Marks a message as asking whether the profile is real; answers false when it was already. */
export async function insertQuestionMark(
  db: Db,
  mark: {
    message_id: string;
    network_id: string;
    conversation_id: string;
    staff_id: string;
    member_profile_id: string;
    marked_at: number;
  },
): Promise<boolean> {
  const result = await db
    .insertInto('host_question_marks')
    .values(mark)
    .onConflict((conflict) => conflict.column('message_id').doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
}

/** Each reply's host and how long the member had waited, within the networks and period. */
export async function replyTimes(
  db: Db,
  networks: readonly string[] | 'all',
  from: number,
  to: number,
): Promise<Array<{ staff_email: string; network_id: string; waited_ms: number }>> {
  if (networks !== 'all' && networks.length === 0) return [];
  let query = db
    .selectFrom('host_replies')
    .select(['staff_email', 'network_id', 'replied_at', 'waited_since'])
    .where('replied_at', '>=', from)
    .where('replied_at', '<', to);
  if (networks !== 'all') query = query.where('network_id', 'in', networks);
  const rows = await query.execute();
  return rows.map((r) => ({
    staff_email: r.staff_email,
    network_id: r.network_id,
    waited_ms: Number(r.replied_at) - Number(r.waited_since),
  }));
}

/** Privacy: what the host inbox holds of a member's profile. */
export async function hostRowsOfProfile(db: Db, network: string, profileId: string) {
  const ofProfile = { member_profile_id: profileId };
  const replies = await selectInNetwork(db, 'host_replies', network, ofProfile)
    .select(['message_id', 'conversation_id', 'replied_at', 'honest'])
    .execute();
  const marks = await selectInNetwork(db, 'host_question_marks', network, ofProfile)
    .select(['message_id', 'conversation_id', 'marked_at'])
    .execute();
  return { replies, marks };
}

export async function deleteHostRowsOfProfile(db: Db, network: string, profileId: string): Promise<void> {
  const ofProfile = { member_profile_id: profileId };
  const conversations = await selectInNetwork(db, 'host_replies', network, ofProfile)
    .select('conversation_id')
    .execute();
  await deleteInNetwork(db, 'host_replies', network, ofProfile).execute();
  await deleteInNetwork(db, 'host_question_marks', network, ofProfile).execute();
  const ids = conversations.map((c) => c.conversation_id);
  if (ids.length > 0) await db.deleteFrom('host_claims').where('conversation_id', 'in', ids).execute();
}
