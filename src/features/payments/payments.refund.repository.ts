import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/database.ts';
import { updateInNetwork, valueInNetwork } from '../../db/query-network.ts';
import { memberHasOrder, memberOrders } from './payments.repository.ts';
import { updatedOne } from '../../db/updated-one.ts';

/* The SQL of refunds (payments.refund.ts decides): the order refunded and the member's premium. */

type Db = Kysely<Database> | Transaction<Database>;

/**
 * Marks a completed order refunded; answers false when it was not completed any more (a refund
 * that raced this one won). PostgreSQL holds the row until commit, so the loser waits and then
 * finds the status changed.
 */
export async function markRefunded(
  trx: Transaction<Database>,
  orderId: string,
  now: number,
): Promise<boolean> {
  return updatedOne(
    trx
      .updateTable('orders')
      .set({ status: 'refunded', updated_at: now })
      .where('id', '=', orderId)
      .where('status', '=', 'completed'),
  );
}

/** Whether the member still has a paid (completed) order. */
export const hasPaidOrder = (trx: Transaction<Database>, network: string, memberId: string) =>
  memberHasOrder(trx, network, memberId, { status: 'completed' });

/** Premium ends: the member is no longer a paying member. */
export async function endPremium(
  trx: Transaction<Database>,
  network: string,
  memberId: string,
): Promise<void> {
  await updateInNetwork(trx, 'members', network, { id: memberId }).set({ paid_user: 0 }).execute();
}

/** The member's balance as cached beside the ledger (read only; a preview, not a booking). */
export async function creditsOf(db: Db, network: string, memberId: string): Promise<number> {
  return Number((await valueInNetwork(db, 'members', network, { id: memberId }, 'credits')) ?? 0);
}

/** The member's orders, newest first (the order history on the settings page). */
export async function ordersOf(db: Db, network: string, memberId: string, limit: number) {
  return memberOrders(db, network, memberId)
    .select(['id', 'credits', 'amount', 'currency', 'status', 'payment_method', 'created_at', 'completed_at'])
    .where('status', 'in', ['completed', 'refunded'])
    .orderBy('created_at', 'desc')
    .limit(limit)
    .execute();
}
