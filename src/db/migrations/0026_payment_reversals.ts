import type { Kysely } from 'kysely';
import { addIndex, msType, required } from './schema-helpers.ts';

/*
 * Money that came back outside the member's own refund: a refund or a chargeback made at the
 * provider (Mollie's dashboard, the card holder's bank), or a direct debit returned unpaid. One
 * row per order: what the order cost, how much came back, the credits taken back from the
 * balance and those the member had spent already (`credits_unrecovered`), which the operator
 * settles by hand. Bookkeeping like the orders: kept when the account is erased.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const ms = msType(db);
  await db.schema
    .createTable('payment_reversals')
    .addColumn('order_id', 'text', (c) => c.primaryKey().references('orders.id'))
    .addColumn('network_id', 'text', (c) => c.notNull())
    .addColumn('member_id', 'text', (c) => c.notNull().references('members.id'))
    .$call(required('text', ['kind', 'currency']))
    .$call(required('integer', ['amount', 'credits_reversed', 'credits_unrecovered']))
    .addColumn('created_at', ms, (c) => c.notNull())
    .execute();
  await addIndex(db, 'payment_reversals_member_idx', 'payment_reversals', ['member_id']);
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('payment_reversals').execute();
}
