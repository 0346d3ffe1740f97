import type { OrderRefundMode, OrderRefundPayout, OrderStatus } from '../../db/database.ts';
import { recordAudit, type AuditActor } from '../../server/audit/audit.ts';
import type { ServiceContext } from '../../server/context.ts';
import { DomainError, pageCursor, platformError } from '../../server/errors.ts';
import type { StaffPrincipal } from '../../server/staff.ts';
import type { Site } from '../../tenancy/site.ts';
import { announceBalance, holdBalance, bookCredits } from '../credits/index.ts';
import {
  insertStaffRefund,
  memberOrdersOf,
  orderWithMember,
  ordersPageOf,
  reversalsOf,
  setRefundPayout,
  staffRefundOf,
} from './payments.console.repository.ts';
import { endPremium, hasPaidOrder, markRefunded } from './payments.refund.repository.ts';
import { DAY_MS, notRefundable, payBack, refundAmount, refundPeriodOver } from './payments.refund.ts';
import type { OrderRow } from './payments.repository.ts';
import { mandateOfOrder, setReturnReason } from './payments.collection.repository.ts';
import { recordReturnedDebit, type Reversal } from './payments.reversal.ts';
import { parsePageKey } from '../../db/keyset.ts';
import { readAheadPage } from '../../lib/read-ahead-page.ts';
import { utcDayEnd, utcDayStart } from '../../lib/utc-day-bounds.ts';

/*
 * The console's payments (docs/console.md): the orders of the sites the staff member may refund
 * in, an order with what happened to it, and a refund made by staff. A staff refund is either by
 * the member's own refund rules (within the site's `refund_days`, the credits the member still
 * has of the order taken back and the money pro rata, as payments.refund.ts does for the member)
 * or in full with a reason (any completed order, the whole amount back; the credits taken back
 * are still at most those left, and the ones already spent are written on the refund as
 * `credits_unrecovered`: the operator chose to give that money back). Either way, once per order,
 * in one transaction: the order refunded, a `refund` ledger entry, premium ended when no paid
 * order is left, the refund row and the audit entry. The provider is asked to pay back after the
 * commit; a refusal is kept on the refund with the provider's words and shown, never left silent.
 */

export const ORDERS_PAGE_SIZE = 50;

/** What the console's payment calls need: the platform's adapters and the sites by id. */
export interface ConsolePaymentsContext extends Pick<
  ServiceContext,
  'db' | 'clock' | 'log' | 'payments' | 'realtime'
> {
  siteOf(siteId: string): Site | undefined;
}

export interface OrderSummary {
  id: string;
  network: string;
  site: string;
  member: string | null;
  member_name: string | null;
  credits: number;
  amount: number;
  currency: string;
  payment_method: string;
  provider: string;
  status: OrderStatus;
  created_at: number;
  completed_at: number | null;
}

export interface OrdersQuery {
  site?: string | undefined;
  status?: OrderStatus | undefined;
  method?: string | undefined;
  /** Days, UTC, inclusive. */
  from?: string | undefined;
  to?: string | undefined;
  member?: string | undefined;
  cursor?: string | undefined;
}

type OrderSummaryRow = Awaited<ReturnType<typeof ordersPageOf>>[number];

function summary(row: OrderSummaryRow): OrderSummary {
  return {
    id: row.id,
    network: row.network_id,
    site: row.site_id,
    member: row.member,
    member_name: row.member_name,
    credits: Number(row.credits),
    amount: Number(row.amount),
    currency: row.currency,
    payment_method: row.payment_method,
    provider: row.provider,
    status: row.status,
    created_at: Number(row.created_at),
    completed_at: row.completed_at === null ? null : Number(row.completed_at),
  };
}

/** `GET /console/api/orders.php`: orders of the networks where the caller may refund. */
export async function ordersList(
  ctx: ConsolePaymentsContext,
  staff: StaffPrincipal,
  query: OrdersQuery,
): Promise<{ orders: OrderSummary[]; next: string | null }> {
  const site = query.site ? ctx.siteOf(query.site) : undefined;
  if (query.site && (!site || !staff.can('refund', site.network))) throw platformError('forbidden');
  const rows = await ordersPageOf(ctx.db, {
    networks: staff.networksFor('refund'),
    site: query.site,
    status: query.status,
    method: query.method,
    from: query.from ? utcDayStart(query.from) : undefined,
    to: query.to ? utcDayEnd(query.to) : undefined,
    member: query.member,
    before: pageCursor(query.cursor, parsePageKey),
    limit: ORDERS_PAGE_SIZE + 1,
  });
  const page = readAheadPage(rows, ORDERS_PAGE_SIZE, (last) => `${Number(last.created_at)}.${last.id}`);
  return { orders: page.rows.map(summary), next: page.next };
}

export interface StaffRefundView {
  mode: OrderRefundMode;
  reason: string | null;
  amount: number;
  currency: string;
  credits_reversed: number;
  credits_unrecovered: number;
  payout: OrderRefundPayout;
  provider_error: string | null;
  staff: string | null;
  created_at: number;
}

