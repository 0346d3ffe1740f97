import type { Kysely } from 'kysely';
import { addIndex, createNetworkTable, dropTables, msType, required } from './schema-helpers.ts';

/*
 * What the console's support and payments staff do to a member's money, kept beside the ledger
 * for the operator's books:
 * - `credit_adjustments`: credits given or taken by a staff member, with the reason they gave;
 *   the ledger entry (`staff_adjustment`) names the row as its reference.
 * - `order_refunds`: an order refunded by staff, once per order: how (by the member's refund
 *   rules, or in full with a reason), what was reversed, and whether the provider paid it back
 *   (`payout`: paid, failed with the provider's words, or none for nothing to pay).
 * Bookkeeping like the orders: kept when the account is erased.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const ms = msType(db);
  await createNetworkTable(db, 'credit_adjustments')
    .addColumn('site_id', 'text', (c) => c.notNull())
    .addColumn('member_id', 'text', (c) => c.notNull().references('members.id'))
    .$call(required('text', ['staff_id', 'reason']))
    .addColumn('delta', 'integer', (c) => c.notNull())
    .addColumn('created_at', ms, (c) => c.notNull())
    .execute();
  await addIndex(db, 'credit_adjustments_member_idx', 'credit_adjustments', ['member_id']);

  await db.schema
    .createTable('order_refunds')
    .addColumn('order_id', 'text', (c) => c.primaryKey().references('orders.id'))
    .addColumn('network_id', 'text', (c) => c.notNull())
    .addColumn('member_id', 'text', (c) => c.notNull().references('members.id'))
    .$call(required('text', ['staff_id', 'mode', 'currency', 'payout']))
    .addColumn('reason', 'text')
    .$call(required('integer', ['amount', 'credits_reversed', 'credits_unrecovered']))
    .addColumn('provider_error', 'text')
    .addColumn('created_at', ms, (c) => c.notNull())
    .execute();
  await addIndex(db, 'order_refunds_member_idx', 'order_refunds', ['member_id']);
}

export async function down(db: Kysely<any>): Promise<void> {
  await dropTables(db, ['order_refunds', 'credit_adjustments']);
}
