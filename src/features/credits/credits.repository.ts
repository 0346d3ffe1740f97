import type { Transaction } from 'kysely';
import { compiledOnce } from '../../db/compiled.ts';
import type { Database, LedgerReason } from '../../db/database.ts';

/*
 * The credit ledger's SQL (ARCHITECTURE rule 5): append-only entries in `credit_ledger`, with the
 * balance cached in `members.credits`. The service (credits.ledger.ts) decides; this file only
 * reads and writes, always inside the caller's transaction. Every statement here runs on each
 * paid message, so each is compiled once (db/compiled.ts).
 */

type Trx = Transaction<Database>;

/** One ledger entry to book (credits.ledger.ts books it). */
export interface Booking {
  network: string;
  /** The site the member belongs to (kept on the entry for the operator's books). */
  siteId: string;
  memberId: string;
  /** Credits in (positive) or out (negative); a whole number, never zero. */
  delta: number;
  reason: LedgerReason;
  /** The order, message or gift this entry pays for; unique per member and reason. */
  reference: string | null;
  now: number;
}

/**
 * Holds the member's row until the transaction ends: bookings of one member queue here, so a
 * check made after it sees every earlier booking. The no-op update takes PostgreSQL's row lock
 * and SQLite's write lock in one statement both dialects speak. Answers whether the member exists.
 * It sets the balance to itself because no index holds the balance: SQLite writes nothing for a
 * row that stays the same, where `status = status` rewrote the entries of both indexes that hold
 * the status, two more pages in every commit of a chat send.
 */
const lockQuery = compiledOnce<{ network: string; memberId: string }, never>(
  ['network', 'memberId'],
  (db, v) =>
    db
      .updateTable('members')
      .set((eb) => ({ credits: eb.ref('credits') }))
      .where('network_id', '=', v.network)
      .where('id', '=', v.memberId),
);

export async function lockMemberCredits(trx: Trx, network: string, memberId: string): Promise<boolean> {
  const result = await lockQuery.executeResult(trx, { network, memberId });
  return Number(result.numAffectedRows) === 1;
}

type EntryKey = {
  network: string;
  memberId: string;
  reason: LedgerReason;
  reference: string;
};

const entryQuery = compiledOnce<EntryKey, { id: string; delta: number; balance_after: number }>(
  ['network', 'memberId', 'reason', 'reference'],
  (db, v) =>
    db
      .selectFrom('credit_ledger')
      .select(['id', 'delta', 'balance_after'])
      .where('network_id', '=', v.network)
      .where('member_id', '=', v.memberId)
      .where('reason', '=', v.reason)
      .where('reference', '=', v.reference),
);

/** The entry already booked for this cause, if any (a replay finds it instead of booking twice). */
export async function findEntry(
  trx: Trx,
  network: string,
  memberId: string,
  reason: LedgerReason,
  reference: string,
) {
  return entryQuery.executeTakeFirst(trx, { network, memberId, reason, reference });
}

/**
 * Moves the cached balance by `delta` only if it stays at zero or above; answers the new balance,
 * or undefined when the balance was too small (nothing changed).
 */
const moveQuery = compiledOnce<{ network: string; memberId: string; delta: number }, { credits: number }>(
  ['network', 'memberId', 'delta'],
  (db, v) =>
    db
      .updateTable('members')
      .set((eb) => ({ credits: eb('credits', '+', v.delta) }))
      .where('network_id', '=', v.network)
      .where('id', '=', v.memberId)
      .where((eb) => eb(eb('credits', '+', v.delta), '>=', 0))
      .returning('credits'),
);

export async function moveBalance(
  trx: Trx,
  network: string,
  memberId: string,
  delta: number,
): Promise<number | undefined> {
  const row = await moveQuery.executeTakeFirst(trx, { network, memberId, delta });
  return row === undefined ? undefined : Number(row.credits);
}

/** A booking as the ledger writes it: with its entry's id and the balance after it. */
export interface NewEntry extends Booking {
  id: string;
  balanceAfter: number;
}

type EntryValues = Omit<NewEntry, 'reference'> & { reference: string | null };

const insertEntryQuery = compiledOnce<EntryValues, never>(
  ['id', 'network', 'siteId', 'memberId', 'delta', 'reason', 'reference', 'balanceAfter', 'now'],
  (db, v) =>
    db.insertInto('credit_ledger').values({
      id: v.id,
      network_id: v.network,
      site_id: v.siteId,
      member_id: v.memberId,
      delta: v.delta,
      reason: v.reason,
      reference: v.reference,
      balance_after: v.balanceAfter,
      created_at: v.now,
    }),
);

export async function insertEntry(trx: Trx, entry: NewEntry): Promise<void> {
  await insertEntryQuery.execute(trx, {
    id: entry.id,
    network: entry.network,
    siteId: entry.siteId,
    memberId: entry.memberId,
    delta: entry.delta,
    reason: entry.reason,
    reference: entry.reference,
    balanceAfter: entry.balanceAfter,
    now: entry.now,
  });
}

const balanceQuery = compiledOnce<{ network: string; memberId: string }, { credits: number }>(
  ['network', 'memberId'],
  (db, v) =>
    db
      .selectFrom('members')
      .select('credits')
      .where('network_id', '=', v.network)
      .where('id', '=', v.memberId),
);

/** The member's balance as cached beside the ledger. */
export async function balanceOf(trx: Trx, network: string, memberId: string): Promise<number | undefined> {
  const row = await balanceQuery.executeTakeFirst(trx, { network, memberId });
  return row === undefined ? undefined : Number(row.credits);
}
