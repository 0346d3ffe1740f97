import type { Kysely } from 'kysely';
import { addIndex, createNetworkTable, dropTables, flag, msType, required } from './schema-helpers.ts';

/*
 * Notification e-mails (API.md "Away from the site"):
 * - `mail_pending`: an event (message, like, match) waiting for its e-mail. It goes out after the
 *   delay only if still unseen; `due_at` is set when quiet hours or the gap per conversation
 *   defer it.
 * - `mail_log`: what was mailed to whom and when, for the rules that count: one e-mail per
 *   conversation per gap, one activation reminder, one reminder of the same unread messages, one
 *   weekly update a week. No words of the e-mail are kept.
 * Promotions and news become consent categories: off until the member switches them on. The
 * existing rows that switched them off say what is now the default, so they go; existing members
 * had never agreed to them, so none is switched on for them.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const ms = msType(db);
  await createNetworkTable(db, 'mail_pending')
    .$call(required('text', ['site_id', 'member_id', 'type', 'actor_profile_id']))
    .addColumn('conversation_id', 'text')
    .addColumn('message_id', 'text')
    .addColumn('first_in_conversation', 'integer', flag('first_in_conversation'))
    .addColumn('created_at', ms, (c) => c.notNull())
    .addColumn('due_at', ms)
    .execute();
  await addIndex(db, 'mail_pending_created_idx', 'mail_pending', ['created_at']);
  await addIndex(db, 'mail_pending_member_idx', 'mail_pending', ['member_id']);

  await createNetworkTable(db, 'mail_log')
    .$call(required('text', ['member_id', 'kind', 'ref']))
    .addColumn('sent_at', ms, (c) => c.notNull())
    .execute();
  await addIndex(db, 'mail_log_member_idx', 'mail_log', ['member_id', 'kind', 'ref', 'sent_at']);

  await db
    .deleteFrom('notification_preferences')
    .where('category', 'in', ['promotions', 'news'])
    .where('reason', 'is', null)
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await dropTables(db, ['mail_log', 'mail_pending']);
}
