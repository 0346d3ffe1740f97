import type { ServiceContext } from '../../server/context.ts';
import {
  NOTIFICATION_CATEGORIES,
  type NotificationsInput,
  type NotificationsState,
} from './notifications.schemas.ts';
import { disabledCategories, replaceDisabledCategories } from './notifications.repository.ts';

/** The member's e-mail preferences, in the order of spec §3, with the system's reasons. */
export async function notificationPreferences(
  ctx: ServiceContext,
  memberId: string,
): Promise<NotificationsState> {
  const rows = await disabledCategories(ctx.db, ctx.network, memberId);
  const off = new Map(rows.map((row) => [row.category, row.reason]));
  const state: NotificationsState = { disabled: [], reasons: {} };
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
 * switched on again by the member: it is their address and their decision.
 */
export async function updateNotificationPreferences(
  ctx: ServiceContext,
  memberId: string,
  input: NotificationsInput,
): Promise<NotificationsState> {
  const disabled = NOTIFICATION_CATEGORIES.filter((category) => input.disabled.includes(category));
  await replaceDisabledCategories(ctx.db, ctx.network, memberId, disabled, ctx.clock.now());
  return notificationPreferences(ctx, memberId);
}
