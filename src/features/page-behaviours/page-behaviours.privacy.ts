import { ownRowsHook } from '../../server/privacy-tables.ts';

/**
 * Page events record behaviour (which page, how long it stayed open): stored about the member,
 * so the download lists them (GDPR art. 15 knows no exception for it). Erasure removes them.
 */
export const pageBehavioursPrivacy = ownRowsHook('page-behaviours', {
  table: 'page_events',
  exportAs: 'page_events',
  select: ['kind', 'page', 'ms', 'created_at'],
  orderBy: 'created_at',
});
