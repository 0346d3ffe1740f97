import type { Kysely } from 'kysely';

/*
 * What the built-in test provider paid back of a payment (minor units), as a real provider keeps
 * its refunds: a member's refund sends the money back through the provider, not only in the books.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('test_payments')
    .addColumn('refunded_amount', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('test_payments').dropColumn('refunded_amount').execute();
}
