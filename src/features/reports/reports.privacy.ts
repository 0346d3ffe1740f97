import { memberTablesHook } from '../../server/privacy-tables.ts';

/**
 * The reports a member filed go into their download; erasure keeps the report for the
 * moderators without who filed it or their words. Reports about a member are the moderators'
 * record of a decision (its statement of reasons), not the member's data to download.
 */
export const reportsPrivacy = memberTablesHook('reports', [
  {
    table: 'reports',
    column: 'reporter_profile_id',
    by: 'profile',
    exportAs: 'reports',
    select: ['reason', 'text', 'status', 'count', 'created_at'],
    erase: { clear: ['reporter_profile_id', 'text'] },
  },
]);
