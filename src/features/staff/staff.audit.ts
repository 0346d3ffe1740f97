import {
  auditCsv,
  auditPage,
  parseAuditCursor,
  recordAudit,
  type AuditActor,
  type AuditPage,
} from '../../server/audit/audit.ts';
import { pageCursor } from '../../server/errors.ts';
import { networksInScope, type StaffPrincipal } from '../../server/staff.ts';
import { utcDayEnd, utcDayStart } from '../../lib/utc-day-bounds.ts';
import type { AuditQueryInput } from './staff.schemas.ts';
import type { StaffContext } from './staff.service.ts';

/*
 * The audit log as staff read it: only entries of the networks in which they may view it (the
 * console's own entries, network '', only for those who hold every network), filtered, newest
 * first in keyset pages, and exported whole as CSV.
 */

const PAGE_SIZE = 50;

function scope(staff: StaffPrincipal, input: AuditQueryInput) {
  return {
    networks: networksInScope(staff, 'view_audit_log', input.network),
    network: input.network,
    action: input.action,
    staffEmail: input.staff?.trim().toLowerCase() || undefined,
    targetId: input.target?.trim() || undefined,
    from: input.from ? utcDayStart(input.from) : undefined,
    to: input.to ? utcDayEnd(input.to) : undefined,
  };
}

export async function auditList(
  ctx: StaffContext,
  staff: StaffPrincipal,
  input: AuditQueryInput,
): Promise<AuditPage> {
  const before = pageCursor(input.cursor, parseAuditCursor);
  return auditPage(ctx.db, { ...scope(staff, input), before, limit: PAGE_SIZE });
}

export async function auditExport(
  ctx: StaffContext,
  staff: StaffPrincipal,
  actor: AuditActor,
  input: AuditQueryInput,
): Promise<string> {
  const query = scope(staff, input);
  const csv = await auditCsv(ctx.db, query);
  await recordAudit(
    ctx.db,
    actor,
    {
      action: 'audit.export',
      network: input.network ?? '',
      target: { type: 'audit_log', id: null },
      after: { filters: { ...input, format: undefined, cursor: undefined } },
    },
    ctx.clock.now(),
  );
  return csv;
}
