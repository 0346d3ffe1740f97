/*
 * What other features use of accounts. Browser code imports accounts.schemas.ts directly (it is
 * browser-safe); server code uses this file.
 */
export { currentUser, memberLocale, resumeSession } from './accounts.service.ts';
export { quietSessionMember, sessionExpiry, streamMember } from './accounts.session.service.ts';
export { endSessions } from './accounts.service-support.ts';
export { memberNotificationSettings, memberUser } from './member-user.ts';
export type { SessionMember } from './accounts.types.ts';
export type { DismissibleAlert, User, UserStatus } from './accounts.schemas.ts';
export { accountsJobs } from './accounts.jobs.ts';
export { argon2Passwords, isCommonPassword, type Passwords } from './passwords.ts';
export { activationLink } from './accounts.signup.service.ts';
/* The push sender reads the member's subscriptions and drops those the push service calls gone. */
export { pushSubscriptionsOf, deletePushSubscriptionById } from './accounts.repository.ts';
/* The console's member support. */
export * from './accounts.console.ts';
export { dailySignups, dailyActivations, dailyActiveMembers, firstSignupAt } from './accounts.statistics.ts';
