import { afterEach, describe, expect, it } from 'vitest';
import { orderStarterBundle, TEST_MOLLIE_KEY, useMollieServer } from '../support/mollie-server.ts';
import type { TestMember, TestSession } from '../support/factories.ts';

/*
 * The Mollie adapter, chosen by MOLLIE_API_KEY, against a local stand-in of Mollie's API: the
 * amount goes out as Mollie's decimal string, the member is sent to Mollie's checkout, and a
 * webhook carrying only the id completes the order once after the status is fetched back.
 */

const { app, mollie, paymentOf, webhook, order, paidOrder } = useMollieServer({ clock: true });

describe('payments through Mollie', () => {
  it('creates the payment at Mollie and applies its paid status once', async () => {
    const member = await app.make.loggedIn({ country: 'NL' });
    const res = await orderStarterBundle(app, member);
    expect(res.status, res.body).toBe(201);
    const { order, redirect_url } = res.json<{ order: { payment_id: string }; redirect_url: string }>();
    const payment = paymentOf(order.payment_id);
    expect(payment).toMatchObject({ amount: { currency: 'EUR', value: '14.99' }, method: 'ideal' });
    expect(payment.webhookUrl).toMatch(/\/api\/payment-webhook\.php\?provider=mollie$/);
    expect(redirect_url).toBe(`${mollie().url.replace(/\/v2\/$/, '')}/checkout/${payment.id}`);
    expect(mollie().keys.at(-1)).toBe(`Bearer ${TEST_MOLLIE_KEY}`);

    const hook = () => webhook(payment.id);
    expect((await hook()).status).toBe(200);
    expect(await app.inspect.balanceOf(member.memberId)).toBe(0);
    mollie().settle(payment.id, 'paid');
    await Promise.all([hook(), hook(), hook()]);
    expect(await app.inspect.balanceOf(member.memberId)).toBe(100);
    const tx = await app.request(`/api/transaction.php?id=${order.payment_id}`, {
      headers: { cookie: member.cookie },
    });
    expect(tx.json().status).toBe('completed');
  });

  it('ignores ids Mollie does not know and ids that are not Mollie payment ids', async () => {
    for (const id of ['tr_doesnotexist', '../../etc', 'tst_123']) {
      expect((await webhook(id)).status).toBe(200);
    }
  });

  it('the test checkout does not exist while Mollie takes the payments', async () => {
    const member = await app.make.loggedIn({ country: 'NL' });
    expect(
      (await app.request('/checkout/test/anything', { headers: { cookie: member.cookie } })).status,
    ).toBe(404);
  });
});

/*
 * Repeat orders through Mollie's recurring payments: a card or PayPal order is the first payment
 * of the member's Mollie customer, which leaves a mandate once paid; a repeat is a recurring
 * payment on that customer, charged to the mandate without a checkout.
 */
