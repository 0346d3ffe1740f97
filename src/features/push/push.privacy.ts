import { ownRowsHook } from '../../server/privacy-tables.ts';

/** Pushes on their way or sent lately: what became of each (their texts are emptied once done). */
export const pushPrivacy = ownRowsHook('push', {
  table: 'push_outbox',
  exportAs: 'push_notifications',
  select: ['event_id', 'status', 'attempts', 'created_at', 'sent_at'],
});
