import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/database.ts';

/*
 * Orders, the credit ledger and discount redemptions. For now only what a member's export
 * needs beyond the plain rows of src/features/payments/payments.privacy.ts; the credits and
 * payments capabilities build the rest here.
 */

type Db = Kysely<Database> | Transaction<Database>;

/** The discount codes the member redeemed, and on which order. */
export async function redemptionsOf(db: Db, network: string, memberId: string) {
  return db
    .selectFrom('discount_redemptions as r')
    .innerJoin('discount_codes as d', 'd.id', 'r.discount_code_id')
    .select(['d.code', 'd.percentage', 'r.order_id', 'r.created_at'])
    .where('r.network_id', '=', network)
    .where('r.member_id', '=', memberId)
    .orderBy('r.created_at')
    .execute();
}
