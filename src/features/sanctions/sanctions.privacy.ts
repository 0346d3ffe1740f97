import { memberTablesHook } from '../../server/privacy-tables.ts';

/*
 * Decisions and appeals stay as the record the DSA asks a provider to keep (and its counts),
 * no longer tied to the erased member; an appeal's words go. The browsers a member used go.
 * (Banned addresses and browsers are keyed hashes that name no one.)
 */
export const sanctionsPrivacy = memberTablesHook('sanctions', [
  {
    table: 'moderation_decisions',
    column: 'member_id',
    exportAs: 'moderation_decisions',
    select: ['kind', 'until', 'facts', 'ground_type', 'ground', 'decided_at', 'lifted_at'],
    orderBy: 'decided_at',
    erase: { clear: ['member_id', 'subject_id'] },
  },
  {
    table: 'moderation_appeals',
    column: 'appellant_member_id',
    exportAs: 'moderation_appeals',
    select: ['appellant_kind', 'status', 'text', 'submitted_at', 'outcome', 'decided_at'],
    orderBy: 'issued_at',
    erase: { clear: ['appellant_member_id', 'text'] },
  },
  {
    table: 'member_devices',
    column: 'member_id',
    exportAs: 'browsers_used',
    select: ['last_seen_at'],
    erase: 'delete',
  },
]);
