import type { ExpressionBuilder, Kysely, Transaction } from 'kysely';
import type { ConsoleMailingsTable, Database, InviteCodesTable } from '../../db/database.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { selectInNetwork, updateInNetwork } from '../../db/query-network.ts';
import type { Insertable, Updateable } from 'kysely';
import { updatedOne } from '../../db/updated-one.ts';

/* The SQL of invite codes and console mailings. */

type Db = Kysely<Database> | Transaction<Database>;

/** Inserts an invite code; false when the network has it already. */
export async function insertInvite(trx: Db, row: Insertable<InviteCodesTable>): Promise<boolean> {
  try {
    await trx.insertInto('invite_codes').values(row).execute();
    return true;
  } catch (error) {
    if (isUniqueViolation(error)) return false;
    throw error;
  }
}

export async function invitesOf(db: Db, network: string, limit: number) {
  return selectInNetwork(db, 'invite_codes', network, {})
    .selectAll()
    .orderBy('created_at', 'desc')
    .limit(limit)
    .execute();
}

export async function inviteById(db: Db, network: string, id: string) {
  return selectInNetwork(db, 'invite_codes', network, { id }).selectAll().executeTakeFirst();
}

export async function disableInvite(trx: Db, network: string, id: string): Promise<number> {
  const result = await updateInNetwork(trx, 'invite_codes', network, { id })
    .set({ active: 0 })
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** An invite code that may be used at `now`: active, not expired, with a use left. */
function usableAt(eb: ExpressionBuilder<Database, 'invite_codes'>, now: number) {
  return eb.and([
    eb('active', '=', 1),
    eb.or([eb('expires_at', 'is', null), eb('expires_at', '>', now)]),
    eb.or([eb('max_uses', 'is', null), eb('uses', '<', eb.ref('max_uses'))]),
  ]);
}

/** The invite code a signup on this site may use now, if any (lower-case text). */
export async function usableInvite(db: Db, network: string, siteId: string, code: string, now: number) {
  return selectInNetwork(db, 'invite_codes', network, { code })
    .select(['id'])
    .where((eb) => eb.or([eb('site_id', 'is', null), eb('site_id', '=', siteId)]))
    .where((eb) => usableAt(eb, now))
    .executeTakeFirst();
}

/**
 * Counts one use, only while the code has one left: one statement, so two signups racing for
 * the last use get one row changed between them.
 */
export async function takeInviteUse(db: Db, network: string, id: string, now: number): Promise<boolean> {
  return updatedOne(
    updateInNetwork(db, 'invite_codes', network, { id })
      .set((eb) => ({ uses: eb('uses', '+', 1) }))
      .where((eb) => usableAt(eb, now)),
  );
}

export async function insertMailing(trx: Db, row: Insertable<ConsoleMailingsTable>): Promise<void> {
  await trx.insertInto('console_mailings').values(row).execute();
}

export async function mailingsOf(db: Db, networks: readonly string[] | 'all', limit: number) {
  let query = db.selectFrom('console_mailings').selectAll().orderBy('created_at', 'desc').limit(limit);
  if (networks !== 'all') {
    if (!networks.length) return [];
    query = query.where('network_id', 'in', networks);
  }
  return query.execute();
}

export async function mailingById(db: Db, id: string) {
  return db.selectFrom('console_mailings').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Marks the mailing as being sent; false when it was already (one send per mailing). */
export async function claimMailing(trx: Db, id: string, now: number): Promise<boolean> {
  return updatedOne(
    trx
      .updateTable('console_mailings')
      .set({ sent_at: now })
      .where('id', '=', id)
      .where('sent_at', 'is', null),
  );
}

/** Mailings asked to be sent and not finished yet, oldest first (the sending job's queue). */
export async function unfinishedMailings(db: Db, limit: number) {
  return db
    .selectFrom('console_mailings')
    .selectAll()
    .where('finished_at', 'is', null)
    .where('sent_at', 'is not', null)
    .orderBy('sent_at')
    .orderBy('id')
    .limit(limit)
    .execute();
}

/** Changes a mailing still being sent; a finished one stays as it ended. */
async function updateUnfinishedMailing(db: Db, id: string, change: Updateable<ConsoleMailingsTable>) {
  await db
    .updateTable('console_mailings')
    .set(change)
    .where('id', '=', id)
    .where('finished_at', 'is', null)
    .execute();
}

/** A batch's progress: the member it reached last and how many were mailed in all so far. */
export async function recordMailingProgress(db: Db, id: string, cursor: string, sent: number): Promise<void> {
  await updateUnfinishedMailing(db, id, { send_cursor: cursor, sent_count: sent });
}

export async function finishMailing(db: Db, id: string, sent: number, now: number): Promise<void> {
  await updateUnfinishedMailing(db, id, { sent_count: sent, finished_at: now });
}
