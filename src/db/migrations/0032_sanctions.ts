import type { Kysely } from 'kysely';
import { addIndex, createNetworkTable, dropTables, flag, msType, required } from './schema-helpers.ts';

/*
 * Moderation decisions and their appeals (the Digital Services Act's statement of reasons,
 * Art. 17, and internal complaint handling, Art. 20).
 *
 * `moderation_decisions` holds every decision a moderator takes: a sanction of an account
 * (warn, suspend, ban, and the lift that ends one), and, by `subject_type`, any other decision
 * on content (a rejected photo or text, a dismissed report). Each row is the statement of
 * reasons as sent: scope, facts, ground, whether it was automated, and its DSA Transparency
 * Database submission state. `lifted_at` ends a suspension or ban before its time.
 *
 * `moderation_appeals` are the appeal links e-mailed with a statement (to the member, or to a
 * reporter), stored as hashes of their tokens; a row becomes an appeal once its text arrives.
 *
 * A ban also keeps the member from coming back: `banned_emails` (keyed hashes of the normalised
 * address) and `banned_devices` (hashes of the browser cookie) per network, the latter filled
 * from `member_devices`, the browsers each member has used.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const ms = msType(db);
  await createNetworkTable(db, 'moderation_decisions')
    .addColumn('site_id', 'text', (c) => c.notNull())
    // The member the decision concerns (the author of the content); null once erased.
    .addColumn('member_id', 'text')
    // 'account' for a sanction; 'photo', 'text', 'report'… for decisions on content.
    .addColumn('subject_type', 'text', (c) => c.notNull())
    .addColumn('subject_id', 'text')
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('until', ms)
    .$call(required('text', ['scope', 'facts', 'ground_type', 'ground']))
    .addColumn('automated', 'integer', flag('automated'))
    // JSON array of the reports the decision answers.
    .addColumn('report_ids', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('decided_by', 'text', (c) => c.notNull())
    // When the matter arose (the first report, or the content's creation): time to decision.
    .$call(required(ms, ['opened_at', 'decided_at']))
    .addColumn('lifted_at', ms)
    .addColumn('reversed_by_appeal', 'text')
    // The decision a `lift` ends.
    .addColumn('lifts', 'text')
    // The Transparency Database: 'off' (no token), 'pending', 'sent', 'failed'.
    .addColumn('dsa_status', 'text', (c) => c.notNull().defaultTo('off'))
    .addColumn('dsa_attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('dsa_next_at', ms)
    .execute();
  await addIndex(db, 'moderation_decisions_member_idx', 'moderation_decisions', ['network_id', 'member_id']);
  await addIndex(db, 'moderation_decisions_time_idx', 'moderation_decisions', ['network_id', 'decided_at']);
  await addIndex(db, 'moderation_decisions_dsa_idx', 'moderation_decisions', ['dsa_status', 'dsa_next_at']);
  await createNetworkTable(db, 'moderation_appeals')
    .addColumn('decision_id', 'text', (c) => c.notNull().references('moderation_decisions.id'))
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('appellant_kind', 'text', (c) => c.notNull())
    .addColumn('appellant_member_id', 'text')
    // 'issued' (the link only), 'open', 'decided'.
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('text', 'text')
    .$call(required(ms, ['issued_at', 'expires_at']))
    .addColumn('submitted_at', ms)
    .addColumn('decided_by', 'text')
    .addColumn('decided_at', ms)
    .addColumn('outcome', 'text')
    .execute();
  await addIndex(db, 'moderation_appeals_decision_idx', 'moderation_appeals', ['decision_id']);
  await addIndex(db, 'moderation_appeals_queue_idx', 'moderation_appeals', ['network_id', 'status']);
  for (const [table, column] of [
    ['banned_emails', 'email_hash'],
    ['banned_devices', 'device_hash'],
  ] as const)
    await db.schema
      .createTable(table)
      .addColumn('network_id', 'text', (c) => c.notNull())
      .addColumn(column, 'text', (c) => c.notNull())
      .addColumn('decision_id', 'text', (c) => c.notNull())
      .addColumn('created_at', ms, (c) => c.notNull())
      .addPrimaryKeyConstraint(`${table}_pk`, ['network_id', column])
      .execute();
  await db.schema
    .createTable('member_devices')
    .$call(required('text', ['network_id', 'member_id', 'device_hash']))
    .addColumn('last_seen_at', ms, (c) => c.notNull())
    .addPrimaryKeyConstraint('member_devices_pk', ['network_id', 'member_id', 'device_hash'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await dropTables(db, [
    'member_devices',
    'banned_devices',
    'banned_emails',
    'moderation_appeals',
    'moderation_decisions',
  ]);
}
