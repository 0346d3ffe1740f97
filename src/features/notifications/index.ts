export { notify } from './notify.ts';
export { notificationPreferences, updateNotificationPreferences } from './notifications.service.ts';
export {
  NOTIFICATION_CATEGORIES,
  NOTIFICATION_DISABLED_REASONS,
  notificationsInputSchema,
  type NotificationCategory,
  type NotificationDisabledReason,
  type NotificationsInput,
  type NotificationsState,
} from './notifications.schemas.ts';
export { PUSH_SETTINGS, type PushSetting } from './notifications.schemas.ts';
