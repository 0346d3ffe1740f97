import type { Kysely } from 'kysely';
import { addIndex, dropTables, msType, required } from './schema-helpers.ts';

/*
 * The host inbox of the operator console (operator-run profiles answered by people):
 * - `host_claims`: who is answering a conversation now. One row per conversation; a claim
 *   counts only while its `last_activity_at` is under 10 minutes old, so nothing has to run on a
 *   timer to expire it.
 * - `host_replies`: each message a host sent as an operator-run profile, with how long the
 *   member had waited (response times per host) and whether it was the honest answer.
 * - `host_question_marks`: a member's message a host marked as asking whether the profile is
 *   real, where the words escaped the detector.
 * No foreign keys to conversations or messages: the chat feature erases those, and these rows
 * go with them through the host inbox's privacy hook.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const ms = msType(db);
  await db.schema
    .createTable('host_claims')
    .addColumn('conversation_id', 'text', (c) => c.primaryKey())
    .$call(required('text', ['network_id', 'staff_id', 'staff_email']))
    .$call(required(ms, ['claimed_at', 'last_activity_at']))
    .execute();
  await addIndex(db, 'host_claims_staff_idx', 'host_claims', ['staff_id']);

  await db.schema
    .createTable('host_replies')
    .addColumn('message_id', 'text', (c) => c.primaryKey())
    .$call(
      required('text', ['network_id', 'conversation_id', 'staff_id', 'staff_email', 'member_profile_id']),
    )
    .$call(required(ms, ['waited_since', 'replied_at']))
    .addColumn('honest', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await addIndex(db, 'host_replies_conversation_idx', 'host_replies', ['conversation_id', 'replied_at']);
  await addIndex(db, 'host_replies_network_idx', 'host_replies', ['network_id', 'replied_at']);
  await addIndex(db, 'host_replies_member_idx', 'host_replies', ['member_profile_id']);

  await db.schema
    .createTable('host_question_marks')
    .addColumn('message_id', 'text', (c) => c.primaryKey())
    .$call(required('text', ['network_id', 'conversation_id', 'staff_id', 'member_profile_id']))
    .addColumn('marked_at', ms, (c) => c.notNull())
    .execute();
  await addIndex(db, 'host_question_marks_conversation_idx', 'host_question_marks', ['conversation_id']);
  await addIndex(db, 'host_question_marks_member_idx', 'host_question_marks', ['member_profile_id']);
}

export async function down(db: Kysely<any>): Promise<void> {
  await dropTables(db, ['host_question_marks', 'host_replies', 'host_claims']);
}
