import type { Kysely } from 'kysely';
import { msType, required } from './schema-helpers.ts';

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
    .$call(required('text', ['currency', 'method', 'description', 'status', 'redirect_url', 'webhook_url']))
    .$call(required(ms, ['created_at', 'updated_at']))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('test_payments').execute();
}
