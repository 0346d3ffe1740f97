import type { Kysely } from 'kysely';
import { msType } from './schema-helpers.ts';

/*
 * The built-in test payment provider keeps its payments here, as a real provider keeps them on
 * its side: the shop only ever learns a payment's status by asking the provider for it. An
 * operator switching to Mollie leaves this table empty.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const ms = msType(db);
  await db.schema
    .createTable('test_payments')
    .addColumn('id', 'text', (c) => c.primaryKey())
    // The shop's reference (the order id): one payment per order at the test provider.
    .addColumn('reference', 'text', (c) => c.notNull().unique())
    .addColumn('amount', 'integer', (c) => c.notNull())
    .addColumn('currency', 'text', (c) => c.notNull())
    .addColumn('method', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('redirect_url', 'text', (c) => c.notNull())
    .addColumn('webhook_url', 'text', (c) => c.notNull())
    .addColumn('created_at', ms, (c) => c.notNull())
    .addColumn('updated_at', ms, (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('test_payments').execute();
}
