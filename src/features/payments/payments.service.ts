import { fallbackLocale, localePath } from '../../server/request.ts';
import { withReturn } from '../../lib/return-path.ts';
import { DomainError, platformError } from '../../server/errors.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { newId } from '../../db/ids.ts';
import { isLocale, type Locale } from '../../i18n/locales.ts';
import type { SessionMember } from '../../server/endpoint.ts';
import type { ProviderReturn, ProviderStatus } from '../../server/payments/index.ts';
import { testProviderOf, type TestOutcome } from '../../server/payments/index.ts';
import {
  announceBalance,
  bookCredits,
  discountGroup,
  reclaimDiscount,
  releaseDiscount,
  reserveDiscount,
} from '../credits/index.ts';
import { pricingFor } from '../pages/index.ts';
import type { PaymentsContext } from './payments.context.ts';
import { customerForPayment } from './payments.customers.ts';
import { receiptMail } from './payments.mail.ts';
import { isOfferedMethod, paymentMethodsFor } from './payments.methods.ts';
import {
  buyerOf,
  claimProviderCheck,
  findMemberOrder,
  findOrderByPayment,
  insertOrder,
  markPaidUser,
  moveOrder,
  otherOrderWithCode,
  setProviderPayment,
  type OrderRow,
} from './payments.repository.ts';
import type { OrderAnswer, OrderInput, OrderView, TransactionAnswer } from './payments.schemas.ts';
import type { ServiceContext } from '../../server/context.ts';
import type { Transaction } from 'kysely';
import type { Database } from '../../db/database.ts';
import { recordReversalOnce, reversalsOfOrder } from './payments.reversal.repository.ts';
import { reverseOrder } from './payments.reversal.ts';

/*
 * Orders and their payment (ARCHITECTURE rule 5): an order is priced by the server from the
 * site's bundles in the member's currency, paid at the provider, and applied exactly once when
 * the provider says it is paid, whatever order the webhooks come in and however often.
 */

const PAYMENT_ERRORS = {
  bundle: () =>
    new DomainError('validation', {
      status: 422,
      message: 'api.validation',
      fields: { bundle: 'unknown_bundle' },
    }),
  method: () =>
    new DomainError('validation', {
      status: 422,
      message: 'api.validation',
      fields: { paymentmethod: 'unknown_method' },
    }),
  provider: () => new DomainError('payment_unavailable', { status: 503, message: 'payments.unavailable' }),
};

/**
 * The country an order is priced and taxed in: the profile's, else the signup's, else the
 * request's (the country `/credits` prices by).
 */
export async function buyerCountry(ctx: PaymentsContext, memberId: string): Promise<string> {
  const buyer = await buyerOf(ctx.db, ctx.network, memberId);
  return (buyer?.country || buyer?.signup_country || ctx.requestCountry).toUpperCase();
}

function orderView(order: OrderRow): OrderView {
  return {
    payment_id: order.id,
    bundle: order.bundle_id,
    credits: Number(order.credits),
    amount: Number(order.amount),
    currency: order.currency,
    paymentmethod: order.payment_method,
    discountcode: order.discount_code,
    created_at: Number(order.created_at),
    completed_at: order.completed_at === null ? null : Number(order.completed_at),
  };
}

/** The thank-you page of an order; with the path the member came from, to lead back there. */
const transactionPath = (ctx: PaymentsContext, orderId: string, returnTo?: string) =>
  withReturn(localePath(ctx.locale, `/transactions/${encodeURIComponent(orderId)}`), returnTo);

function answerFor(
  ctx: PaymentsContext,
  order: OrderRow,
  checkoutUrl: string | undefined,
  returnTo?: string,
): OrderAnswer {
  const { payment_id, credits, amount, currency } = orderView(order);
  return {
    order: { payment_id, credits, amount, currency },
    redirect_url: checkoutUrl ?? `${ctx.siteOrigin}${transactionPath(ctx, order.id, returnTo)}`,
  };
}

