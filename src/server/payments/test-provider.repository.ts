import type { Kysely } from 'kysely';
import type { Database, TestPaymentsTable } from '../../db/database.ts';
import type { Insertable, Selectable } from 'kysely';

/* The built-in test provider's own book of payments (migration 0014). */

export type TestPaymentRow = Selectable<TestPaymentsTable>;

export async function insertTestPayment(db: Kysely<Database>, row: Insertable<TestPaymentsTable>) {
  await db.insertInto('test_payments').values(row).execute();
}

export async function findTestPayment(db: Kysely<Database>, id: string): Promise<TestPaymentRow | undefined> {
  return db.selectFrom('test_payments').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function findTestPaymentByReference(
  db: Kysely<Database>,
  reference: string,
): Promise<TestPaymentRow | undefined> {
  return db.selectFrom('test_payments').selectAll().where('reference', '=', reference).executeTakeFirst();
}

/** Records the checkout's outcome; a payment that is no longer open keeps its first outcome. */
export async function settleTestPayment(
  db: Kysely<Database>,
  id: string,
  status: TestPaymentsTable['status'],
  now: number,
): Promise<boolean> {
  const result = await db
    .updateTable('test_payments')
    .set({ status, updated_at: now })
    .where('id', '=', id)
    .where('status', '=', 'open')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Pays back part of a paid payment; refuses (answers false) more than is left of it. */
export async function refundTestPayment(db: Kysely<Database>, id: string, amount: number, now: number) {
  const result = await db
    .updateTable('test_payments')
    .set((eb) => ({ refunded_amount: eb('refunded_amount', '+', amount), updated_at: now }))
    .where('id', '=', id)
    .where('status', '=', 'paid')
    .where((eb) => eb(eb('refunded_amount', '+', amount), '<=', eb.ref('amount')))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}
