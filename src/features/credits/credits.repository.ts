import type { Transaction } from 'kysely';
import type { Database, LedgerReason } from '../../db/database.ts';

/*
 * The credit ledger's SQL (ARCHITECTURE rule 5): append-only entries in `credit_ledger`, with the
 * balance cached in `members.credits`. The service (credits.ledger.ts) decides; this file only
 * reads and writes, always inside the caller's transaction.
 */

type Trx = Transaction<Database>;

/**
 * Holds the member's row until the transaction ends: bookings of one member queue here, so a
 * check made after it sees every earlier booking. The no-op update takes PostgreSQL's row lock
 * and SQLite's write lock in one statement both dialects speak. Answers whether the member exists.
 */
export async function lockMemberCredits(trx: Trx, network: string, memberId: string): Promise<boolean> {
  const result = await trx
    .updateTable('members')
    .set((eb) => ({ credits: eb.ref('credits') }))
    .where('network_id', '=', network)
    .where('id', '=', memberId)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** The entry already booked for this cause, if any (a replay finds it instead of booking twice). */
export async function findEntry(
  trx: Trx,
  network: string,
  memberId: string,
  reason: LedgerReason,
  reference: string,
) {
  return trx
    .selectFrom('credit_ledger')
    .select(['id', 'delta', 'balance_after'])
    .where('network_id', '=', network)
    .where('member_id', '=', memberId)
    .where('reason', '=', reason)
    .where('reference', '=', reference)
    .executeTakeFirst();
}

/**
 * Moves the cached balance by `delta` only if it stays at zero or above; answers the new balance,
 * or undefined when the balance was too small (nothing changed).
 */
export async function moveBalance(
  trx: Trx,
  network: string,
  memberId: string,
  delta: number,
): Promise<number | undefined> {
  const row = await trx
    .updateTable('members')
    .set((eb) => ({ credits: eb('credits', '+', delta) }))
    .where('network_id', '=', network)
    .where('id', '=', memberId)
    .where((eb) => eb(eb('credits', '+', delta), '>=', 0))
    .returning('credits')
    .executeTakeFirst();
  return row === undefined ? undefined : Number(row.credits);
}

export interface NewEntry {
  id: string;
  network: string;
  siteId: string;
  memberId: string;
  delta: number;
  reason: LedgerReason;
  reference: string | null;
  balanceAfter: number;
  now: number;
}

export async function insertEntry(trx: Trx, entry: NewEntry): Promise<void> {
  await trx
    .insertInto('credit_ledger')
    .values({
      id: entry.id,
      network_id: entry.network,
      site_id: entry.siteId,
      member_id: entry.memberId,
      delta: entry.delta,
      reason: entry.reason,
      reference: entry.reference,
      balance_after: entry.balanceAfter,
      created_at: entry.now,
    })
    .execute();
}

/** The member's balance as cached beside the ledger. */
export async function balanceOf(trx: Trx, network: string, memberId: string): Promise<number | undefined> {
  const row = await trx
    .selectFrom('members')
    .select('credits')
    .where('network_id', '=', network)
    .where('id', '=', memberId)
    .executeTakeFirst();
  return row === undefined ? undefined : Number(row.credits);
}
