import type { ReversalKind } from '../../db/database.ts';
import type { ServiceContext } from '../../server/context.ts';
import type { Clock } from '../../lib/clock.ts';
import type { Logger } from '../../server/log.ts';
import { DomainError } from '../../server/errors.ts';
import { bookCredits, holdBalance } from '../credits/index.ts';
import { endPremium, hasPaidOrder } from './payments.refund.repository.ts';
import { moveOrder, type OrderRow } from './payments.repository.ts';
import { findOrderById, insertReversal } from './payments.reversal.repository.ts';

/*
 * Money of a completed order that came back without the member's own refund (ARCHITECTURE rule
 * 5): a refund or chargeback made at the provider, reported by its webhook, or a direct debit
 * returned unpaid, recorded by an operator. In one transaction, once per order: the order leaves
 * `completed` (refunded, or failed for a returned debit, which blocks direct debit for the
 * member), the order's credits the member still has are taken back through the ledger, premium
 * is worked out again (it stays only with another paid order), and a reversal row keeps what
 * came back and the credits already spent, which the operator settles by hand.
 */

export interface Reversal {
  order: string;
  member: string;
  kind: ReversalKind;
  /** Minor units of `currency` that came back. */
  amount: number;
  currency: string;
  credits_reversed: number;
  /** The order's credits (of the share that came back) the member had spent already. */
  credits_unrecovered: number;
  /** The balance after. */
  balance: number;
  /** Whether the member is still premium. */
  premium: boolean;
}

/** The order's credits that `amount` stands for: all for the whole amount, else a share rounded up. */
export function creditsShare(order: { credits: number; amount: number }, amount: number): number {
  if (amount >= order.amount || order.amount <= 0) return order.credits;
  return Math.ceil((order.credits * amount) / order.amount);
}

/**
 * Reverses a completed order for `amount` that came back; undefined when the order is not
 * completed (already refunded or reversed: a replayed webhook changes nothing).
 */
export async function reverseOrder(
  deps: { db: ServiceContext['db']; clock: Clock; log: Logger },
  order: OrderRow,
  kind: ReversalKind,
  amount: number,
): Promise<Reversal | undefined> {
  const now = deps.clock.now();
  const network = order.network_id;
  const memberId = order.member_id;
  const reversal = await deps.db.transaction().execute(async (trx) => {
    // The member's row first, then the order: every booking takes them in this order.
    const balance = await holdBalance(trx, network, memberId);
    if (balance === undefined) return undefined;
    const to = kind === 'returned_debit' ? 'failed' : 'refunded';
    if (!(await moveOrder(trx, order.id, ['completed'], to, now))) return undefined;
    const share = creditsShare({ credits: Number(order.credits), amount: Number(order.amount) }, amount);
    const reversed = Math.min(share, Math.max(0, balance));
    let after = balance;
    if (reversed > 0) {
      const booked = await bookCredits(trx, {
        network,
        siteId: order.site_id,
        memberId,
        delta: -reversed,
        reason: 'refund',
        reference: order.id,
        now,
      });
      after = booked.balance;
    }
    const premium = await hasPaidOrder(trx, network, memberId);
    if (!premium) await endPremium(trx, network, memberId);
    await insertReversal(trx, {
      order_id: order.id,
      network_id: network,
      member_id: memberId,
      kind,
      amount,
      currency: order.currency,
      credits_reversed: reversed,
      credits_unrecovered: share - reversed,
      created_at: now,
    });
    return {
      order: order.id,
      member: memberId,
      kind,
      amount,
      currency: order.currency,
      credits_reversed: reversed,
      credits_unrecovered: share - reversed,
      balance: after,
      premium,
    } satisfies Reversal;
  });
  if (reversal && reversal.credits_unrecovered > 0) {
    deps.log.warn('payments: money came back for credits already spent; settle it by hand', {
      order: order.id,
      kind,
      credits: reversal.credits_unrecovered,
    });
  }
  return reversal;
}

function notAReturnableDebit(orderId: string, why: string): DomainError {
  return new DomainError('not_returnable', {
    status: 409,
    message: 'api.validation',
    details: { orderId, why },
  });
}

/**
 * A direct debit the bank returned unpaid (the operator's CLI now, the console later): the whole
 * amount is reversed, and the member's failed direct debit blocks direct debit for them for good
 * (403 `directdebit_blocked`, spec §8).
 */
export async function recordReturnedDebit(
  deps: { db: ServiceContext['db']; clock: Clock; log: Logger },
  orderId: string,
): Promise<Reversal> {
  const order = await findOrderById(deps.db, orderId);
  if (!order) throw notAReturnableDebit(orderId, 'no such order');
  if (order.payment_method !== 'sdd') throw notAReturnableDebit(orderId, 'not a direct debit');
  const reversal = await reverseOrder(deps, order, 'returned_debit', Number(order.amount));
  if (!reversal) throw notAReturnableDebit(orderId, `the order is ${order.status}, not completed`);
  return reversal;
}
