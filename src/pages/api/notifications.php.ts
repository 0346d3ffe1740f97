import {
  notificationPreferences,
  notificationsInputSchema,
  updateNotificationPreferences,
} from '../../features/notifications/index.ts';
import { endpoint } from '../../server/endpoint.ts';

/** `GET /api/notifications.php` (member): `{ disabled, reasons }`. */
export const GET = endpoint({
  member: true,
  handle: ({ ctx, member }) => notificationPreferences(ctx, member.id),
});

/** `PUT /api/notifications.php { disabled: [category…] }` (member): the complete list of categories off. */
export const PUT = endpoint({
  member: true,
  body: notificationsInputSchema,
  handle: ({ ctx, member, input }) => updateNotificationPreferences(ctx, member.id, input),
});
