import { z } from '../../lib/zod.ts';

/** The e-mail categories of spec §3, in the order the preferences screen lists them. */
export const NOTIFICATION_CATEGORIES = [
  'new_conversations',
  'new_messages',
  'like',
  'unread_message_reminders',
  'promotions',
  'weekly_updates',
  'news',
  'reminders',
] as const;
export type NotificationCategory = (typeof NOTIFICATION_CATEGORIES)[number];

/**
 * Categories that need the member's consent (issue 27: advertising by e-mail is opt-in): off
 * until the member switches them on, for new and existing members alike.
 */
export const CONSENT_CATEGORIES = ['promotions', 'news'] as const satisfies readonly NotificationCategory[];

export function needsConsent(category: NotificationCategory): boolean {
  return (CONSENT_CATEGORIES as readonly NotificationCategory[]).includes(category);
}

/**
 * Why the system (not the member) switched a category off (spec §3): fbl = the member marked a
 * mail as spam, bounce = the address does not take mail, listunsubscribe = the mail client's
 * unsubscribe button.
 */
export const NOTIFICATION_DISABLED_REASONS = ['fbl', 'bounce', 'listunsubscribe'] as const;
export type NotificationDisabledReason = (typeof NOTIFICATION_DISABLED_REASONS)[number];

/** `PUT /api/notifications.php`: the complete list of categories the member wants no mail for. */
export const notificationsInputSchema = z.strictObject({
  disabled: z
    .array(z.enum(NOTIFICATION_CATEGORIES, { error: 'category_invalid' }))
    .max(NOTIFICATION_CATEGORIES.length),
});
export type NotificationsInput = z.infer<typeof notificationsInputSchema>;

/** The answer of `GET`/`PUT /api/notifications.php`. */
export interface NotificationsState {
  disabled: NotificationCategory[];
  /** Only categories the system switched off carry a reason. */
  reasons: Partial<Record<NotificationCategory, NotificationDisabledReason>>;
}

/** The notifications calls of the browser's client (API.md "Site and session"). */
declare module '../../lib/api-client.ts' {
  interface ApiRoutes {
    'GET /api/notifications.php': { body: undefined; answer: NotificationsState };
    'PUT /api/notifications.php': { body: NotificationsInput; answer: NotificationsState };
  }
}
