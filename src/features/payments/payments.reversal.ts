import type { Transaction } from 'kysely';
import type { Database, ReversalKind } from '../../db/database.ts';
import type { ServiceContext } from '../../server/context.ts';
import type { Clock } from '../../lib/clock.ts';
import type { Logger } from '../../server/log.ts';
import { DomainError } from '../../server/errors.ts';
import { bookCredits, holdBalance } from '../credits/index.ts';
import { endPremium, hasPaidOrder } from './payments.refund.repository.ts';
import { moveOrder, type OrderRow } from './payments.repository.ts';
import { findOrderById, insertReversal, reversalsOfOrder } from './payments.reversal.repository.ts';

/*
 * Money of a completed order that came back without the member's own refund (ARCHITECTURE rule
 * 5): a refund or chargeback made at the provider, reported by its webhook, or a direct debit
 * returned unpaid, recorded by an operator. In one transaction: the order leaves `completed`
 * (refunded, or failed for a returned debit, which blocks direct debit for the member), the
 * order's credits the member still has are taken back through the ledger, premium is worked out
 * again (it stays only with another paid order), and a reversal row keeps what came back and the
 * credits already spent, which the operator settles by hand. A returned debit reverses the order
 * once; the provider's refunds and chargebacks are booked once each, by their own id, since one
 * order may be refunded in parts.
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

type ReversalDeps = { db: ServiceContext['db']; clock: Clock; log: Logger };

/**
 * What a reversal takes back: the order moved out of `completed` and the credits `amount` stands
 * for; undefined when there is nothing to reverse.
 */
async function claimShare(
  trx: Transaction<Database>,
  order: OrderRow,
  kind: ReversalKind,
  amount: number,
  returnId: string | undefined,
  now: number,
): Promise<number | undefined> {
  const terms = { credits: Number(order.credits), amount: Number(order.amount) };
  if (returnId === undefined) {
    const to = kind === 'returned_debit' ? 'failed' : 'refunded';
    if (!(await moveOrder(trx, order.id, ['completed'], to, now))) return undefined;
    return creditsShare(terms, amount);
  }
  const earlier = await reversalsOfOrder(trx, order.id);
  if (earlier.some((r) => r.id === returnId)) return undefined;
  if (!(await moveOrder(trx, order.id, ['completed'], 'refunded', now))) {
    // Already refunded: a further return counts only where the provider's returns refunded it,
    // not where the shop refunded it itself (those credits and that money are settled already).
    const current = await findOrderById(trx, order.id);
    const byProvider = earlier.length > 0 && earlier.every((r) => r.kind !== 'returned_debit');
    if (current?.status !== 'refunded' || !byProvider) return undefined;
  }
  // Shares of the running total, so rounding up each part never takes more than the order's credits.
  const before = earlier.reduce((sum, r) => sum + Number(r.amount), 0);
  const taken = earlier.reduce(
    (sum, r) => sum + Number(r.credits_reversed) + Number(r.credits_unrecovered),
    0,
  );
  return Math.max(0, creditsShare(terms, before + amount) - taken);
}

/**
 * Reverses a completed order for `amount` that came back; undefined when the order is not
 * completed (already refunded or reversed: a replayed webhook changes nothing). With `returnId`
 * (the provider's id of a refund or chargeback) it books that return once, also on an order an
 * earlier return of the provider refunded already, for its share of the order's credits.
 */
export async function reverseOrder(
  deps: ReversalDeps,
  order: OrderRow,
  kind: ReversalKind,
  amount: number,
  returnId?: string,
): Promise<Reversal | undefined> {
  const now = deps.clock.now();
  const network = order.network_id;
  const memberId = order.member_id;
  const reversal = await deps.db.transaction().execute(async (trx) => {
    // The member's row first, then the order: every booking takes them in this order.
    const balance = await holdBalance(trx, network, memberId);
    if (balance === undefined) return undefined;
    const share = await claimShare(trx, order, kind, amount, returnId, now);
    if (share === undefined) return undefined;
    const reversed = Math.min(share, Math.max(0, balance));
    let after = balance;
    if (reversed > 0) {
      const booked = await bookCredits(trx, {
        network,
        siteId: order.site_id,
        memberId,
        delta: -reversed,
        reason: 'refund',
        // One entry per return: the ledger books a reference once per reason.
        reference: returnId ?? order.id,
        now,
      });
      after = booked.balance;
    }
    const premium = await hasPaidOrder(trx, network, memberId);
    if (!premium) await endPremium(trx, network, memberId);
    await insertReversal(trx, {
      ...(returnId === undefined ? {} : { id: returnId }),
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
