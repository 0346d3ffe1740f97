import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/database.ts';

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
  return db
    .selectFrom('orders')
    .select(['id', 'bundle_id', 'currency', 'country', 'payment_method', 'provider_payment_id'])
    .where('network_id', '=', network)
    .where('member_id', '=', memberId)
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
