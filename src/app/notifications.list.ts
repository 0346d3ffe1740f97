import { emailSender } from '../features/notification-mail/index.ts';
import { pushSender } from '../features/push/index.ts';
import type { NotificationSender } from '../server/notifications.ts';

/**
 * The channels that reach a member away from the site, in the order they are tried. E-mail
 * comes last: it waits, and asks every sender before it whether the event reached the member.
 */
export const notificationSenders: readonly NotificationSender[] = [pushSender, emailSender];
