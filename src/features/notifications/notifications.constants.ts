/*
 * What the notification settings and the activation reminder need in the browser, apart from the
 * schemas: importing `notifications.schemas.ts` there would ship zod to /notifications and to
 * every member page that may show the reminder.
 */

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

/**
 * The member's choices about push besides the categories, kept in the same table as them: `push`
 * off stops every push, `push_preview` off keeps the sender's name and the text out of the
 * notification (a locked phone's screen shows it to anyone).
 */
export const PUSH_SETTINGS = ['push', 'push_preview'] as const;
export type PushSetting = (typeof PUSH_SETTINGS)[number];
