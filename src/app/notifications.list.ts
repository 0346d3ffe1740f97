import { pushSender } from '../features/push/index.ts';
import type { NotificationSender } from '../server/notifications.ts';

/** The channels that reach a member away from the site, in the order they are tried. */
export const notificationSenders: readonly NotificationSender[] = [pushSender];
