import { memberTablesHook } from '../../server/privacy-tables.ts';
import { TRACKING_PARAMS } from './tracking.params.ts';

/** The records stay for the affiliate statistics, no longer tied to anyone. */
export const trackingPrivacy = memberTablesHook('tracking', [
  {
    table: 'tracking_records',
    column: 'member_id',
    exportAs: 'traffic_source',
    select: [...TRACKING_PARAMS, 'landing_path', 'created_at'],
    erase: { clear: ['member_id'] },
  },
]);
