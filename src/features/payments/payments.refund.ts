import { z } from 'zod';
import { DomainError, platformError } from '../../server/errors.ts';
import type { ServiceContext } from '../../server/context.ts';
import { announceBalance, bookCredits, holdBalance } from '../credits/index.ts';
import { creditsOf, endPremium, hasPaidOrder, markRefunded, ordersOf } from './payments.refund.repository.ts';
import type { OrderRow } from './payments.repository.ts';
import { memberOrder } from './payments.service.ts';

/*
 * Refunds (spec §9): within the site's `refund_days` of the order, the credits of the order the
 * member has not used are taken back, and the money pro rata: reversed = min(order credits,
 * balance); amount = order amount × reversed / order credits, rounded down, in minor units. The
 * order becomes `refunded` once, however many requests race: the order's status changes only
 * from `completed`, and the ledger books one `refund` entry per order.
 */

export const DAY_MS = 24 * 60 * 60 * 1000;

export const refundInputSchema = z.object({ order: z.string().min(1).max(64) });

/** The member asking (the session's member: `id` is the account). */
export interface RefundMember {
  id: string;
}

export interface Refund {
  order: string;
  credits_reversed: number;
  /** Minor units of `currency`. */
  amount: number;
  currency: string;
}

/** What refunding `credits` of an order gives back: whole minor units, never more than paid. */
export function refundAmount(order: { credits: number; amount: number }, balance: number): Refund['amount'] {
  const reversed = Math.min(order.credits, Math.max(0, balance));
  if (order.credits <= 0) return 0;
  // Integers only: the product of two safe integers of these sizes stays exact.
  return Math.floor((order.amount * reversed) / order.credits);
}

export function refundPeriodOver(days: number): DomainError {
  return new DomainError('refund_period_over', {
    status: 409,
    message: 'payments.refund.period_over',
    vars: { days },
  });
}

export function notRefundable(): DomainError {
  return new DomainError('not_refundable', { status: 409, message: 'payments.refund.not_refundable' });
}

/** One line of the member's order history. */
export interface OrderLine {
  id: string;
  credits: number;
  amount: number;
  currency: string;
  status: 'completed' | 'refunded';
  payment_method: string;
  /** Epoch ms. */
  created_at: number;
  /** Whether a refund may be asked for now (completed, within refund_days). */
  refundable: boolean;
}

/** The member's last paid and refunded orders, for the order history with its refund action. */
export async function orderHistory(ctx: ServiceContext, member: RefundMember): Promise<OrderLine[]> {
  const now = ctx.clock.now();
  const rows = await ordersOf(ctx.db, ctx.network, member.id, 20);
  return rows.map((row) => ({
    id: row.id,
    credits: Number(row.credits),
    amount: Number(row.amount),
    currency: row.currency,
    status: row.status === 'refunded' ? 'refunded' : 'completed',
    payment_method: row.payment_method,
    created_at: Number(row.created_at),
    refundable:
      row.status === 'completed' &&
      now - Number(row.completed_at ?? row.created_at) <= ctx.site.refundDays * DAY_MS,
  }));
}

async function refundableOrder(
  ctx: ServiceContext,
  member: RefundMember,
  orderId: string,
): Promise<OrderRow> {
  const order = await memberOrder(ctx, member.id, orderId);
  if (order.status !== 'completed') throw notRefundable();
  const paidAt = Number(order.completed_at ?? order.created_at);
  if (ctx.clock.now() - paidAt > ctx.site.refundDays * DAY_MS) throw refundPeriodOver(ctx.site.refundDays);
  return order;
}

/**
 * `GET /api/refund.php?order=ID`: what a refund would give back now (the confirmation shows it
 * before the member decides). Nothing changes.
 */
export async function previewRefund(
  ctx: ServiceContext,
  member: RefundMember,
  orderId: string,
): Promise<Refund> {
  const order = await refundableOrder(ctx, member, orderId);
  const balance = await creditsOf(ctx.db, ctx.network, member.id);
  return {
    order: order.id,
    credits_reversed: Math.min(Number(order.credits), balance),
    amount: refundAmount({ credits: Number(order.credits), amount: Number(order.amount) }, balance),
    currency: order.currency,
  };
}

/** `POST /api/refund.php { order }`. */
export async function refundOrder(
  ctx: ServiceContext,
  member: RefundMember,
  orderId: string,
): Promise<Refund> {
  const order = await refundableOrder(ctx, member, orderId);
  const now = ctx.clock.now();
  const credits = Number(order.credits);
  const outcome = await ctx.db.transaction().execute(async (trx) => {
    // The member's row first, then the order: every booking takes them in this order.
    const balance = await holdBalance(trx, ctx.network, member.id);
    if (balance === undefined) throw platformError('not_found');
    if (!(await markRefunded(trx, order.id, now))) throw notRefundable();
    const reversed = Math.min(credits, balance);
    let after = balance;
    if (reversed > 0) {
      const booked = await bookCredits(trx, {
        network: ctx.network,
        siteId: order.site_id,
        memberId: member.id,
        delta: -reversed,
        reason: 'refund',
        reference: order.id,
        now,
      });
      after = booked.balance;
    }
    if (!(await hasPaidOrder(trx, ctx.network, member.id))) await endPremium(trx, ctx.network, member.id);
    return { reversed, balance, after };
  });
  if (outcome.reversed > 0) await announceBalance(ctx, member.id, outcome.after);
  const amount = refundAmount({ credits, amount: Number(order.amount) }, outcome.balance);
  await payBack(ctx, order, amount);
  return { order: order.id, credits_reversed: outcome.reversed, amount, currency: order.currency };
}

/** What came of paying a refund back: paid, nothing to pay, or refused with the provider's words. */
export type PayBackOutcome = { payout: 'paid' | 'none' } | { payout: 'failed'; error: string };

/**
 * Sends the refunded amount back through the provider that took it, after the books are right.
 * A provider that refuses (or a direct debit, which has none) leaves the order refunded in the
 * books and answers the refusal: the member's own refund logs it for the operator, the console's
 * keeps it on the refund and shows it.
 */
export async function payBack(
  ctx: Pick<ServiceContext, 'payments' | 'log'>,
  order: OrderRow,
  amount: number,
): Promise<PayBackOutcome> {
  if (amount <= 0) return { payout: 'none' };
  try {
    if (order.provider !== ctx.payments.name || !order.provider_payment_id)
      throw new Error(`the order was paid through ${order.provider}, not through ${ctx.payments.name}`);
    await ctx.payments.refundPayment(order.provider_payment_id, amount, order.currency);
    return { payout: 'paid' };
  } catch (error) {
    const words = error instanceof Error ? error.message : String(error);
    ctx.log.error('payments: refund booked but not paid back; pay it back by hand', {
      order: order.id,
      amount,
      currency: order.currency,
      error: words,
    });
    return { payout: 'failed', error: words.slice(0, 500) };
  }
}
