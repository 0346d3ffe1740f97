import { sql, type Kysely } from 'kysely';
import { createCountIndexes, dropCountIndexes } from './0012_search.ts';
import { COUNT_REST as COUNT_REST_0013 } from './0013_profile_listing.ts';
import { addIndex, createNetworkTable, flag, msType, required } from './schema-helpers.ts';

/*
 * Members' reports of profiles (and of messages in a conversation with them), for the
 * moderators' queue. A repeat of the same report (reporter, profile, reason) while one is open
 * updates that row instead of adding one: the partial unique index makes the merge one atomic
 * upsert, whatever the races. `severity` is stored with the row so the queue's order (severity,
 * then age) reads an index; the decision (status, who, when, the outcome note) stays on the row.
 *
 * `profiles.hidden_pending_review` takes a profile reported as underage out of every member-facing
 * read at once, until a moderator decides. The search count's covering indexes (0012, 0013) are
 * made again with the column, so the count still never visits the table.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const ms = msType(db);
  await createNetworkTable(db, 'reports')
    .addColumn('site_id', 'text', (c) => c.notNull())
    // Null once the reporter's data is erased: the report stays for the moderators.
    .addColumn('reporter_profile_id', 'text')
    .$call(required('text', ['profile_id', 'reason']))
    .addColumn('severity', 'integer', (c) => c.notNull())
    .addColumn('text', 'text')
    .addColumn('message_ids', 'text')
    .addColumn('count', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('open'))
    .$call(required(ms, ['created_at', 'updated_at']))
    .addColumn('decided_by', 'text')
    .addColumn('decided_at', ms)
    .addColumn('outcome', 'text')
    .execute();
  await db.schema
    .createIndex('reports_open_unique_idx')
    .on('reports')
    .columns(['network_id', 'reporter_profile_id', 'profile_id', 'reason'])
    .unique()
    .where(sql.ref('status'), '=', 'open')
    .execute();
  await addIndex(db, 'reports_queue_idx', 'reports', [
    'network_id',
    'status',
    'severity',
    'created_at',
    'id',
  ]);
  await addIndex(db, 'reports_profile_idx', 'reports', ['network_id', 'profile_id', 'created_at']);
  await addIndex(db, 'reports_reporter_idx', 'reports', ['reporter_profile_id']);
  await addIndex(db, 'reports_site_time_idx', 'reports', ['site_id', 'created_at']);

  await db.schema
    .alterTable('profiles')
    .addColumn('hidden_pending_review', 'integer', flag('hidden_pending_review'))
    .execute();
  await dropCountIndexes(db);
  await createCountIndexes(db, COUNT_REST);
}

/** 0013's columns of the count's indexes, with the new flag after the status. */
const COUNT_REST = COUNT_REST_0013.flatMap((column) =>
  column === 'status' ? [column, 'hidden_pending_review'] : [column],
);

export async function down(db: Kysely<any>): Promise<void> {
  await dropCountIndexes(db);
  await createCountIndexes(db, COUNT_REST_0013);
  await db.schema.alterTable('profiles').dropColumn('hidden_pending_review').execute();
  await db.schema.dropTable('reports').execute();
}
