import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { startMollieFake, type MollieFake } from '../support/mollie-fake.ts';
import type { TestMember, TestSession } from '../support/factories.ts';
import { useServer } from '../support/use-server.ts';

/*
 * The Mollie adapter, chosen by MOLLIE_API_KEY, against a local stand-in of Mollie's API: the
 * amount goes out as Mollie's decimal string, the member is sent to Mollie's checkout, and a
 * webhook carrying only the id completes the order once after the status is fetched back.
 */

let fake: MollieFake | undefined;
const KEY = 'test_kindredfakekeyfakekeyfakekey';
const app = useServer({
  env: async () => {
    fake = await startMollieFake();
    return { MOLLIE_API_KEY: KEY, MOLLIE_API_URL: fake.url, NODE_TLS_REJECT_UNAUTHORIZED: '0' };
  },
});
afterAll(() => fake?.close());

const FORM = { 'content-type': 'application/x-www-form-urlencoded' };

describe('payments through Mollie', () => {
  it('creates the payment at Mollie and applies its paid status once', async () => {
    const member = await app.make.loggedIn({ country: 'NL' });
    const res = await app.request('/api/order.php', {
      method: 'POST',
      headers: { cookie: member.cookie },
      body: { bundle: 'starter', paymentmethod: 'ideal' },
    });
    expect(res.status, res.body).toBe(201);
    const { order, redirect_url } = res.json<{ order: { payment_id: string }; redirect_url: string }>();
    const payment = [...fake!.payments.values()].find(
      (p) => (p.metadata as { order?: string }).order === order.payment_id,
    )!;
    expect(payment).toMatchObject({ amount: { currency: 'EUR', value: '14.99' }, method: 'ideal' });
    expect(payment.webhookUrl).toMatch(/\/api\/payment-webhook\.php\?provider=mollie$/);
    expect(redirect_url).toBe(`${fake!.url.replace(/\/v2\/$/, '')}/checkout/${payment.id}`);
    expect(fake!.keys.at(-1)).toBe(`Bearer ${KEY}`);

    const hook = () =>
      app.request('/api/payment-webhook.php?provider=mollie', {
        method: 'POST',
        headers: FORM,
        body: `id=${payment.id}`,
      });
    expect((await hook()).status).toBe(200);
    expect(await app.inspect.balanceOf(member.memberId)).toBe(0);
    fake!.settle(payment.id, 'paid');
    await Promise.all([hook(), hook(), hook()]);
    expect(await app.inspect.balanceOf(member.memberId)).toBe(100);
    const tx = await app.request(`/api/transaction.php?id=${order.payment_id}`, {
      headers: { cookie: member.cookie },
    });
    expect(tx.json().status).toBe('completed');
  });

  it('ignores ids Mollie does not know and ids that are not Mollie payment ids', async () => {
    for (const id of ['tr_doesnotexist', '../../etc', 'tst_123']) {
      const res = await app.request('/api/payment-webhook.php?provider=mollie', {
        method: 'POST',
        headers: FORM,
        body: `id=${encodeURIComponent(id)}`,
      });
      expect(res.status).toBe(200);
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
    fake!.recurringStatus = 'paid';
  });

  const webhook = (id: string) =>
    app.request('/api/payment-webhook.php?provider=mollie', {
      method: 'POST',
      headers: FORM,
      body: `id=${id}`,
    });
  const balanceOf = async (member: Buyer) =>
    Number((await app.inspect.row('members', { id: member.memberId }))!.credits);
  const paymentOf = (orderId: string) =>
    [...fake!.payments.values()].find((p) => (p.metadata as { order?: string }).order === orderId)!;
  const repeat = (member: Buyer) =>
    app.request('/api/order.php?repeat=1', { method: 'POST', headers: { cookie: member.cookie }, body: {} });

  /** Orders `paymentmethod` and pays it at Mollie's checkout; answers the order's id. */
  async function buy(member: Buyer, paymentmethod: string): Promise<string> {
    const res = await app.request('/api/order.php', {
      method: 'POST',
      headers: { cookie: member.cookie },
      body: { bundle: 'starter', paymentmethod },
    });
    expect(res.status, res.body).toBe(201);
    const orderId = res.json<{ order: { payment_id: string } }>().order.payment_id;
    fake!.settle(paymentOf(orderId).id, 'paid');
    expect((await webhook(paymentOf(orderId).id)).status).toBe(200);
    return orderId;
  }

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
    const customersBefore = fake!.customers.size;
    const orderId = await buy(member, 'creditcard');
    const customerId = await customerOf(member);
    expect(customerId).toMatch(/^cst_/);
    expect(fake!.customers.get(customerId!)).toMatchObject({
      name: null,
      email: null,
      metadata: { member: member.memberId },
    });
    expect(paymentOf(orderId)).toMatchObject({ customerId, sequenceType: 'first', method: 'creditcard' });
    expect(fake!.mandates.get(customerId!)).toMatchObject([{ status: 'valid', method: 'creditcard' }]);

    // The member's next card or PayPal order uses the same customer; iDEAL leaves no mandate.
    const paypal = await buy(member, 'paypal');
    expect(paymentOf(paypal)).toMatchObject({ customerId, sequenceType: 'first' });
    const ideal = await buy(member, 'ideal');
    expect(paymentOf(ideal)).toMatchObject({ customerId: null, sequenceType: 'oneoff' });
    expect(fake!.customers.size).toBe(customersBefore + 1);
    expect(await app.inspect.count('payment_customers', { member_id: member.memberId })).toBe(1);
  });

  it('makes one Mollie customer for a member whose first card orders race', async () => {
    const member = await app.make.loggedIn({ country: 'NL' });
    const customersBefore = fake!.customers.size;
    const placed = await Promise.all(
      ['creditcard', 'paypal', 'creditcard'].map((paymentmethod) =>
        app.request('/api/order.php', {
          method: 'POST',
          headers: { cookie: member.cookie },
          body: { bundle: 'starter', paymentmethod },
        }),
      ),
    );
    for (const res of placed) expect(res.status, res.body).toBe(201);
    const customerId = await customerOf(member);
    for (const res of placed)
      expect(paymentOf(res.json<{ order: { payment_id: string } }>().order.payment_id).customerId).toBe(
        customerId,
      );
    expect(fake!.customers.size).toBe(customersBefore + 1);
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
      mandateId: fake!.mandates.get(customerId!)![0]!.id,
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
    fake!.recurringStatus = 'pending';
    const res = await repeat(member);
    expect(res.status, res.body).toBe(201);
    const body = res.json<{ order: { payment_id: string }; status: string; redirect_url: string }>();
    expect(body.status).toBe('pending');
    expect(body.redirect_url).toMatch(new RegExp(`/transactions/${body.order.payment_id}$`));
    expect(await balanceOf(member)).toBe(100);
    const payment = paymentOf(body.order.payment_id);
    fake!.settle(payment.id, 'paid');
    await Promise.all([webhook(payment.id), webhook(payment.id)]);
    expect(await balanceOf(member)).toBe(200);
    await webhook(payment.id);
    expect(await balanceOf(member)).toBe(200);
  });

  it('answers 402 payment_failed with a retry or PayPal when Mollie fails the recurring charge', async () => {
    const member = await cardBuyer();
    fake!.recurringStatus = 'failed';
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
    fake!.revokeMandates((await customerOf(member))!);
    const ordersBefore = await app.inspect.count('orders', { member_id: member.memberId });
    const paymentsBefore = fake!.payments.size;
    const res = await repeat(member);
    expect(res.status, res.body).toBe(409);
    expect(res.json().error).toBe('no_stored_method');
    expect(fake!.payments.size).toBe(paymentsBefore);
    expect(await app.inspect.count('orders', { member_id: member.memberId })).toBe(ordersBefore);
    expect(await balanceOf(member)).toBe(100);

    // A premium member who paid only with iDEAL has no mandate to charge either.
    const ideal = await app.make.loggedIn({ country: 'NL' });
    await buy(ideal, 'ideal');
    expect(await customerOf(ideal)).toBeUndefined();
    expect((await repeat(ideal)).status).toBe(409);
  });
});