/**
 * `POST /api/order.php`: prices the bundle for the member's country, reserves a discount code,
 * creates the payment at the provider and answers where to pay. The same `client_id` answers
 * the first order again.
 */
export async function createOrder(
  ctx: PaymentsContext,
  member: SessionMember,
  input: OrderInput,
): Promise<OrderAnswer> {
  if (input.client_id) {
    const earlier = await findMemberOrder(ctx.db, ctx.network, member.id, { client_id: input.client_id });
    if (earlier) return answerFor(ctx, earlier, undefined, input.return_to);
  }
  const country = await buyerCountry(ctx, member.id);
  const pricing = pricingFor(ctx.site, country);
  const bundle = pricing.bundles.find((b) => b.id === input.bundle);
  if (!bundle) throw PAYMENT_ERRORS.bundle();
  if (!isOfferedMethod(country, input.paymentmethod)) throw PAYMENT_ERRORS.method();
  const now = ctx.clock.now();
  const orderId = newId();
  const order = await insertPricedOrder(ctx, member, input, {
    orderId,
    bundle,
    currency: pricing.currency,
    country,
    now,
  }).catch(async (error: unknown) => {
    // A retry raced the first request with the same key: answer the first order.
    if (!input.client_id || !isUniqueViolation(error)) throw error;
    return findMemberOrder(ctx.db, ctx.network, member.id, { client_id: input.client_id });
  });
  if (!order) throw platformError('not_found');
  if (order.id !== orderId) return answerFor(ctx, order, undefined, input.return_to);
  let checkoutUrl: string;
  try {
    const customerId = await customerForPayment(ctx, member.id, order.payment_method);
    const payment = await ctx.payments.createPayment({
      reference: order.id,
      amount: Number(order.amount),
      currency: order.currency,
      method: order.payment_method,
      description: `${ctx.site.name}: ${order.credits} credits`,
      // The provider sends the member back here; the return path rides along in the URL.
      redirectUrl: `${ctx.siteOrigin}${transactionPath(ctx, order.id, input.return_to)}`,
      webhookUrl: `${ctx.siteOrigin}/api/payment-webhook.php?provider=${ctx.payments.name}`,
      locale: ctx.locale,
      customerId,
    });
    await setProviderPayment(ctx.db, order.id, payment.id, ctx.clock.now());
    checkoutUrl = payment.checkoutUrl;
  } catch (error) {
    // The provider could not take the payment: the order fails and gives its code back.
    ctx.log.error('payments: provider refused a payment', { order: order.id, error: String(error) });
    await failOrder(ctx, order);
    throw PAYMENT_ERRORS.provider();
  }
  return answerFor(ctx, order, checkoutUrl);
}

interface PricedOrder {
  orderId: string;
  bundle: { id: string; credits: number; amount: number };
  currency: string;
  country: string;
  now: number;
}

/** Writes the order at its price, with the discount code reserved in the same transaction. */
/** What an order says beside its bundle and buyer, as each way of buying fills it in. */
type OrderTerms = Pick<
  OrderRow,
  'id' | 'amount' | 'currency' | 'payment_method' | 'provider' | 'country' | 'created_at'
> &
  Partial<Pick<OrderRow, 'discount_code' | 'client_id' | 'recurring'>>;

/**
 * A new order of `bundle` for the member, pending and not yet sent to the provider: the one
 * shape a checkout, a direct debit and a repeat order all start from.
 */
export function pendingOrder(
  ctx: Pick<ServiceContext, 'network' | 'site'>,
  member: SessionMember,
  bundle: { id: string; credits: number },
  terms: OrderTerms,
): OrderRow {
  return {
    network_id: ctx.network,
    site_id: ctx.site.id,
    member_id: member.id,
    bundle_id: bundle.id,
    credits: bundle.credits,
    provider_payment_id: null,
    status: 'pending',
    discount_code: null,
    client_id: null,
    recurring: 0,
    updated_at: terms.created_at,
    completed_at: null,
    provider_checked_at: null,
    ...terms,
  };
}

