import { sql, type Kysely } from 'kysely';
import { createCountIndexes, dropCountIndexes } from './0012_search.ts';
import { addIndex, flag, msType } from './schema-helpers.ts';

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
  await db.schema
    .createTable('reports')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('network_id', 'text', (c) => c.notNull())
    .addColumn('site_id', 'text', (c) => c.notNull())
    // Null once the reporter's data is erased: the report stays for the moderators.
    .addColumn('reporter_profile_id', 'text')
    .addColumn('profile_id', 'text', (c) => c.notNull())
    .addColumn('reason', 'text', (c) => c.notNull())
    .addColumn('severity', 'integer', (c) => c.notNull())
    .addColumn('text', 'text')
    .addColumn('message_ids', 'text')
    .addColumn('count', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('open'))
    .addColumn('created_at', ms, (c) => c.notNull())
    .addColumn('updated_at', ms, (c) => c.notNull())
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

/** 0013's columns of the count's indexes, with the new flag. */
const COUNT_REST = [
  'status',
  'hidden_pending_review',
  'listing',
  'seeking',
  'country',
  'region',
  'last_active_at',
  'site_id',
  'main_photo_id',
  'id',
];

export async function down(db: Kysely<any>): Promise<void> {
  await dropCountIndexes(db);
  await createCountIndexes(
    db,
    COUNT_REST.filter((c) => c !== 'hidden_pending_review'),
  );
  await db.schema.alterTable('profiles').dropColumn('hidden_pending_review').execute();
  await db.schema.dropTable('reports').execute();
}
