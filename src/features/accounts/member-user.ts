import { serviceContext } from '../../server/context.ts';
import { notificationPreferences, type NotificationsState } from '../notifications/index.ts';
import { currentUser } from './accounts.service.ts';
import { notificationSettingsOf } from './accounts.service-support.ts';
import type { User } from './accounts.schemas.ts';

/**
 * The logged-in member in the `User` shape the browser knows, once per request however many
 * parts of the page ask (navigation, reminder, the page itself). Keyed by the request's own
 * locals, so nothing outlives the request.
 */
const perRequest = new WeakMap<App.Locals, Promise<User | null>>();

/** How the session step can build the `User` from what it already read (see `resumeSession`). */
const fromSession = new WeakMap<App.Locals, () => Promise<User | null>>();

/** Called by the session step: the member's account was read with the session. */
export function rememberSessionUser(locals: App.Locals, user: () => Promise<User | null>): void {
  fromSession.set(locals, user);
}

export function memberUser(locals: App.Locals): Promise<User | null> {
  const member = locals.member;
  if (!member) return Promise.resolve(null);
  const known = perRequest.get(locals);
  if (known) return known;
  const user = fromSession.get(locals)?.() ?? currentUser(serviceContext(locals), member.id);
  perRequest.set(locals, user);
  return user;
}

/**
 * For one render: the member as `user` (a page template's stand-ins, see
 * `accounts.page-template.ts`), then back to what was read.
 */
export function presentMemberUser(locals: App.Locals, user: Promise<User | null>): void {
  perRequest.set(locals, user);
}

/**
 * The logged-in member's notification settings for the page that shows them: those read for
 * `memberUser` this request, else read now (a page template's stand-in member carries none).
 */
export async function memberNotificationSettings(
  locals: App.Locals,
  memberId: string,
): Promise<NotificationsState> {
  const user = await memberUser(locals);
  return (user && notificationSettingsOf(user)) ?? notificationPreferences(serviceContext(locals), memberId);
}
