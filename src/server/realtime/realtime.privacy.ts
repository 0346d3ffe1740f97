import { ownRowsHook } from '../privacy-tables.ts';

/**
 * The stored realtime events, kept for a reconnect. The download lists each one (kind and
 * time); their content copies what other parts export already (likes, credits) or is another
 * member's words (a message received), which the download never carries. Erasure removes them.
 */
export const realtimePrivacy = ownRowsHook('realtime', {
  table: 'events',
  exportAs: 'realtime_events',
  select: ['type', 'created_at'],
  orderBy: 'id',
});
