import type { Kysely } from 'kysely';
import { addIndex, cascadingReference, createNetworkTable, msType, required } from './schema-helpers.ts';

/*
 * Web pushes on their way (issue: reach members who are away). A message, like or match for a
 * member who is away writes one row per subscription; the process that wrote them sends them
 * right after (the push leaves within a second), and a job sends again those that failed, with
 * backoff, a few times at most. The payload holds the preview the member sees, so it is emptied
 * once the row is done; the rows themselves go after a week (`push.outbox` job).
 */
export async function up(db: Kysely<any>): Promise<void> {
  const ms = msType(db);
  await createNetworkTable(db, 'push_outbox')
    .addColumn('member_id', 'text', cascadingReference('members.id'))
    // Not a foreign key: a row outlives its subscription (a 410 deletes the subscription and the
    // row keeps saying so), and a subscription deleted before the send makes the row moot.
    .$call(required('text', ['site_id', 'event_id', 'subscription_id', 'payload', 'topic', 'status']))
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('next_attempt_at', ms)
    .addColumn('created_at', ms, (c) => c.notNull())
    .addColumn('sent_at', ms)
    .execute();
  await addIndex(db, 'push_outbox_event_idx', 'push_outbox', ['event_id']);
  await addIndex(db, 'push_outbox_due_idx', 'push_outbox', ['status', 'next_attempt_at']);
  await addIndex(db, 'push_outbox_member_idx', 'push_outbox', ['member_id']);
  await addIndex(db, 'push_outbox_created_idx', 'push_outbox', ['created_at']);
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('push_outbox').execute();
}
