import { ownRowsHook } from '../../server/privacy-tables.ts';

/** The member's last used search filters: part of the download, deleted with the account. */
export const discoveryPrivacy = ownRowsHook('discovery', {
  table: 'search_filters',
  exportAs: 'search_filters',
  select: ['filters', 'updated_at'],
});
