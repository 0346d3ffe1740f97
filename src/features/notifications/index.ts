export { notify } from './notify.ts';
export { packedPreferenceRows } from './notifications.repository.ts';
export {
  categoryEnabled,
  notificationPreferences,
  notificationPreferencesOfPacked,
  switchOffNotifications,
  systemDisabledReasons,
  updateNotificationPreferences,
} from './notifications.service.ts';
export {
  CONSENT_CATEGORIES,
  NOTIFICATION_CATEGORIES,
  needsConsent,
  NOTIFICATION_DISABLED_REASONS,
  notificationsInputSchema,
  type NotificationCategory,
  type NotificationDisabledReason,
  type NotificationsInput,
  type NotificationsState,
} from './notifications.schemas.ts';
export { PUSH_SETTINGS, type PushSetting } from './notifications.schemas.ts';
