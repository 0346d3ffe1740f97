import {
  auditCsv,
  auditPage,
  parseAuditCursor,
  recordAudit,
  type AuditActor,
  type AuditPage,
} from '../../server/audit/audit.ts';
import type { StaffPrincipal } from '../../server/staff.ts';
import { staffError } from './staff.errors.ts';
import type { AuditQueryInput } from './staff.schemas.ts';
import type { StaffContext } from './staff.service.ts';

/*
 * The audit log as staff read it: only entries of the networks in which they may view it (the
 * console's own entries, network '', only for those who hold every network), filtered, newest
 * first in keyset pages, and exported whole as CSV.
 */

const PAGE_SIZE = 50;
const DAY_MS = 24 * 60 * 60 * 1000;

function scope(staff: StaffPrincipal, input: AuditQueryInput) {
  const held = staff.networksFor('view_audit_log');
  if (input.network !== undefined && held !== 'all' && !held.includes(input.network))
    throw staffError('forbidden');
  const from = input.from ? Date.parse(`${input.from}T00:00:00Z`) : undefined;
  const to = input.to ? Date.parse(`${input.to}T00:00:00Z`) + DAY_MS : undefined;
  return {
    networks: held,
    network: input.network,
    action: input.action,
    staffEmail: input.staff?.trim().toLowerCase() || undefined,
    targetId: input.target?.trim() || undefined,
    from,
    to,
  };
}

export async function auditList(
  ctx: StaffContext,
  staff: StaffPrincipal,
  input: AuditQueryInput,
): Promise<AuditPage> {
  const before = input.cursor ? parseAuditCursor(input.cursor) : undefined;
  if (input.cursor && !before) throw staffError('validation', { fields: { cursor: 'invalid' } });
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