describe('repeat orders through Mollie', () => {
  type Buyer = TestMember & TestSession;
  afterEach(() => {
    mollie().recurringStatus = 'paid';
  });

  const balanceOf = async (member: Buyer) =>
    Number((await app.inspect.row('members', { id: member.memberId }))!.credits);
  const repeat = (member: Buyer) =>
    app.request('/api/order.php?repeat=1', { method: 'POST', headers: { cookie: member.cookie }, body: {} });

  /** Orders `paymentmethod` and pays it at Mollie's checkout; answers the order's id. */
  const buy = (member: Buyer, paymentmethod: string) => paidOrder(member, { paymentmethod });

  async function cardBuyer(): Promise<Buyer> {
    const member = await app.make.loggedIn({ country: 'NL' });
    await buy(member, 'creditcard');
    expect(await balanceOf(member)).toBe(100);
    return member;
  }

  const customerOf = async (member: Buyer) =>
    (await app.inspect.row('payment_customers', { member_id: member.memberId }))?.customer_id;

  it('pays a first card order as the first payment of a new Mollie customer, which leaves a mandate', async () => {
    const member = await app.make.loggedIn({ country: 'NL' });
    const customersBefore = mollie().customers.size;
    const orderId = await buy(member, 'creditcard');
    const customerId = await customerOf(member);
    expect(customerId).toMatch(/^cst_/);
    expect(mollie().customers.get(customerId!)).toMatchObject({
      name: null,
      email: null,
      metadata: { member: member.memberId },
    });
    expect(paymentOf(orderId)).toMatchObject({ customerId, sequenceType: 'first', method: 'creditcard' });
    expect(mollie().mandates.get(customerId!)).toMatchObject([{ status: 'valid', method: 'creditcard' }]);

    // The member's next card or PayPal order uses the same customer; iDEAL leaves no mandate.
    const paypal = await buy(member, 'paypal');
    expect(paymentOf(paypal)).toMatchObject({ customerId, sequenceType: 'first' });
    const ideal = await buy(member, 'ideal');
    expect(paymentOf(ideal)).toMatchObject({ customerId: null, sequenceType: 'oneoff' });
    expect(mollie().customers.size).toBe(customersBefore + 1);
    expect(await app.inspect.count('payment_customers', { member_id: member.memberId })).toBe(1);
  });

  it('makes one Mollie customer for a member whose first card orders race', async () => {
    const member = await app.make.loggedIn({ country: 'NL' });
    const customersBefore = mollie().customers.size;
    const placed = await Promise.all(
      ['creditcard', 'paypal', 'creditcard'].map((paymentmethod) =>
        orderStarterBundle(app, member, { paymentmethod }),
      ),
    );
    for (const res of placed) expect(res.status, res.body).toBe(201);
    const customerId = await customerOf(member);
    for (const res of placed)
      expect(paymentOf(res.json<{ order: { payment_id: string } }>().order.payment_id).customerId).toBe(
        customerId,
      );
    expect(mollie().customers.size).toBe(customersBefore + 1);
  });

  it('charges a repeat as a recurring payment on the mandate and books its credits once, however often the webhook comes', async () => {
    const member = await cardBuyer();
    const customerId = await customerOf(member);
    const res = await repeat(member);
    expect(res.status, res.body).toBe(201);
    const body = res.json<{ order: { payment_id: string; credits: number }; status: string }>();
    expect(body).toMatchObject({ status: 'completed', order: { credits: 100 } });
    const payment = paymentOf(body.order.payment_id);
    expect(payment).toMatchObject({
      sequenceType: 'recurring',
      customerId,
      mandateId: mollie().mandates.get(customerId!)![0]!.id,
      status: 'paid',
      amount: { currency: 'EUR', value: '14.99' },
    });
    expect(payment.webhookUrl).toMatch(/\/api\/payment-webhook\.php\?provider=mollie$/);
    expect(await balanceOf(member)).toBe(200);

    await Promise.all([webhook(payment.id), webhook(payment.id), webhook(payment.id)]);
    expect(await balanceOf(member)).toBe(200);
    expect(await app.inspect.row('orders', { id: body.order.payment_id })).toMatchObject({
      status: 'completed',
      recurring: 1,
      provider: 'mollie',
      provider_payment_id: payment.id,
    });
    expect(await app.inspect.count('credit_ledger', { reference: body.order.payment_id })).toBe(1);
  });

  it('leaves a recurring charge Mollie still works on pending, and its webhook completes it once', async () => {
    const member = await cardBuyer();
    mollie().recurringStatus = 'pending';
    const res = await repeat(member);
    expect(res.status, res.body).toBe(201);
    const body = res.json<{ order: { payment_id: string }; status: string; redirect_url: string }>();
    expect(body.status).toBe('pending');
    expect(body.redirect_url).toMatch(new RegExp(`/transactions/${body.order.payment_id}$`));
    expect(await balanceOf(member)).toBe(100);
    const payment = paymentOf(body.order.payment_id);
    mollie().settle(payment.id, 'paid');
    await Promise.all([webhook(payment.id), webhook(payment.id)]);
    expect(await balanceOf(member)).toBe(200);
    await webhook(payment.id);
    expect(await balanceOf(member)).toBe(200);
  });

  it('answers 402 payment_failed with a retry or PayPal when Mollie fails the recurring charge', async () => {
    const member = await cardBuyer();
    mollie().recurringStatus = 'failed';
    const res = await repeat(member);
    expect(res.status, res.body).toBe(402);
    expect(res.json()).toMatchObject({
      error: 'payment_failed',
      message: 'Credit card payment failed with stored card',
      retry: ['retry', 'paypal'],
    });
    const failed = res.json<{ order: string }>().order;
    expect(await app.inspect.row('orders', { id: failed })).toMatchObject({ status: 'failed', recurring: 1 });
    await webhook(paymentOf(failed).id);
    expect(await balanceOf(member)).toBe(100);
    expect((await app.inspect.row('orders', { id: failed }))!.status).toBe('failed');
  });

  it('answers 409 no_stored_method when the customer has no valid mandate, charging nothing and keeping no order', async () => {
    const member = await cardBuyer();
    mollie().revokeMandates((await customerOf(member))!);
    const ordersBefore = await app.inspect.count('orders', { member_id: member.memberId });
    const paymentsBefore = mollie().payments.size;
    const res = await repeat(member);
    expect(res.status, res.body).toBe(409);
    expect(res.json().error).toBe('no_stored_method');
    expect(mollie().payments.size).toBe(paymentsBefore);
    expect(await app.inspect.count('orders', { member_id: member.memberId })).toBe(ordersBefore);
    expect(await balanceOf(member)).toBe(100);

    // A premium member who paid only with iDEAL has no mandate to charge either.
    const ideal = await app.make.loggedIn({ country: 'NL' });
    await buy(ideal, 'ideal');
    expect(await customerOf(ideal)).toBeUndefined();
    expect((await repeat(ideal)).status).toBe(409);
  });
});

