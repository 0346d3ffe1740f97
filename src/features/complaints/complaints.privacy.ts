import { memberTablesHook } from '../../server/privacy-tables.ts';

/** A complaint stays for the moderators, without who filed it or their address. */
export const complaintsPrivacy = memberTablesHook('complaints', [
  {
    table: 'complaints',
    column: 'reporter_member_id',
    exportAs: 'complaints',
    select: ['category', 'text', 'status', 'created_at'],
    erase: { clear: ['reporter_member_id', 'email'] },
  },
]);