async function insertPricedOrder(
  ctx: PaymentsContext,
  member: SessionMember,
  input: OrderInput,
  priced: PricedOrder,
): Promise<OrderRow> {
  const { orderId, bundle, currency, country, now } = priced;
  return ctx.db.transaction().execute(async (trx) => {
    let amount = bundle.amount;
    let discountCode: string | null = null;
    if (input.discountcode) {
      const discount = await reserveDiscount(trx, ctx, member.id, input.discountcode, {
        orderId,
        bundleId: bundle.id,
        amount: bundle.amount,
        currency,
        country,
      });
      amount = discount.amount;
      discountCode = discount.code;
    }
    const row = pendingOrder(ctx, member, bundle, {
      id: orderId,
      amount,
      currency,
      payment_method: input.paymentmethod,
      provider: ctx.payments.name,
      discount_code: discountCode,
      client_id: input.client_id ?? null,
      country,
      created_at: now,
    });
    await insertOrder(trx, row);
    return row;
  });
}

async function failOrder(ctx: ServiceContext, order: OrderRow): Promise<void> {
  await ctx.db.transaction().execute(async (trx) => {
    if (await moveOrder(trx, order.id, ['pending'], 'failed', ctx.clock.now())) {
      if (order.discount_code) await releaseDiscount(trx, ctx, order.id);
    }
  });
}

const FAILED: ReadonlySet<ProviderStatus> = new Set(['failed', 'canceled', 'expired']);

/**
 * What a webhook (or a poll of a pending order) does: asks the provider for the payment's status
 * and applies it once. Paid completes the order, books its credits and makes the member premium
 * in one transaction; failed, cancelled or expired fail a pending order only, so a late failure
 * never undoes a payment. Each refund or chargeback the provider reports (made in its dashboard,
 * or by the payer's bank) is booked once by its id (payments.reversal.ts), so a second partial
 * refund of an order counts too. Answers the order as it stands after.
 */
export async function applyPaymentUpdate(
  ctx: PaymentsContext,
  provider: string,
  paymentId: string,
): Promise<OrderRow | undefined> {
  if (provider !== ctx.payments.name) return undefined;
  const order = await findOrderByPayment(ctx.db, provider, paymentId);
  // A stray or forged id, or an order of another network's site: nothing to apply here.
  if (!order || order.network_id !== ctx.network) return undefined;
  const payment = await ctx.payments.getPayment(paymentId);
  if (!payment || payment.reference !== order.id) return order;
  if (payment.status === 'paid') {
    if (payment.amount !== Number(order.amount) || payment.currency !== order.currency) {
      ctx.log.error('payments: paid amount differs from the order', { order: order.id });
      return order;
    }
    await completeOrder(ctx, order);
  } else if (FAILED.has(payment.status)) {
    await failOrder(ctx, order);
  }
  const after = await findMemberOrder(ctx.db, order.network_id, order.member_id, { id: order.id });
  if (!after || !payment.returns?.length || !['completed', 'refunded'].includes(after.status)) return after;
  let balance: number | undefined;
  for (const given of await returnsToBook(ctx, after, payment.returns)) {
    const reversal = await reverseOrder(ctx, after, given.kind, given.amount, given.id);
    if (reversal) balance = reversal.balance;
  }
  if (balance === undefined) return after;
  await announceBalance(ctx, order.member_id, balance);
  await ctx.realtime.publish(ctx.network, order.member_id, 'user', {});
  return findMemberOrder(ctx.db, order.network_id, order.member_id, { id: order.id });
}

/**
 * The provider's returns of an order, oldest first, less those a reversal booked before returns
 * were kept by their id: such a row (its id is the order's) stands for the earliest returns up to
 * its amount. reverseOrder skips the ones booked already by their id.
 */
