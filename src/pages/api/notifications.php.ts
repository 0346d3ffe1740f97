import type { APIRoute } from 'astro';
import { memberOr403, parseWith, readJsonBody } from '../../features/accounts/accounts.http.ts';
import {
  notificationPreferences,
  notificationsInputSchema,
  updateNotificationPreferences,
} from '../../features/notifications/index.ts';
import { serviceContext } from '../../server/context.ts';
import { json } from '../../server/http.ts';

/** `GET /api/notifications.php` (member): `{ disabled, reasons }`. */
export const GET: APIRoute = async ({ locals }) => {
  const who = memberOr403(locals);
  if (!who.ok) return who.response;
  return json(await notificationPreferences(serviceContext(locals), who.member.id));
};

/** `PUT /api/notifications.php { disabled: [category…] }` (member): the complete list of categories off. */
export const PUT: APIRoute = async ({ locals, request }) => {
  const who = memberOr403(locals);
  if (!who.ok) return who.response;
  const read = await readJsonBody(request, locals.t);
  if (!read.ok) return read.response;
  const parsed = parseWith(notificationsInputSchema, read.body, locals);
  if (!parsed.ok) return parsed.response;
  return json(await updateNotificationPreferences(serviceContext(locals), who.member.id, parsed.data));
};
