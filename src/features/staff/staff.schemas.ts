import { z } from 'zod';
import type { AuditEntry } from '../../server/audit/audit.ts';
import { STAFF_ROLES } from './staff.roles.ts';

/* The console's own API (docs/console.md): inputs and answers, for both sides. */

const text = (max: number) => z.string({ error: 'required' }).max(max, 'invalid');

export const loginInputSchema = z.object({
  email: text(254).min(1, 'required'),
  password: text(256).min(1, 'required'),
  code: text(12).optional(),
  recovery_code: text(20).optional(),
});

export const passwordInputSchema = z.object({
  old_password: text(256).min(1, 'required'),
  password: text(256).min(1, 'required'),
});

export const addStaffInputSchema = z.object({
  email: text(254).min(1, 'required'),
  role: z.enum(STAFF_ROLES, { error: 'invalid' }),
  network: text(64).min(1, 'required').optional(),
});

export const staffChangeInputSchema = z.object({
  id: text(40).min(1, 'required'),
  disabled: z.literal(true, { error: 'invalid' }),
});

const isoDate = z.iso.date({ error: 'invalid' });

export const auditQuerySchema = z.object({
  network: text(64).optional(),
  action: text(64).optional(),
  staff: text(254).optional(),
  target: text(64).optional(),
  /** Days, inclusive, in UTC. */
  from: isoDate.optional(),
  to: isoDate.optional(),
  cursor: text(120).optional(),
  format: z.enum(['json', 'csv'], { error: 'invalid' }).default('json'),
});
export type AuditQueryInput = z.infer<typeof auditQuerySchema>;

/** An audit log entry as the console shows it: the server's own shape. */
export type { AuditEntry } from '../../server/audit/audit.ts';

export interface AuditPageAnswer {
  entries: AuditEntry[];
  /** The cursor of the next (older) page, or null at the end. */
  next: string | null;
}

export interface StaffSelfAnswer {
  id: string;
  email: string;
  must_change_password: boolean;
  roles: Array<{ network: string; role: string }>;
  recovery_codes_left: number;
}

export interface StaffMember {
  id: string;
  email: string;
  disabled: boolean;
  last_login_at: string | null;
  roles: Array<{ network: string; role: string }>;
}

export interface AddedStaff {
  id: string;
  email: string;
  role: string;
  network: string;
  /** Shown once, for a new account only. */
  password?: string;
  totp_secret?: string;
  otpauth_uri?: string;
}

declare module '../../lib/api-client.ts' {
  interface ApiRoutes {
    'POST /console/api/session.php': {
      body: z.input<typeof loginInputSchema>;
      answer: { next: 'totp' } | { staff: StaffSelfAnswer };
    };
    'DELETE /console/api/session.php': { body: Record<string, never>; answer: { ok: true } };
    'PUT /console/api/password.php': {
      body: z.input<typeof passwordInputSchema>;
      answer: { recovery_codes: string[] | null };
    };
    'GET /console/api/staff.php': { body: undefined; answer: { staff: StaffMember[] } };
    'POST /console/api/staff.php': {
      body: z.input<typeof addStaffInputSchema>;
      answer: { staff: AddedStaff };
    };
    'PUT /console/api/staff.php': { body: z.input<typeof staffChangeInputSchema>; answer: { ok: true } };
    'GET /console/api/audit.php': { body: undefined; answer: AuditPageAnswer };
  }
}
