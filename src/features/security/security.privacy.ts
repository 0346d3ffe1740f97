import { memberTablesHook } from '../../server/privacy-tables.ts';

/**
 * The authentication log. (Rate-limit counters hold no member: their keys are stored as an HMAC
 * under the app secret, and they go within two days; see src/server/rate-limit/.)
 */
export const securityPrivacy = memberTablesHook('security', [
  {
    table: 'auth_events',
    column: 'member_id',
    exportAs: 'authentication_log',
    select: ['kind', 'ip', 'created_at'],
    orderBy: 'created_at',
    erase: 'delete',
  },
]);
