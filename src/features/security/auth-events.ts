import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.ts';
import type { Clock } from '../../lib/clock.ts';
import type { Site } from '../../tenancy/site.ts';
import { insertAuthEvent } from './security.repository.ts';

/**
 * What happened, never with what: no password, token, cookie or e-mail address is ever part of
 * an event, only the site, the member (when known), the address and the moment.
 */
export const AUTH_EVENT_KINDS = [
  'signup',
  'login',
  'login_failed',
  'login_locked',
  'login_rate_limited',
  'login_throttled',
  'signup_refused',
  'logout',
  'activation_sent',
  'activated',
  'activation_failed',
  'password_reset_requested',
  'password_reset_refused',
  'password_reset',
  'password_reset_failed',
  'password_changed',
  'password_change_failed',
  'email_change_requested',
  'email_changed',
  'email_change_failed',
  'account_deleted',
  'deletion_failed',
  'account_reactivated',
  'reactivation_failed',
  'account_erased',
  'data_exported',
  'rate_limited',
] as const;
export type AuthEventKind = (typeof AUTH_EVENT_KINDS)[number];

export interface AuthEventScope {
  db: Kysely<Database>;
  site: Site;
  clock: Clock;
}

export async function logAuthEvent(
  scope: AuthEventScope,
  kind: AuthEventKind,
  memberId: string | null,
  ip: string | null,
): Promise<void> {
  await insertAuthEvent(scope.db, scope.site.network, {
    siteId: scope.site.id,
    memberId,
    kind,
    ip,
    createdAt: scope.clock.now(),
  });
}