export interface ReversalLine {
  kind: string;
  amount: number;
  credits_reversed: number;
  credits_unrecovered: number;
  created_at: number;
}

export interface OrderDetail {
  order: OrderSummary & { provider_payment_id: string | null; discount_code: string | null };
  /**
   * Money that came back at the provider or bank (Mollie's dashboard, a chargeback, a returned
   * debit), all of it: the amounts and credits summed, the kind and time of the latest.
   */
  reversal: ReversalLine | null;
  /** Each of them, oldest first: the provider may give an order's money back in parts. */
  reversals: Array<ReversalLine & { id: string }>;
  refund: StaffRefundView | null;
  /** A direct debit's mandate and collection: the file it went out in, a return's reason code. */
  direct_debit: {
    mandate: string;
    signed_at: number;
    export_id: string | null;
    sequence_type: string | null;
    return_reason: string | null;
  } | null;
  /** Whether a refund by the member's refund rules is possible now (completed, within refund_days). */
  refundable_by_rules: boolean;
}

async function visibleOrder(ctx: ConsolePaymentsContext, staff: StaffPrincipal, orderId: string) {
  const order = await orderWithMember(ctx.db, orderId);
  // Another network's order is answered as unknown: its id tells nothing there.
  if (!order || !staff.can('refund', order.network_id)) throw platformError('not_found');
  return order;
}

function withinRules(ctx: ConsolePaymentsContext, order: OrderRow, now: number): boolean {
  const days = ctx.siteOf(order.site_id)?.refundDays ?? 0;
  return now - Number(order.completed_at ?? order.created_at) <= days * DAY_MS;
}

/** `GET /console/api/orders.php?id=`: an order with its reversal and its staff refund. */
export async function orderDetail(
  ctx: ConsolePaymentsContext,
  staff: StaffPrincipal,
  orderId: string,
): Promise<OrderDetail> {
  const order = await visibleOrder(ctx, staff, orderId);
  const [reversalRows, refund, mandate] = await Promise.all([
    reversalsOf(ctx.db, order.id),
    staffRefundOf(ctx.db, order.id),
    order.payment_method === 'sdd' ? mandateOfOrder(ctx.db, order.id) : undefined,
  ]);
  const reversals = reversalRows.map((row) => ({
    id: row.id,
    kind: row.kind,
    amount: Number(row.amount),
    credits_reversed: Number(row.credits_reversed),
    credits_unrecovered: Number(row.credits_unrecovered),
    created_at: Number(row.created_at),
  }));
  const latest = reversals.at(-1);
  const sum = (field: 'amount' | 'credits_reversed' | 'credits_unrecovered') =>
    reversals.reduce((total, line) => total + line[field], 0);
  return {
    order: {
      ...summary(order),
      provider_payment_id: order.provider_payment_id,
      discount_code: order.discount_code,
    },
    reversal: latest
      ? {
          kind: latest.kind,
          amount: sum('amount'),
          credits_reversed: sum('credits_reversed'),
          credits_unrecovered: sum('credits_unrecovered'),
          created_at: latest.created_at,
        }
      : null,
    reversals,
    refund: refund
      ? {
          mode: refund.mode,
          reason: refund.reason,
          amount: Number(refund.amount),
          currency: refund.currency,
          credits_reversed: Number(refund.credits_reversed),
          credits_unrecovered: Number(refund.credits_unrecovered),
          payout: refund.payout,
          provider_error: refund.provider_error,
          staff: refund.staff_email,
          created_at: Number(refund.created_at),
        }
      : null,
    direct_debit: mandate
      ? {
          mandate: mandate.reference,
          signed_at: Number(mandate.signed_at),
          export_id: mandate.export_id,
          sequence_type: mandate.sequence_type,
          return_reason: mandate.return_reason,
        }
      : null,
    refundable_by_rules: order.status === 'completed' && withinRules(ctx, order, ctx.clock.now()),
  };
}

export interface StaffRefundInput {
  order: string;
  mode: OrderRefundMode;
  reason?: string | undefined;
}

/** What a staff refund takes back and pays: the rules of the header comment, as numbers. */
export function staffRefundTerms(
  order: { credits: number; amount: number },
  balance: number,
  mode: OrderRefundMode,
): { reversed: number; unrecovered: number; amount: number } {
  const reversed = Math.min(order.credits, Math.max(0, balance));
  return {
    reversed,
    unrecovered: mode === 'full' ? order.credits - reversed : 0,
    amount: mode === 'full' ? order.amount : refundAmount(order, balance),
  };
}

function reasonRequired(): DomainError {
  return new DomainError('validation', {
    status: 422,
    message: 'api.validation',
    fields: { reason: 'required' },
  });
}

