import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/database.ts';
import { deleteInNetwork, selectInNetwork, valueInNetwork } from '../../db/query-network.ts';
import { memberOrders } from './payments.repository.ts';

/* The SQL of repeat orders (payments.repeat.ts decides). */

type Db = Kysely<Database> | Transaction<Database>;

/**
 * The member's last paid checkout (not itself a repeat) with one of `methods` at `provider`: the
 * card or PayPal mandate its payment left is the stored method a repeat order charges, and its
 * bundle the one repeated. Repeats charge that first payment's mandate, never one another's.
 */
export async function lastStoredMethodOrder(
  db: Db,
  network: string,
  memberId: string,
  provider: string,
  methods: readonly string[],
) {
  return memberOrders(db, network, memberId)
    .select(['id', 'bundle_id', 'currency', 'country', 'payment_method', 'provider_payment_id'])
    .where('provider', '=', provider)
    .where('status', '=', 'completed')
    .where('payment_method', 'in', [...methods])
    .where('provider_payment_id', 'is not', null)
    .where('recurring', '=', 0)
    .orderBy('completed_at', 'desc')
    .orderBy('created_at', 'desc')
    .limit(1)
    .executeTakeFirst();
}

/** The member's customer at `provider` (Mollie), where card and PayPal mandates are kept. */
export async function customerOf(db: Db, network: string, memberId: string, provider: string) {
  return valueInNetwork(db, 'payment_customers', network, { member_id: memberId, provider }, 'customer_id');
}

/** Keeps the first customer stored for the member at `provider`; answers the one that is kept. */
export async function keepCustomer(
  db: Db,
  row: { network: string; memberId: string; provider: string; customerId: string; now: number },
): Promise<string> {
  await db
    .insertInto('payment_customers')
    .values({
      network_id: row.network,
      member_id: row.memberId,
      provider: row.provider,
      customer_id: row.customerId,
      created_at: row.now,
    })
    .onConflict((oc) => oc.columns(['member_id', 'provider']).doNothing())
    .execute();
  return (await customerOf(db, row.network, row.memberId, row.provider)) ?? row.customerId;
}

/** A pending order that never reached the provider (no mandate was left to charge). */
export async function discardUnchargedOrder(db: Db, orderId: string): Promise<void> {
  await db
    .deleteFrom('orders')
    .where('id', '=', orderId)
    .where('status', '=', 'pending')
    .where('provider_payment_id', 'is', null)
    .execute();
}

export async function customersOf(db: Db, network: string, memberId: string) {
  return selectInNetwork(db, 'payment_customers', network, { member_id: memberId })
    .select(['provider', 'customer_id', 'created_at'])
    .orderBy('created_at')
    .execute();
}

export async function deleteCustomersOf(db: Db, network: string, memberId: string): Promise<void> {
  await deleteInNetwork(db, 'payment_customers', network, { member_id: memberId }).execute();
}
