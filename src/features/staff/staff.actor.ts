import type { AuditActor } from '../../server/audit/audit.ts';

/** The audit log's actor of a console request: its staff member and address. */
export function staffActor(locals: App.Locals): AuditActor {
  const staff = locals.staff;
  if (!staff) throw new Error('a console action without a staff session');
  return { id: staff.id, email: staff.email, ip: locals.clientIp };
}