async function returnsToBook(
  ctx: PaymentsContext,
  order: OrderRow,
  returns: readonly ProviderReturn[],
): Promise<ProviderReturn[]> {
  const earlier = await reversalsOfOrder(ctx.db, order.id);
  let covered = earlier
    .filter((r) => r.id === order.id && r.kind !== 'returned_debit')
    .reduce((sum, r) => sum + Number(r.amount), 0);
  const oldestFirst = [...returns].sort((a, b) => a.createdAt - b.createdAt || a.id.localeCompare(b.id));
  return oldestFirst.filter((given) => {
    if (covered < given.amount) {
      covered = 0;
      return true;
    }
    covered -= given.amount;
    return false;
  });
}

/** A late payment whose discount went to another order meanwhile: the order stays failed. */
class DiscountTaken extends Error {}

/**
 * Whether the order's discount is still its own at settlement. A failed order gave its code back;
 * when its payment is reported paid after all, the code is taken again, unless another order of
 * the member holds it (or, for the welcome code and the time bonus, the other one) by now: a
 * member never gets two discounted orders paid, whatever the order of events.
 */
async function discountStillHeld(trx: Transaction<Database>, ctx: PaymentsContext, order: OrderRow) {
  if (!order.discount_code) return true;
  const group = discountGroup(order.discount_code);
  if (await otherOrderWithCode(trx, order.network_id, order.member_id, order.id, group)) return false;
  return reclaimDiscount(trx, ctx, order.member_id, order.discount_code);
}

export async function completeOrder(ctx: PaymentsContext, order: OrderRow): Promise<void> {
  const now = ctx.clock.now();
  const booked = await ctx.db
    .transaction()
    .execute(async (trx) => {
      if (!(await moveOrder(trx, order.id, ['pending', 'failed'], 'completed', now))) return undefined;
      if (!(await discountStillHeld(trx, ctx, order))) throw new DiscountTaken();
      return bookPurchase(trx, order, now);
    })
    .catch(async (error: unknown) => {
      if (!(error instanceof DiscountTaken)) throw error;
      await refundLatePayment(ctx, order);
      return undefined;
    });
  if (!booked) return;
  await announceBalance(ctx, order.member_id, booked.balance);
  await ctx.realtime.publish(ctx.network, order.member_id, 'user', {});
  await sendReceipt(ctx, order, now);
}

/** The order's credits and premium, in the transaction that completes it. */
async function bookPurchase(trx: Transaction<Database>, order: OrderRow, now: number) {
  const entry = await bookCredits(trx, {
    network: order.network_id,
    siteId: order.site_id,
    memberId: order.member_id,
    delta: Number(order.credits),
    reason: 'purchase',
    reference: order.id,
    now,
  });
  await markPaidUser(trx, order.network_id, order.member_id);
  return entry;
}

/**
 * A failed order paid after all, whose discount another order holds now: nothing is booked, and
 * the whole payment goes back through the provider; where that fails the log names the order.
 */
async function refundLatePayment(ctx: PaymentsContext, order: OrderRow): Promise<void> {
  // Once per order, however often the provider repeats the webhook: the reversal row decides.
  const first = await recordReversalOnce(ctx.db, {
    order_id: order.id,
    network_id: order.network_id,
    member_id: order.member_id,
    kind: 'refund',
    amount: Number(order.amount),
    currency: order.currency,
    credits_reversed: 0,
    credits_unrecovered: 0,
    created_at: ctx.clock.now(),
  });
  if (!first) return;
  ctx.log.warn('payments: a late payment of a failed order whose discount went to another order', {
    order: order.id,
  });
  try {
    if (order.provider !== ctx.payments.name || !order.provider_payment_id)
      throw new Error(`the order was paid through ${order.provider}, not through ${ctx.payments.name}`);
    await ctx.payments.refundPayment(order.provider_payment_id, Number(order.amount), order.currency);
  } catch (error) {
    ctx.log.error('payments: late payment not paid back; pay it back by hand', {
      order: order.id,
      amount: Number(order.amount),
      currency: order.currency,
      error: String(error),
    });
  }
}

