import type { Kysely, Transaction } from 'kysely';
import type { Database, NewRow } from '../../db/database.ts';
import { deleteInNetwork, selectInNetwork } from '../../db/query-network.ts';
import { memberHasOrder, memberOrders } from './payments.repository.ts';
import { updatedOne } from '../../db/updated-one.ts';

/* The SQL of direct debit (payments.directdebit.ts decides): SMS codes, mandates, their orders. */

type Db = Kysely<Database> | Transaction<Database>;

export async function insertCode(db: Db, row: NewRow<'directdebit_codes'>): Promise<void> {
  await db.insertInto('directdebit_codes').values(row).execute();
}

/**
 * The other accounts of the network a mobile number was confirmed or given for: those a code was
 * sent to it for, and those with a mandate naming it (mandates outlive an erased account).
 */
export async function otherAccountsOfPhone(
  db: Db,
  network: string,
  phone: string,
  memberId: string,
): Promise<number> {
  const rows = await selectInNetwork(db, 'directdebit_codes', network, { phone })
    .select('member_id')
    .where('member_id', '!=', memberId)
    .union(
      selectInNetwork(db, 'directdebit_mandates', network, { phone })
        .select('member_id')
        .where('member_id', '!=', memberId),
    )
    .execute();
  return rows.length;
}

/** The member's newest code: only it counts, each new one replaces those before. */
export async function latestCode(db: Db, network: string, memberId: string) {
  return selectInNetwork(db, 'directdebit_codes', network, { member_id: memberId })
    .select(['id', 'phone', 'code_hash', 'attempts', 'expires_at', 'used_at'])
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
}

/** Counts a wrong try (kept even though the request is refused: that is what the limit counts). */
export async function countWrongTry(db: Db, codeId: string): Promise<void> {
  await db
    .updateTable('directdebit_codes')
    .set((eb) => ({ attempts: eb('attempts', '+', 1) }))
    .where('id', '=', codeId)
    .execute();
}

/** Uses the code up; false when another request used it first. */
export async function useCode(trx: Transaction<Database>, codeId: string, now: number): Promise<boolean> {
  return updatedOne(
    trx
      .updateTable('directdebit_codes')
      .set({ used_at: now })
      .where('id', '=', codeId)
      .where('used_at', 'is', null),
  );
}

/** The member's direct debit orders. */
function directDebitsOf(db: Db, network: string, memberId: string) {
  return memberOrders(db, network, memberId).where('payment_method', '=', 'sdd');
}

/** Whether a direct debit of the member came back unpaid (such an account is blocked for it). */
export const hasReturnedDebit = (db: Db, network: string, memberId: string) =>
  memberHasOrder(db, network, memberId, { payment_method: 'sdd', status: 'failed' });

/** The member's direct debit orders since `since` that were not given back (the limit counts them). */
export async function directDebitsSince(
  db: Db,
  network: string,
  memberId: string,
  since: number,
): Promise<number> {
  const row = await directDebitsOf(db, network, memberId)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('status', 'in', ['pending', 'completed'])
    .where('created_at', '>=', since)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/**
 * The mandate the member signed for this IBAN before, if any: its reference and signing date
 * stand for every later debit from that account (RCUR after the first collection).
 */
export async function signedMandate(db: Db, network: string, memberId: string, iban: string) {
  return selectInNetwork(db, 'directdebit_mandates', network, { member_id: memberId, iban })
    .select(['reference', 'signed_at'])
    .orderBy('created_at')
    .orderBy('id')
    .limit(1)
    .executeTakeFirst();
}

export async function insertMandate(
  trx: Transaction<Database>,
  row: NewRow<'directdebit_mandates'>,
): Promise<void> {
  await trx.insertInto('directdebit_mandates').values(row).execute();
}

/** The member's mandates, newest first, for the export (which masks the IBAN). */
export async function mandatesOf(db: Db, network: string, memberId: string) {
  return selectInNetwork(db, 'directdebit_mandates', network, { member_id: memberId })
    .select([
      'order_id',
      'iban',
      'holder',
      'street',
      'zip',
      'city',
      'country',
      'phone',
      'created_at',
      'reference',
      'signed_at',
      'return_reason',
    ])
    .orderBy('created_at', 'desc')
    .execute();
}

/** The member's SMS codes go with the account. */
export async function deleteCodesOf(
  trx: Transaction<Database>,
  network: string,
  memberId: string,
): Promise<void> {
  await deleteInNetwork(trx, 'directdebit_codes', network, { member_id: memberId }).execute();
}

/** The member's SMS codes for the export: where and when, never the hash. */
export async function codesOf(db: Db, network: string, memberId: string) {
  return selectInNetwork(db, 'directdebit_codes', network, { member_id: memberId })
    .select(['phone', 'attempts', 'created_at', 'expires_at', 'used_at'])
    .orderBy('created_at')
    .execute();
}