/** `POST /console/api/refunds.php`: a staff refund (refund permission in the order's network). */
export async function staffRefund(
  ctx: ConsolePaymentsContext,
  staff: StaffPrincipal,
  actor: AuditActor,
  input: StaffRefundInput,
): Promise<StaffRefundView> {
  const reason = input.reason?.trim() || null;
  if (input.mode === 'full' && !reason) throw reasonRequired();
  const order = await visibleOrder(ctx, staff, input.order);
  if (order.status !== 'completed') throw notRefundable();
  const now = ctx.clock.now();
  if (input.mode === 'rules' && !withinRules(ctx, order, now))
    throw refundPeriodOver(ctx.siteOf(order.site_id)?.refundDays ?? 0);
  const network = order.network_id;
  const memberId = order.member_id;
  const booked = await ctx.db.transaction().execute(async (trx) => {
    // The member's row first, then the order: every booking takes them in this order.
    const balance = await holdBalance(trx, network, memberId);
    if (balance === undefined) throw platformError('not_found');
    if (!(await markRefunded(trx, order.id, now))) throw notRefundable();
    const terms = staffRefundTerms(
      { credits: Number(order.credits), amount: Number(order.amount) },
      balance,
      input.mode,
    );
    let after = balance;
    if (terms.reversed > 0) {
      const entry = await bookCredits(trx, {
        network,
        siteId: order.site_id,
        memberId,
        delta: -terms.reversed,
        reason: 'refund',
        reference: order.id,
        now,
      });
      after = entry.balance;
    }
    const premium = await hasPaidOrder(trx, network, memberId);
    if (!premium) await endPremium(trx, network, memberId);
    await insertStaffRefund(trx, {
      order_id: order.id,
      network_id: network,
      member_id: memberId,
      staff_id: actor.id,
      mode: input.mode,
      reason,
      amount: terms.amount,
      currency: order.currency,
      credits_reversed: terms.reversed,
      credits_unrecovered: terms.unrecovered,
      payout: 'none',
      provider_error: null,
      created_at: now,
    });
    await recordAudit(
      trx,
      actor,
      {
        action: 'order.refund',
        network,
        target: { type: 'order', id: order.id },
        member: memberId,
        before: { status: 'completed', balance },
        after: {
          status: 'refunded',
          mode: input.mode,
          reason,
          amount: terms.amount,
          credits_reversed: terms.reversed,
          balance: after,
          premium,
        },
      },
      now,
    );
    return { terms, after };
  });
  if (booked.terms.reversed > 0)
    await announceBalance({ realtime: ctx.realtime, network }, memberId, booked.after);
  const outcome = await payBack(ctx, order, booked.terms.amount);
  const providerError = outcome.payout === 'failed' ? outcome.error : null;
  if (outcome.payout !== 'none') await setRefundPayout(ctx.db, order.id, outcome.payout, providerError);
  return {
    mode: input.mode,
    reason,
    amount: booked.terms.amount,
    currency: order.currency,
    credits_reversed: booked.terms.reversed,
    credits_unrecovered: booked.terms.unrecovered,
    payout: outcome.payout,
    provider_error: providerError,
    staff: actor.email,
    created_at: now,
  };
}

export interface MemberOrderLine {
  id: string;
  site: string;
  credits: number;
  amount: number;
  currency: string;
  payment_method: string;
  status: OrderStatus;
  created_at: number;
}

/** A member's last 50 orders, for the console's member page (the caller checked the network). */
export async function memberOrdersForStaff(
  db: ServiceContext['db'],
  network: string,
  memberId: string,
): Promise<MemberOrderLine[]> {
  const rows = await memberOrdersOf(db, network, memberId, 50);
  return rows.map((row) => ({
    id: row.id,
    site: row.site_id,
    credits: Number(row.credits),
    amount: Number(row.amount),
    currency: row.currency,
    payment_method: row.payment_method,
    status: row.status,
    created_at: Number(row.created_at),
  }));
}

/**
 * `POST /console/api/returned-debits.php`: a direct debit the bank returned unpaid (refund
 * permission in the order's network), with the bank's ISO 20022 reason code when given. The
 * order fails, its unused credits are taken back, and the member can no longer pay by direct
 * debit (payments.reversal.ts). The reason is kept on the debit's mandate row. Audited.
 */
export async function staffReturnedDebit(
  ctx: ConsolePaymentsContext,
  staff: StaffPrincipal,
  actor: AuditActor,
  orderId: string,
  reason?: string,
): Promise<Reversal> {
  const order = await visibleOrder(ctx, staff, orderId);
  const reversal = await recordReturnedDebit(ctx, order.id);
  if (reason) await setReturnReason(ctx.db, order.id, reason);
  await recordAudit(
    ctx.db,
    actor,
    {
      action: 'order.returned_debit',
      network: order.network_id,
      target: { type: 'order', id: order.id },
      member: order.member_id,
      before: { status: 'completed' },
      after: {
        status: 'failed',
        reason: reason ?? null,
        credits_reversed: reversal.credits_reversed,
        credits_unrecovered: reversal.credits_unrecovered,
        premium: reversal.premium,
      },
    },
    ctx.clock.now(),
  );
  if (reversal.credits_reversed > 0)
    await announceBalance(
      { realtime: ctx.realtime, network: order.network_id },
      order.member_id,
      reversal.balance,
    );
  return reversal;
}
