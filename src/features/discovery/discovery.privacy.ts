import { memberTablesHook } from '../../server/privacy-tables.ts';

/** The member's last used search filters: part of the download, deleted with the account. */
export const discoveryPrivacy = memberTablesHook('discovery', [
  {
    table: 'search_filters',
    column: 'member_id',
    exportAs: 'search_filters',
    select: ['filters', 'updated_at'],
    erase: 'delete',
  },
]);
