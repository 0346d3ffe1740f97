import type { Kysely } from 'kysely';
import { msType } from './schema-helpers.ts';

/*
 * What the retention purges need (see src/features/retention/). A complaint's two years run from
 * when it was handled, which no column recorded; the other purges select on a creation time that
 * was only indexed behind `site_id`, so each run would have scanned the whole table.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('complaints').addColumn('handled_at', msType(db)).execute();
  // A complaint closed before this column existed was handled no earlier than it was filed: the
  // filing time is the earliest honest guess, and it errs towards deleting sooner, never later.
  await db
    .updateTable('complaints')
    .set((eb) => ({ handled_at: eb.ref('created_at') }))
    .where('status', '=', 'closed')
    .execute();
  await db.schema.createIndex('complaints_handled_idx').on('complaints').column('handled_at').execute();
  await db.schema
    .createIndex('tracking_records_created_idx')
    .on('tracking_records')
    .column('created_at')
    .execute();
  await db.schema.createIndex('page_events_created_idx').on('page_events').column('created_at').execute();
  await db.schema.createIndex('tokens_created_idx').on('tokens').column('created_at').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('tokens_created_idx').execute();
  await db.schema.dropIndex('page_events_created_idx').execute();
  await db.schema.dropIndex('tracking_records_created_idx').execute();
  await db.schema.dropIndex('complaints_handled_idx').execute();
  await db.schema.alterTable('complaints').dropColumn('handled_at').execute();
}
