import { memberTablesHook } from '../../server/privacy-tables.ts';

/**
 * The notification e-mails' rows: events waiting for the member's e-mail, and when which kind of
 * e-mail went to them. A waiting event about the member (they wrote or liked) goes with them too:
 * an erased member is news to nobody.
 */
export const notificationMailPrivacy = memberTablesHook('notification-mail', [
  {
    table: 'mail_pending',
    column: 'member_id',
    exportAs: 'notification_mail_waiting',
    select: ['type', 'created_at', 'due_at'],
    erase: 'delete',
  },
  {
    table: 'mail_pending',
    column: 'actor_profile_id',
    by: 'profile',
    exportAs: 'notification_mail_about_you',
    select: ['type', 'created_at'],
    erase: 'delete',
  },
  {
    table: 'mail_log',
    column: 'member_id',
    exportAs: 'notification_mails_sent',
    select: ['kind', 'sent_at'],
    orderBy: 'sent_at',
    erase: 'delete',
  },
]);
