import { memberTablesHook } from '../../server/privacy-tables.ts';

export const notificationsPrivacy = memberTablesHook('notifications', [
  {
    table: 'notification_preferences',
    column: 'member_id',
    exportAs: 'notification_preferences',
    select: ['category', 'disabled', 'reason', 'updated_at'],
    erase: 'delete',
  },
]);
