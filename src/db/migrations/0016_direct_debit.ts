import type { Kysely } from 'kysely';
import { addIndex, cascadingReference, createNetworkTable, msType, required } from './schema-helpers.ts';

/*
 * Direct debit: the SMS codes that confirm a member's mobile number before a debit, and the
 * mandates the operator collects with. A code is kept only as a hash, counts its wrong tries
 * (five, then a new code is needed) and is used once. A mandate keeps the full IBAN because the
 * collection needs it; nothing answers or shows more than its masked form.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const ms = msType(db);
  await createNetworkTable(db, 'directdebit_codes')
    .addColumn('member_id', 'text', cascadingReference('members.id'))
    .$call(required('text', ['phone', 'code_hash']))
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .$call(required(ms, ['created_at', 'expires_at']))
    .addColumn('used_at', ms)
    .execute();
  await addIndex(db, 'directdebit_codes_member_idx', 'directdebit_codes', ['member_id', 'created_at']);
  await createNetworkTable(db, 'directdebit_mandates')
    .addColumn('site_id', 'text', (c) => c.notNull())
    .addColumn('member_id', 'text', (c) => c.notNull().references('members.id'))
    .addColumn('order_id', 'text', (c) => c.notNull().references('orders.id'))
    .$call(required('text', ['iban', 'holder', 'street', 'zip', 'city', 'country', 'phone']))
    .addColumn('created_at', ms, (c) => c.notNull())
    .execute();
  await addIndex(db, 'directdebit_mandates_member_idx', 'directdebit_mandates', ['member_id', 'created_at']);
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('directdebit_mandates').execute();
  await db.schema.dropTable('directdebit_codes').execute();
}
