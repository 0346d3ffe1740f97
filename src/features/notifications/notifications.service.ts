import type { ServiceContext } from '../../server/context.ts';
import {
  CONSENT_CATEGORIES,
  NOTIFICATION_CATEGORIES,
  needsConsent,
  type NotificationCategory,
  type NotificationDisabledReason,
  type NotificationsInput,
  type NotificationsState,
} from './notifications.schemas.ts';
import { preferenceRows, replaceDisabledCategories, switchOff } from './notifications.repository.ts';

/** The member's e-mail preferences, in the order of spec §3, with the system's reasons. */
export async function notificationPreferences(
  ctx: Pick<ServiceContext, 'db' | 'network'>,
  memberId: string,
): Promise<NotificationsState> {
  const rows = new Map(
    (await preferenceRows(ctx.db, ctx.network, memberId)).map((row) => [row.category, row]),
  );
  const state: NotificationsState = { disabled: [], reasons: {} };
  for (const category of NOTIFICATION_CATEGORIES) {
    const row = rows.get(category);
    const off = row ? row.disabled === 1 : needsConsent(category);
    if (!off) continue;
    state.disabled.push(category);
    if (row?.reason) state.reasons[category] = row.reason;
  }
  return state;
}

/** Whether the member wants e-mails of `category` now. */
export async function categoryEnabled(
  ctx: Pick<ServiceContext, 'db' | 'network'>,
  memberId: string,
  category: NotificationCategory,
): Promise<boolean> {
  return !(await notificationPreferences(ctx, memberId)).disabled.includes(category);
}

/**
 * The system switches categories off for members (a one-click unsubscribe, a bounce, a spam
 * report), with the reason /notifications shows them.
 */
export async function switchOffNotifications(
  ctx: Pick<ServiceContext, 'db' | 'network' | 'clock'>,
  memberIds: readonly string[],
  categories: readonly NotificationCategory[],
  reason: NotificationDisabledReason,
): Promise<void> {
  await switchOff(ctx.db, ctx.network, memberIds, categories, reason, ctx.clock.now());
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
  const consented = NOTIFICATION_CATEGORIES.filter(
    (category) => needsConsent(category) && !disabled.includes(category),
  );
  await replaceDisabledCategories(
    ctx.db,
    ctx.network,
    memberId,
    disabled,
    consented,
    CONSENT_CATEGORIES,
    ctx.clock.now(),
  );
  return notificationPreferences(ctx, memberId);
}
