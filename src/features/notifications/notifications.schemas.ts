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

/**
 * The member's choices about push besides the categories, kept in the same table as them: `push`
 * off stops every push, `push_preview` off keeps the sender's name and the text out of the
 * notification (a locked phone's screen shows it to anyone).
 */
export const PUSH_SETTINGS = ['push', 'push_preview'] as const;
export type PushSetting = (typeof PUSH_SETTINGS)[number];

/**
 * `PUT /api/notifications.php`: the complete list of categories the member wants no mail for,
 * and/or the push switch and the preview choice; a key left out keeps its value.
 */
export const notificationsInputSchema = z
  .strictObject({
    disabled: z
      .array(z.enum(NOTIFICATION_CATEGORIES, { error: 'category_invalid' }))
      .max(NOTIFICATION_CATEGORIES.length)
      .optional(),
    push: z.boolean({ error: 'invalid' }).optional(),
    push_preview: z.boolean({ error: 'invalid' }).optional(),
  })
  .refine((input) => Object.keys(input).length > 0, { path: ['disabled'], message: 'required' });
export type NotificationsInput = z.infer<typeof notificationsInputSchema>;

/** The answer of `GET`/`PUT /api/notifications.php`. */
export interface NotificationsState {
  disabled: NotificationCategory[];
  /** Only categories the system switched off carry a reason. */
  reasons: Partial<Record<NotificationCategory, NotificationDisabledReason>>;
  /** Push as a whole (on by default; a browser still has to subscribe). */
  push: boolean;
  /** The sender's name and the text shown in a push (on by default). */
  push_preview: boolean;
}

/** The notifications calls of the browser's client (API.md "Site and session"). */
declare module '../../lib/api-client.ts' {
  interface ApiRoutes {
    'GET /api/notifications.php': { body: undefined; answer: NotificationsState };
    'PUT /api/notifications.php': { body: NotificationsInput; answer: NotificationsState };
  }
}
