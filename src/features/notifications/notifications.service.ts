import type { ServiceContext } from '../../server/context.ts';
import {
  NOTIFICATION_CATEGORIES,
  PUSH_SETTINGS,
  type NotificationsInput,
  type NotificationsState,
  type PushSetting,
} from './notifications.schemas.ts';
import { disabledCategories, replaceDisabledCategories } from './notifications.repository.ts';

/** The member's e-mail preferences, in the order of spec §3, with the system's reasons, and push. */
export async function notificationPreferences(
  ctx: ServiceContext,
  memberId: string,
): Promise<NotificationsState> {
  const rows = await disabledCategories(ctx.db, ctx.network, memberId);
  const off = new Map(rows.map((row) => [row.category, row.reason]));
  const state: NotificationsState = {
    disabled: [],
    reasons: {},
    push: !off.has('push'),
    push_preview: !off.has('push_preview'),
  };
  for (const category of NOTIFICATION_CATEGORIES) {
    if (!off.has(category)) continue;
    state.disabled.push(category);
    const reason = off.get(category);
    if (reason) state.reasons[category] = reason;
  }
  return state;
}

/**
 * Saves the member's choice. A category the system switched off (a bounce, a spam report) can be
 * switched on again by the member: it is their address and their decision. The push settings
 * change only when the call names them.
 */
export async function updateNotificationPreferences(
  ctx: ServiceContext,
  memberId: string,
  input: NotificationsInput,
): Promise<NotificationsState> {
  const now = ctx.clock.now();
  if (input.disabled) {
    const disabled = NOTIFICATION_CATEGORIES.filter((category) => input.disabled!.includes(category));
    await replaceDisabledCategories(ctx.db, ctx.network, memberId, NOTIFICATION_CATEGORIES, disabled, now);
  }
  const named = PUSH_SETTINGS.filter((setting) => input[setting] !== undefined);
  if (named.length) {
    const off: PushSetting[] = named.filter((setting) => input[setting] === false);
    await replaceDisabledCategories(ctx.db, ctx.network, memberId, named, off, now);
  }
  return notificationPreferences(ctx, memberId);
}
