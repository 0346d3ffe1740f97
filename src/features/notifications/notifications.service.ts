import type { ServiceContext } from '../../server/context.ts';
import {
  CONSENT_CATEGORIES,
  NOTIFICATION_CATEGORIES,
  NOTIFICATION_DISABLED_REASONS,
  PUSH_SETTINGS,
  needsConsent,
  type NotificationCategory,
  type NotificationDisabledReason,
  type NotificationsInput,
  type NotificationsState,
  type PushSetting,
} from './notifications.schemas.ts';
import {
  preferenceRows,
  replacePreferences,
  switchOff,
  systemSwitchOffsSince,
  unpackPreferenceRows,
  type PreferenceRow,
} from './notifications.repository.ts';

/** The member's e-mail preferences, in the order of spec §3, with the system's reasons, and push. */
export async function notificationPreferences(
  ctx: Pick<ServiceContext, 'db' | 'network'>,
  memberId: string,
): Promise<NotificationsState> {
  return stateOfRows(await preferenceRows(ctx.db, ctx.network, memberId));
}

/**
 * The same, from the rows a statement that read the member brought along packed
 * (`packedPreferenceRows`: the session's, so that a member request reads them in no statement of
 * their own).
 */
export function notificationPreferencesOfPacked(packed: string | null): NotificationsState {
  return stateOfRows(unpackPreferenceRows(packed));
}

/** The settings the member's rows say: each category or push setting without a row has its default. */
function stateOfRows(found: readonly PreferenceRow[]): NotificationsState {
  const rows = new Map(found.map((row) => [row.category, row]));
  const state: NotificationsState = {
    disabled: [],
    reasons: {},
    push: rows.get('push')?.disabled !== 1,
    push_preview: rows.get('push_preview')?.disabled !== 1,
  };
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
    await replacePreferences(
      ctx.db,
      ctx.network,
      memberId,
      { among: NOTIFICATION_CATEGORIES, disabled, offByDefault: CONSENT_CATEGORIES },
      now,
    );
  }
  const named = PUSH_SETTINGS.filter((setting) => input[setting] !== undefined);
  if (named.length) {
    const off: PushSetting[] = named.filter((setting) => input[setting] === false);
    await replacePreferences(
      ctx.db,
      ctx.network,
      memberId,
      { among: named, disabled: off, offByDefault: [] },
      now,
    );
  }
  return notificationPreferences(ctx, memberId);
}

/**
 * Why e-mails were switched off by the system since the member last closed the alert that says
 * so (spec §3 "disabled reasons"): each reason once, in the order of
 * NOTIFICATION_DISABLED_REASONS. A new bounce after a dismissal shows the alert again.
 */
export async function systemDisabledReasons(
  ctx: Pick<ServiceContext, 'db' | 'network'>,
  memberId: string,
  dismissedAt: number,
): Promise<NotificationDisabledReason[]> {
  const rows = await systemSwitchOffsSince(ctx.db, ctx.network, memberId, dismissedAt);
  const categories = new Set<string>(NOTIFICATION_CATEGORIES);
  const reasons = new Set(rows.filter((row) => categories.has(row.category)).map((row) => row.reason));
  return NOTIFICATION_DISABLED_REASONS.filter((reason) => reasons.has(reason));
}
