import { sql, type Kysely } from 'kysely';
import {
  addIndex,
  createNetworkTable,
  dropIndexes,
  msType,
  protectNetworkRows,
  required,
  rewritingEveryNetwork,
} from './schema-helpers.ts';

/*
 * Collecting the direct debits (docs/operators.md "Direct debits"). A mandate row was written per
 * order; the bank needs a mandate reference and the date it was signed, the same for every
 * collection from one account of one member, so that the first collection goes out as FRST and
 * the later ones as RCUR. Each row now carries that reference (the id of the member's first
 * mandate row for the IBAN) and that date, the export it went out in with the sequence type it
 * went out with, and the reason code of a return (ISO 20022, e.g. AC04, MD06).
 *
 * `directdebit_exports` keeps each pain.008 file made in the console: who made it, for which
 * site and days, with how many debits and what total, its message id being the file's MsgId.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const ms = msType(db);
  await db.schema
    .alterTable('directdebit_mandates')
    .addColumn('reference', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
  await db.schema
    .alterTable('directdebit_mandates')
    .addColumn('signed_at', ms, (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.alterTable('directdebit_mandates').addColumn('export_id', 'text').execute();
  await db.schema.alterTable('directdebit_mandates').addColumn('sequence_type', 'text').execute();
  await db.schema.alterTable('directdebit_mandates').addColumn('return_reason', 'text').execute();
  // Rows written before: the member's first mandate for the same IBAN is the mandate they signed.
  await rewritingEveryNetwork(db, 'directdebit_mandates', async () => {
    await sql`update directdebit_mandates set
      reference = (select f.id from directdebit_mandates f
        where f.network_id = directdebit_mandates.network_id
          and f.member_id = directdebit_mandates.member_id and f.iban = directdebit_mandates.iban
        order by f.created_at, f.id limit 1),
      signed_at = (select f.created_at from directdebit_mandates f
        where f.network_id = directdebit_mandates.network_id
          and f.member_id = directdebit_mandates.member_id and f.iban = directdebit_mandates.iban
        order by f.created_at, f.id limit 1)`.execute(db);
  });
  await addIndex(db, 'directdebit_mandates_order_unique', 'directdebit_mandates', ['order_id'], {
    unique: true,
  });
  await addIndex(db, 'directdebit_mandates_reference_idx', 'directdebit_mandates', [
    'reference',
    'export_id',
  ]);

  await createNetworkTable(db, 'directdebit_exports')
    .$call(required('text', ['site_id', 'staff_id', 'date_from', 'date_to', 'collection_date']))
    .addColumn('transactions', 'integer', (c) => c.notNull())
    // A file's sum may pass PostgreSQL's 4-byte integer (21 million euros) where one order cannot.
    .addColumn('amount', ms, (c) => c.notNull())
    .addColumn('currency', 'text', (c) => c.notNull())
    .addColumn('created_at', ms, (c) => c.notNull())
    .execute();
  await addIndex(db, 'directdebit_exports_site_idx', 'directdebit_exports', ['site_id', 'created_at']);
  await protectNetworkRows(db, 'directdebit_exports');
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('directdebit_exports').execute();
  await dropIndexes(db, ['directdebit_mandates_reference_idx', 'directdebit_mandates_order_unique']);
  for (const column of ['return_reason', 'sequence_type', 'export_id', 'signed_at', 'reference']) {
    await db.schema.alterTable('directdebit_mandates').dropColumn(column).execute();
  }
}
