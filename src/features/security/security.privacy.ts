import { ownRowsHook } from '../../server/privacy-tables.ts';

/**
 * The authentication log. (Rate-limit counters hold no member: their keys are stored as an HMAC
 * under the app secret, and they go within two days; see src/server/rate-limit/.)
 */
export const securityPrivacy = ownRowsHook('security', {
  table: 'auth_events',
  exportAs: 'authentication_log',
  select: ['kind', 'ip', 'created_at'],
  orderBy: 'created_at',
});
