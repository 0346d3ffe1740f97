import { z } from 'zod';
import { isUniqueViolation } from '../../db/errors.ts';
import { newId } from '../../db/ids.ts';
import type { SessionMember } from '../../server/endpoint.ts';
import { DomainError } from '../../server/errors.ts';
import type { ServiceContext } from '../../server/context.ts';
import type { ProviderStatus } from '../../server/payments/index.ts';
import { localePath } from '../../server/request.ts';
import type { PaymentsContext } from './payments.context.ts';
import { STORED_METHODS } from './payments.customers.ts';
import { customerOf, discardUnchargedOrder, lastStoredMethodOrder } from './payments.repeat.repository.ts';
import {
  findMemberOrder,
  insertOrder,
  moveOrder,
  setProviderPayment,
  type OrderRow,
} from './payments.repository.ts';
import type { RepeatAnswer } from './payments.schemas.ts';
import { completeOrder, pendingOrder } from './payments.service.ts';

/*
 * Repeat orders (spec §2 credits-repeat-order): a premium member buys the last bundle again with
 * the card or PayPal account of their last paid order, without a checkout. Paid at once completes
 * the order as any paid order (credits, receipt); failed answers 402 `payment_failed` offering a
 * retry or PayPal, and the order stays failed; a charge the provider still works on stays pending
 * and is settled by its webhook like any payment.
 */

export { STORED_METHODS };

/**
 * `POST /api/order.php?repeat=1` takes nothing but an optional idempotency key: a repeat sent
 * again with the same `client_id` (a double click, a retry after a lost answer) answers the first
 * repeat and charges nothing more.
 */
export const repeatInputSchema = z.strictObject({
  repeat: z.literal(true).optional(),
  client_id: z.string().min(8).max(64).optional(),
});
export type RepeatInput = z.infer<typeof repeatInputSchema>;

const FAILED: ReadonlySet<ProviderStatus> = new Set(['failed', 'canceled', 'expired']);

function noStoredMethod(): DomainError {
  return new DomainError('no_stored_method', { status: 409, message: 'payments.repeat.no_stored_method' });
}

/** What a repeat order would buy now, for its page; null without a stored method. */
export async function repeatOffer(
  ctx: ServiceContext,
  member: SessionMember,
): Promise<{ bundle: string; credits: number; amount: number; currency: string } | null> {
  if (!member.paidUser || !ctx.payments.chargeRecurring) return null;
  const last = await lastStoredMethodOrder(ctx.db, ctx.network, member.id, ctx.payments.name, STORED_METHODS);
  const bundle = ctx.site.prices.bundles.find((b) => b.id === last?.bundle_id);
  const amount = bundle?.prices[last?.currency ?? ''];
  if (!last || !bundle || amount === undefined) return null;
  return { bundle: bundle.id, credits: bundle.credits, amount, currency: last.currency };
}

function paymentFailed(orderId: string): DomainError {
  return new DomainError('payment_failed', {
    status: 402,
    message: 'payments.repeat.failed',
    details: { order: orderId, retry: ['retry', 'paypal'] },
  });
}

/** What the first repeat with this `client_id` answered (or answers now, if still charging). */
function repeatAnswerOf(ctx: PaymentsContext, order: OrderRow): RepeatAnswer {
  if (order.status === 'failed') throw paymentFailed(order.id);
  if (order.status !== 'pending' && order.status !== 'completed') throw noStoredMethod();
  return {
    order: {
      payment_id: order.id,
      credits: Number(order.credits),
      amount: Number(order.amount),
      currency: order.currency,
    },
    status: order.status,
    redirect_url: `${ctx.siteOrigin}${localePath(ctx.locale, `/transactions/${encodeURIComponent(order.id)}`)}`,
  };
}

export async function repeatOrder(
  ctx: PaymentsContext,
  member: SessionMember,
  input: RepeatInput = {},
): Promise<RepeatAnswer> {
  const clientId = input.client_id ?? null;
  if (clientId) {
    const earlier = await findMemberOrder(ctx.db, ctx.network, member.id, { client_id: clientId });
    if (earlier) return repeatAnswerOf(ctx, earlier);
  }
  const charge = ctx.payments.chargeRecurring?.bind(ctx.payments);
  if (!member.paidUser || !charge) throw noStoredMethod();
  const provider = ctx.payments.name;
  const last = await lastStoredMethodOrder(ctx.db, ctx.network, member.id, provider, STORED_METHODS);
  const bundle = ctx.site.prices.bundles.find((b) => b.id === last?.bundle_id);
  const amount = bundle?.prices[last?.currency ?? ''];
  if (!last?.provider_payment_id || !bundle || amount === undefined) throw noStoredMethod();

  const now = ctx.clock.now();
  const orderId = newId();
  // Written before the charge: money taken at the provider always has its order here. The
  // member's unique `client_id` lets only one of two racing repeats with one key reach the charge.
  try {
    await insertOrder(
      ctx.db,
      pendingOrder(ctx, member, bundle, {
        id: orderId,
        amount,
        currency: last.currency,
        payment_method: last.payment_method,
        provider,
        country: last.country,
        client_id: clientId,
        recurring: 1,
        created_at: now,
      }),
    );
  } catch (error) {
    if (!clientId || !isUniqueViolation(error)) throw error;
    const first = await findMemberOrder(ctx.db, ctx.network, member.id, { client_id: clientId });
    if (!first) throw error;
    return repeatAnswerOf(ctx, first);
  }
  const stored = {
    firstPaymentId: last.provider_payment_id,
    customerId: (await customerOf(ctx.db, ctx.network, member.id, provider)) ?? null,
    method: last.payment_method,
  };
  const payment = await charge(stored, {
    reference: orderId,
    amount,
    currency: last.currency,
    method: last.payment_method,
    description: `${ctx.site.name}: ${bundle.credits} credits`,
    webhookUrl: `${ctx.siteOrigin}/api/payment-webhook.php?provider=${provider}`,
  }).catch(async (error: unknown) => {
    ctx.log.error('payments: provider refused a recurring charge', { order: orderId, error: String(error) });
    await moveOrder(ctx.db, orderId, ['pending'], 'failed', ctx.clock.now());
    throw new DomainError('payment_unavailable', { status: 503, message: 'payments.unavailable' });
  });
  if (!payment) {
    // No valid mandate was left (a card or PayPal agreement revoked at the provider): nothing was charged.
    await discardUnchargedOrder(ctx.db, orderId);
    throw noStoredMethod();
  }
  await setProviderPayment(ctx.db, orderId, payment.id, now);
  const order = (await findMemberOrder(ctx.db, ctx.network, member.id, { id: orderId }))!;
  if (FAILED.has(payment.status)) {
    await moveOrder(ctx.db, orderId, ['pending'], 'failed', ctx.clock.now());
    throw paymentFailed(orderId);
  }
  if (payment.status === 'paid') await completeOrder(ctx, order);
  return {
    order: { payment_id: orderId, credits: bundle.credits, amount, currency: last.currency },
    status: payment.status === 'paid' ? 'completed' : 'pending',
    redirect_url: `${ctx.siteOrigin}${localePath(ctx.locale, `/transactions/${encodeURIComponent(orderId)}`)}`,
  };
}
