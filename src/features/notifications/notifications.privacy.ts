import { ownRowsHook } from '../../server/privacy-tables.ts';

export const notificationsPrivacy = ownRowsHook('notifications', {
  table: 'notification_preferences',
  exportAs: 'notification_preferences',
  select: ['category', 'disabled', 'reason', 'updated_at'],
});
