import { memberTablesHook } from '../privacy-tables.ts';

/**
 * The console's audit log. The download lists what staff did concerning the member (the action
 * and when). Erasure keeps that an action happened, by whom and when (the operator's
 * accountability), and redacts the member's data in it: the target and both states.
 */
export const auditPrivacy = memberTablesHook('audit', [
  {
    table: 'audit_log',
    column: 'member_id',
    exportAs: 'console_actions',
    select: ['action', 'created_at'],
    orderBy: 'created_at',
    erase: { clear: ['member_id', 'target_id', 'before', 'after'] },
  },
]);
