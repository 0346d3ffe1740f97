import type { Kysely } from 'kysely';
import { cascadingReference, msType, required } from './schema-helpers.ts';

/*
 * A member's customer at a payment provider that keeps card and PayPal mandates on a customer
 * (Mollie): made at the member's first card or PayPal order, whose payment then leaves a mandate
 * there, and charged again by repeat orders. One per member and provider; the customer's id at
 * the provider is unique there.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('payment_customers')
    .addColumn('network_id', 'text', (c) => c.notNull())
    .addColumn('member_id', 'text', cascadingReference('members.id'))
    .$call(required('text', ['provider', 'customer_id']))
    .addColumn('created_at', msType(db), (c) => c.notNull())
    .addPrimaryKeyConstraint('payment_customers_pk', ['member_id', 'provider'])
    .addUniqueConstraint('payment_customers_customer_unique', ['provider', 'customer_id'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('payment_customers').execute();
}