/*
 * Money given back at Mollie without the member asking the shop: a refund made in Mollie's
 * dashboard or a chargeback by the payer's bank. Mollie calls the payment's webhook again; the
 * shop fetches the payment and reverses the order once.
 */
describe('provider reconciliation through Mollie', () => {
  type Buyer = TestMember & TestSession;
  const memberRow = async (member: Buyer) => (await app.inspect.row('members', { id: member.memberId }))!;

  /**
   * Money given back at Mollie on an order's payment (in the dashboard, or by the payer's bank),
   * then Mollie's call of the webhook; answers the refund's or chargeback's id.
   */
  async function givenBack(orderId: string, kind: 'refund' | 'chargeback', value: string): Promise<string> {
    const payment = paymentOf(orderId).id;
    const id = mollie().giveBack(payment, kind, value);
    await webhook(payment);
    return id;
  }

  it('a refund made in Mollie’s dashboard takes back the unused credits, ends premium and records what was spent', async () => {
    const member = await app.make.loggedIn({ country: 'NL' });
    const orderId = await paidOrder(member);
    expect(await memberRow(member)).toMatchObject({ credits: 100, paid_user: 1 });
    // Sixty of the hundred credits were spent already.
    await app.make.updateMember(member, { credits: 40 });

    const refundId = mollie().giveBack(paymentOf(orderId).id, 'refund', '14.99');
    await Promise.all([webhook(paymentOf(orderId).id), webhook(paymentOf(orderId).id)]);
    await webhook(paymentOf(orderId).id);
    expect(await memberRow(member)).toMatchObject({ credits: 0, paid_user: 0 });
    expect((await app.inspect.row('orders', { id: orderId }))!.status).toBe('refunded');
    const entries = await app.inspect.rows('credit_ledger', { member_id: member.memberId, reason: 'refund' });
    expect(entries.map((e) => [e.delta, e.reference])).toEqual([[-40, refundId]]);
    expect(await app.inspect.row('payment_reversals', { order_id: orderId })).toMatchObject({
      id: refundId,
      kind: 'refund',
      amount: 1499,
      currency: 'EUR',
      credits_reversed: 40,
      credits_unrecovered: 60,
    });
    const tx = await app.request(`/api/transaction.php?id=${orderId}`, {
      headers: { cookie: member.cookie },
    });
    expect(tx.json().status).toBe('refunded');
    // Nothing is paid back twice: the money already went back at Mollie.
    expect(mollie().refunds.filter((r) => r.payment === paymentOf(orderId).id)).toHaveLength(0);
  });

  it('a chargeback reverses its order and keeps premium while another paid order remains; a partial refund takes its share', async () => {
    const member = await app.make.loggedIn({ country: 'NL' });
    const first = await paidOrder(member);
    const second = await paidOrder(member);
    expect((await memberRow(member)).credits).toBe(200);

    await givenBack(first, 'chargeback', '14.99');
    expect(await memberRow(member)).toMatchObject({ credits: 100, paid_user: 1 });
    expect(await app.inspect.row('payment_reversals', { order_id: first })).toMatchObject({
      kind: 'chargeback',
      credits_reversed: 100,
      credits_unrecovered: 0,
    });

    // 7.50 of 14.99 back: 51 of the 100 credits (rounded up), and no paid order is left.
    await givenBack(second, 'refund', '7.50');
    expect(await memberRow(member)).toMatchObject({ credits: 49, paid_user: 0 });
    expect(await app.inspect.row('payment_reversals', { order_id: second })).toMatchObject({
      kind: 'refund',
      amount: 750,
      credits_reversed: 51,
    });
  });

  it('books each partial refund made in Mollie’s dashboard once by its id, however often the webhooks are replayed', async () => {
    const member = await app.make.loggedIn({ country: 'NL' });
    const orderId = await paidOrder(member);
    const other = await paidOrder(member);
    expect(await memberRow(member)).toMatchObject({ credits: 200, paid_user: 1 });
    const payment = paymentOf(orderId).id;

    // 5.00 of 14.99 back: 34 of the 100 credits (rounded up).
    const firstRefund = await givenBack(orderId, 'refund', '5.00');
    expect(await memberRow(member)).toMatchObject({ credits: 166, paid_user: 1 });
    expect((await app.inspect.row('orders', { id: orderId }))!.status).toBe('refunded');

    // A second partial refund of the same order, 4.00 more: its share of the running total
    // (9.00 of 14.99 is 61 credits) less the 34 taken already.
    const secondRefund = await givenBack(orderId, 'refund', '4.00');
    expect(await memberRow(member)).toMatchObject({ credits: 139 });

    // Mollie repeats the webhook (both refunds are on the payment now): nothing more is booked.
    await Promise.all([webhook(payment), webhook(payment)]);
    await webhook(payment);
    const entries = await app.inspect.rows('credit_ledger', { member_id: member.memberId, reason: 'refund' });
    expect(entries.map((e) => [e.delta, e.reference])).toEqual([
      [-34, firstRefund],
      [-27, secondRefund],
    ]);
    const reversals = await app.inspect.rows('payment_reversals', { order_id: orderId });
    expect(reversals.map((r) => [r.id, r.kind, r.amount, r.credits_reversed])).toEqual([
      [firstRefund, 'refund', 500, 34],
      [secondRefund, 'refund', 400, 27],
    ]);
    expect(await memberRow(member)).toMatchObject({ credits: 139, paid_user: 1 });
    // The rest given back as a chargeback: the order's last 39 credits, never more than it had.
    await givenBack(orderId, 'chargeback', '5.99');
    await webhook(payment);
    expect(await memberRow(member)).toMatchObject({ credits: 100, paid_user: 1 });
    expect(await app.inspect.rows('payment_reversals', { order_id: orderId })).toHaveLength(3);
    expect((await app.inspect.row('orders', { id: other }))!.status).toBe('completed');
    // Nothing was paid back through the API: the money went back at Mollie.
    expect(mollie().refunds.filter((r) => r.payment === payment)).toHaveLength(0);
  });

  it('a failed first-purchase order paid after all, while another order holds the discount, books nothing and is paid back', async () => {
    const member = await app.make.loggedIn({ country: 'NL' });
    const withCode = (discountcode: string) => order(member, { discountcode });
    const welcome = await withCode('WELCOME25');
    mollie().settle(paymentOf(welcome).id, 'expired');
    await webhook(paymentOf(welcome).id);
    expect((await app.inspect.row('orders', { id: welcome }))!.status).toBe('failed');
    // The discount came back with the failure; the time bonus takes it now.
    const bonus = await withCode('TIMEBONUS25');

    mollie().settle(paymentOf(welcome).id, 'paid');
    await Promise.all([webhook(paymentOf(welcome).id), webhook(paymentOf(welcome).id)]);
    await webhook(paymentOf(welcome).id);
    expect((await app.inspect.row('orders', { id: welcome }))!.status).toBe('failed');
    expect(await memberRow(member)).toMatchObject({ credits: 0, paid_user: 0 });
    expect(mollie().refunds.filter((r) => r.payment === paymentOf(welcome).id)).toEqual([
      { payment: paymentOf(welcome).id, amount: { currency: 'EUR', value: '11.24' } },
    ]);

    mollie().settle(paymentOf(bonus).id, 'paid');
    await webhook(paymentOf(bonus).id);
    expect(await memberRow(member)).toMatchObject({ credits: 100, paid_user: 1 });
    expect(await app.inspect.count('credit_ledger', { member_id: member.memberId, reason: 'purchase' })).toBe(
      1,
    );
  });

  it('GET /api/transaction.php asks Mollie about a pending order at most once per 10 s', async () => {
    const member = await app.make.loggedIn({ country: 'NL' });
    const orderId = await order(member);
    const paymentId = paymentOf(orderId).id;
    const poll = () =>
      app.request(`/api/transaction.php?id=${orderId}`, { headers: { cookie: member.cookie } });
    const before = mollie().gets.get(paymentId) ?? 0;
    const answers = await Promise.all(Array.from({ length: 5 }, () => poll()));
    for (const res of answers) expect(res.json().status).toBe('pending');
    for (let i = 0; i < 3; i++) expect((await poll()).json().status).toBe('pending');
    expect((mollie().gets.get(paymentId) ?? 0) - before).toBe(1);

    mollie().settle(paymentId, 'paid');
    await app.withClock(11_000, async () => {
      expect((await poll()).json().status).toBe('completed');
    });
    expect((mollie().gets.get(paymentId) ?? 0) - before).toBe(2);
  });
});
