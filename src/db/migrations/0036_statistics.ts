import { sql, type Kysely } from 'kysely';
import { addIndex, dialectOf, dropIndexes, dropTables, required } from './schema-helpers.ts';

/*
 * Daily statistics of the console (docs/console.md "Statistics"). `statistics_daily` holds one
 * row per site, closed day (UTC, `YYYY-MM-DD`), traffic source (network, ref, sub; '' for none)
 * and currency: the row of currency '' carries the counts, a row per currency the revenue (minor
 * units, net of refunds and VAT). Aggregates only, tied to no member. `statistics_progress`
 * says up to which day a site's rollups are written: later days are computed live.
 *
 * The live figures of today read the features' tables by time, so the tables they read get
 * the indexes for it: messages and orders by network and time, members by activation.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('statistics_daily')
    .$call(
      required('text', [
        'site_id',
        'network_id',
        'day',
        'source_network',
        'source_ref',
        'source_sub',
        'currency',
      ]),
    )
    .addColumn('visits', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('signups', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('activations', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('first_purchases', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('messages', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('active_members', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('revenue', 'bigint', (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('statistics_daily_pk', [
      'site_id',
      'day',
      'source_network',
      'source_ref',
      'source_sub',
      'currency',
    ])
    // Read by key ranges only: on SQLite the rows live in the key's order, a range read is one scan.
    .$call((table) => (dialectOf(db) === 'sqlite' ? table.modifyEnd(sql`without rowid`) : table))
    .execute();
  await addIndex(db, 'statistics_daily_network_day_idx', 'statistics_daily', ['network_id', 'day']);
  await db.schema
    .createTable('statistics_progress')
    .addColumn('site_id', 'text', (c) => c.primaryKey())
    .$call(required('text', ['network_id', 'rolled_through']))
    .execute();
  await addIndex(db, 'messages_network_created_idx', 'messages', ['network_id', 'created_at']);
  await addIndex(db, 'orders_network_completed_idx', 'orders', ['network_id', 'completed_at']);
  await addIndex(db, 'orders_status_updated_idx', 'orders', ['status', 'updated_at']);
  await addIndex(db, 'members_network_confirmed_idx', 'members', ['network_id', 'confirmed_at']);
}

export async function down(db: Kysely<any>): Promise<void> {
  await dropIndexes(db, [
    'members_network_confirmed_idx',
    'orders_status_updated_idx',
    'orders_network_completed_idx',
    'messages_network_created_idx',
  ]);
  await dropTables(db, ['statistics_progress', 'statistics_daily']);
}
