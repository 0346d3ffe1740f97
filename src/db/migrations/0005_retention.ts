import type { Kysely } from 'kysely';
import { addIndex, dropIndexes, msType } from './schema-helpers.ts';

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
  await addIndex(db, 'complaints_handled_idx', 'complaints', ['handled_at']);
  await addIndex(db, 'tracking_records_created_idx', 'tracking_records', ['created_at']);
  await addIndex(db, 'page_events_created_idx', 'page_events', ['created_at']);
  await addIndex(db, 'tokens_created_idx', 'tokens', ['created_at']);
}

export async function down(db: Kysely<any>): Promise<void> {
  await dropIndexes(db, [
    'tokens_created_idx',
    'page_events_created_idx',
    'tracking_records_created_idx',
    'complaints_handled_idx',
  ]);
  await db.schema.alterTable('complaints').dropColumn('handled_at').execute();
}
