import { z } from 'zod';
import { ORDER_STATUSES, RETURN_REASONS } from './support.constants.ts';
import type { LedgerPage } from '../credits/index.ts';
import type { MemberOrderLine, OrderDetail, OrderSummary, StaffRefundView } from '../payments/index.ts';

/* The console's member support and payments calls (docs/console.md): inputs and answers, for both sides. */

const text = (max: number) => z.string({ error: 'required' }).max(max, 'invalid');
const isoDate = z.iso.date({ error: 'invalid' });
const publicId = text(64).min(1, 'required');

/** The most one adjustment may move (credits.adjust.ts keeps the same bound). */
export const ADJUSTMENT_LIMIT = 100_000;

export const membersQuerySchema = z.object({ q: text(254).trim().min(1, 'required') });

export const memberPageQuerySchema = z.object({ id: publicId, cursor: text(120).optional() });

export const memberActionSchema = z.discriminatedUnion(
  'action',
  [
    z.object({
      id: publicId,
      action: z.literal('adjust_credits'),
      delta: z
        .number({ error: 'adjustment_range' })
        .int('adjustment_range')
        .min(-ADJUSTMENT_LIMIT, 'adjustment_range')
        .max(ADJUSTMENT_LIMIT, 'adjustment_range')
        .refine((n) => n !== 0, 'adjustment_range'),
      reason: text(500).trim().min(1, 'required'),
    }),
    z.object({ id: publicId, action: z.literal('end_sessions') }),
    z.object({ id: publicId, action: z.literal('resend_activation') }),
    z.object({
      id: publicId,
      action: z.literal('change_email'),
      email: z.email({ error: 'email_invalid' }).max(254),
    }),
  ],
  { error: 'invalid' },
);
export type MemberAction = z.infer<typeof memberActionSchema>;

export const orderQuerySchema = z.object({ id: text(64).min(1, 'required') });

export const ordersQuerySchema = z.object({
  site: text(64).optional(),
  status: z.enum(ORDER_STATUSES, { error: 'invalid' }).optional(),
  method: text(32).optional(),
  from: isoDate.optional(),
  to: isoDate.optional(),
  member: text(64).optional(),
  cursor: text(120).optional(),
});

export const refundInputSchema = z.object({
  order: text(64).min(1, 'required'),
  mode: z.enum(['rules', 'full'], { error: 'invalid' }),
  reason: text(500).optional(),
});

export { ORDER_STATUSES, RETURN_REASONS } from './support.constants.ts';

export const returnedDebitInputSchema = z.object({
  order: text(64).min(1, 'required'),
  /** Optional for the calls made before reasons were kept; the console's form asks for it. */
  reason: z.enum(RETURN_REASONS, { error: 'invalid' }).optional(),
});

export const directDebitExportSchema = z.object({
  site: text(64).min(1, 'required'),
  from: isoDate,
  to: isoDate,
  collection: isoDate,
  again: z.boolean({ error: 'invalid' }).optional(),
});

export interface ReturnedDebitAnswer {
  order: string;
  credits_reversed: number;
  credits_unrecovered: number;
  /** Whether the member is still premium (another paid order remains). */
  premium: boolean;
}

export type MemberState = 'active' | 'unconfirmed' | 'deleted';

export interface MemberHit {
  id: string;
  name: string;
  email: string;
  network: string;
  site: string;
  status: MemberState;
  premium: boolean;
  created_at: number;
}

export interface MemberView extends MemberHit {
  credits: number;
  language: string;
  confirmed_at: number | null;
  deleted_at: number | null;
  last_active_at: number | null;
}

export interface MemberPageAnswer {
  member: MemberView;
  orders: MemberOrderLine[];
}

/** A page of a member's credit ledger, newest first. */
export type LedgerAnswer = LedgerPage;

export interface SessionsAnswer {
  sessions: Array<{
    site: string;
    created_at: number;
    last_seen_at: number;
    expires_at: number;
    device: string;
  }>;
}

export interface MemberActionAnswer {
  ok: true;
  /** The balance after an adjustment. */
  balance?: number;
  /** Whether an activation e-mail went out (none for a confirmed member). */
  sent?: boolean;
}

/** The console's answers on orders are the payments feature's own shapes. */
export type OrderLineAnswer = OrderSummary;
export type StaffRefundAnswer = StaffRefundView;
export type OrderDetailAnswer = OrderDetail;

declare module '../../lib/api-client.ts' {
  interface ApiRoutes {
    'GET /console/api/members.php': { body: undefined; answer: { members: MemberHit[] } };
    'GET /console/api/member.php': { body: undefined; answer: MemberPageAnswer };
    'GET /console/api/member-ledger.php': { body: undefined; answer: LedgerAnswer };
    'GET /console/api/member-sessions.php': { body: undefined; answer: SessionsAnswer };
    'POST /console/api/member-actions.php': {
      body: z.input<typeof memberActionSchema>;
      answer: MemberActionAnswer;
    };
    'GET /console/api/orders.php': {
      body: undefined;
      answer: { orders: OrderLineAnswer[]; next: string | null };
    };
    'GET /console/api/order.php': { body: undefined; answer: OrderDetailAnswer };
    'POST /console/api/returned-debits.php': {
      body: z.input<typeof returnedDebitInputSchema>;
      answer: ReturnedDebitAnswer;
    };
    'POST /console/api/refunds.php': {
      body: z.input<typeof refundInputSchema>;
      answer: { refund: StaffRefundAnswer };
    };
  }
}