async function sendReceipt(ctx: PaymentsContext, order: OrderRow, paidAt: number): Promise<void> {
  const buyer = await buyerOf(ctx.db, order.network_id, order.member_id);
  if (!buyer) return;
  const locale: Locale =
    isLocale(buyer.language) && (ctx.site.locales as string[]).includes(buyer.language)
      ? buyer.language
      : fallbackLocale(ctx.site);
  try {
    await ctx.mailer.send(
      receiptMail(ctx.site, {
        to: buyer.email,
        name: buyer.name ?? undefined,
        locale,
        country: order.country ?? buyer.country ?? '',
        orderId: order.id,
        credits: Number(order.credits),
        amount: Number(order.amount),
        currency: order.currency,
        method: order.payment_method,
        paidAt,
        orderUrl: `${ctx.siteOrigin}${localePath(locale, `/transactions/${encodeURIComponent(order.id)}`)}`,
      }),
    );
  } catch (error) {
    // The purchase stands without its e-mail; the order page shows the same facts.
    ctx.log.error('payments: receipt not sent', { order: order.id, error: String(error) });
  }
}

/** The member's own order; anyone else's, like an unknown id, is 404 (never 403: it tells nothing). */
export async function memberOrder(ctx: ServiceContext, memberId: string, orderId: string): Promise<OrderRow> {
  const order = await findMemberOrder(ctx.db, ctx.network, memberId, { id: orderId });
  if (!order) throw platformError('not_found');
  return order;
}

/** How often polls of one pending order may ask the provider (a page polls every few seconds). */
export const PROVIDER_CHECK_INTERVAL_MS = 10_000;

/**
 * `GET /api/transaction.php`: the member's own order (anyone else's is 404), refreshed while
 * pending, asking the provider at most once per PROVIDER_CHECK_INTERVAL_MS per order.
 */
export async function transactionOf(
  ctx: PaymentsContext,
  member: SessionMember,
  orderId: string,
): Promise<TransactionAnswer> {
  let order = await memberOrder(ctx, member.id, orderId);
  // A lost webhook must not leave the member waiting: a pending order asks the provider itself.
  if (
    order.status === 'pending' &&
    order.provider_payment_id &&
    (await claimProviderCheck(ctx.db, order.id, ctx.clock.now(), PROVIDER_CHECK_INTERVAL_MS))
  )
    order = (await applyPaymentUpdate(ctx, order.provider, order.provider_payment_id)) ?? order;
  const country = order.country ?? (await buyerCountry(ctx, member.id));
  return {
    status: order.status,
    order: orderView(order),
    retry_methods: paymentMethodsFor(country).filter((m) => m.id !== order.payment_method),
  };
}

/** Whether `orderId` is the member's own order (a visitor has none). */
async function ownsOrder(ctx: ServiceContext, memberId: string | null, orderId: string): Promise<boolean> {
  if (memberId === null) return false;
  return (await findMemberOrder(ctx.db, ctx.network, memberId, { id: orderId })) !== undefined;
}

/**
 * The test checkout page's view of an order: only the test provider has one, and only the
 * logged-in member who placed the order sees it (anyone else, like an unknown id, finds nothing).
 */
export async function testCheckoutOrder(ctx: ServiceContext, memberId: string | null, orderId: string) {
  const provider = testProviderOf(ctx.payments);
  if (!provider || !(await ownsOrder(ctx, memberId, orderId))) return undefined;
  const payment = await provider.paymentFor(orderId);
  return payment && { ...payment, open: payment.status === 'open' };
}

/**
 * The test checkout's outcome, chosen by the member who placed the order: recorded at the test
 * provider, then announced to the shop by the payment's id exactly as a webhook would. Answers
 * where the member goes next.
 */
export async function testCheckout(
  ctx: PaymentsContext,
  memberId: string | null,
  orderId: string,
  outcome: TestOutcome,
) {
  const provider = testProviderOf(ctx.payments);
  if (!provider || !(await ownsOrder(ctx, memberId, orderId))) throw platformError('not_found');
  const done = await provider.complete(orderId, outcome);
  if (!done) throw platformError('not_found');
  await applyPaymentUpdate(ctx, 'test', done.paymentId);
  return done.redirectUrl;
}

export { paymentMethodsFor };
