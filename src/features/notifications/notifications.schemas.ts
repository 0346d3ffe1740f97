import { z } from '../../lib/zod.ts';
import {
  NOTIFICATION_CATEGORIES,
  type NotificationCategory,
  type NotificationDisabledReason,
} from './notifications.constants.ts';

export {
  CONSENT_CATEGORIES,
  needsConsent,
  NOTIFICATION_CATEGORIES,
  NOTIFICATION_DISABLED_REASONS,
  PUSH_SETTINGS,
  type NotificationCategory,
  type NotificationDisabledReason,
  type PushSetting,
} from './notifications.constants.ts';

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
