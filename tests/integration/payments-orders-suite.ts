import { expect, it } from 'vitest';
import { mailsTo } from '../support/outbox.ts';
import type { TestMember, TestSession } from '../support/factories.ts';
import type { TestResponse } from '../support/server.ts';
import type { ServerUnderTest } from '../support/use-server.ts';
import { expectError, expectFieldErrors } from '../support/answers.ts';

/*
 * Orders and their payment through the built-in test provider (API.md "Credits and payments"):
 * pricing by the server, idempotent orders, the checkout's four outcomes, webhooks applied
 * exactly once in any order, transactions scoped to their member, and the receipt.
 */

type Buyer = TestMember & TestSession;

interface OrderBody {
  order: { payment_id: string; credits: number; amount: number; currency: string };
  redirect_url: string;
}

interface TransactionBody {
  status: string;
  order: { payment_id: string; credits: number; amount: number; currency: string; paymentmethod: string };
  retry_methods: Array<{ id: string; name: string }>;
}

const FORM = { 'content-type': 'application/x-www-form-urlencoded' };

export function paymentsOrdersTests(app: ServerUnderTest) {
  const call = (member: Buyer, method: string, path: string, body?: unknown) =>
    app.request(path, {
      method,
      headers: { cookie: member.cookie },
      ...(body === undefined ? {} : { body }),
    });

  async function order(member: Buyer, body: Record<string, unknown>): Promise<OrderBody> {
    const res = await call(member, 'POST', '/api/order.php', body);
    expect(res.status, res.body).toBe(201);
    return res.json<OrderBody>();
  }

  /** The member picks `outcome` on the test provider's checkout page. */
  async function checkout(member: Buyer, paymentId: string, outcome: string): Promise<TestResponse> {
    return app.request(`/checkout/test/${paymentId}`, {
      method: 'POST',
      headers: { cookie: member.cookie, ...FORM, origin: 'http://localhost' },
      body: `outcome=${outcome}`,
    });
  }

  async function transaction(member: Buyer, id: string): Promise<TransactionBody> {
    const res = await call(member, 'GET', `/api/transaction.php?id=${id}`);
    expect(res.status, res.body).toBe(200);
    return res.json<TransactionBody>();
  }

  async function balance(member: Buyer) {
    const row = await app.db
      .selectFrom('members')
      .select(['credits', 'paid_user'])
      .where('id', '=', member.memberId)
      .executeTakeFirstOrThrow();
    const entries = await app.db
      .selectFrom('credit_ledger')
      .select(['delta', 'reason', 'reference'])
      .where('member_id', '=', member.memberId)
      .execute();
    return { credits: Number(row.credits), paid: Number(row.paid_user) === 1, entries };
  }

  async function providerPaymentOf(orderId: string): Promise<string> {
    const row = await app.db
      .selectFrom('orders')
      .select('provider_payment_id')
      .where('id', '=', orderId)
      .executeTakeFirstOrThrow();
    return row.provider_payment_id!;
  }

  const webhook = (id: string, provider = 'test') =>
    app.request(`/api/payment-webhook.php?provider=${provider}`, {
      method: 'POST',
      headers: FORM,
      body: `id=${id}`,
    });

  it('refuses a visitor (403 authentication_required)', async () => {
    const res = await app.request('/api/order.php', {
      method: 'POST',
      body: { bundle: 'starter', paymentmethod: 'ideal' },
    });
    expectError(res, 403, 'authentication_required');
  });

  it('prices the bundle itself, in the currency of the member’s country', async () => {
    const nl = await app.make.loggedIn({ country: 'NL' });
    const eur = await order(nl, { bundle: 'starter', paymentmethod: 'ideal', amount: 1 });
    expect(eur.order).toMatchObject({ credits: 100, amount: 1499, currency: 'EUR' });
    expect(eur.redirect_url).toMatch(new RegExp(`/checkout/test/${eur.order.payment_id}$`));
    const dk = await app.make.loggedIn({ country: 'DK' });
    const dkk = await order(dk, { bundle: 'starter', paymentmethod: 'mobilepay' });
    expect(dkk.order).toMatchObject({ amount: 11200, currency: 'DKK' });
  });

  it('refuses an unknown bundle and a method the country does not offer, and writes no order', async () => {
    const member = await app.make.loggedIn({ country: 'NL' });
    const bundle = await call(member, 'POST', '/api/order.php', {
      bundle: 'free-lunch',
      paymentmethod: 'ideal',
    });
    expectFieldErrors(bundle, { bundle: 'unknown_bundle' });
    const method = await call(member, 'POST', '/api/order.php', {
      bundle: 'starter',
      paymentmethod: 'swish',
    });
    expectFieldErrors(method, { paymentmethod: 'unknown_method' });
    const missing = await call(member, 'POST', '/api/order.php', { bundle: 'starter' });
    expect(missing.status).toBe(422);
    expect(await app.inspect.count('orders', { member_id: member.memberId })).toBe(0);
  });

  it('answers the first order again for the same client_id, also when the retries race', async () => {
    const member = await app.make.loggedIn({ country: 'NL' });
    const body = { bundle: 'starter', paymentmethod: 'creditcard', client_id: 'retry-key-0001' };
    const answers = await Promise.all([1, 2, 3].map(() => call(member, 'POST', '/api/order.php', body)));
    const ids = new Set(
      answers.filter((a) => a.status === 201).map((a) => a.json<OrderBody>().order.payment_id),
    );
    expect(ids.size).toBe(1);
    const again = await order(member, body);
    expect(ids.has(again.order.payment_id)).toBe(true);
    expect(await app.inspect.count('orders', { member_id: member.memberId })).toBe(1);
  });

  it('a paid checkout completes the order once: credits, premium, one ledger entry and a receipt with VAT', async () => {
    const member = await app.make.loggedIn({ country: 'NL', language: 'en' });
    expect((await balance(member)).paid).toBe(false);
    const { order: placed } = await order(member, { bundle: 'starter', paymentmethod: 'ideal' });
    expect((await transaction(member, placed.payment_id)).status).toBe('pending');
    const back = await checkout(member, placed.payment_id, 'paid');
    expect(back.status).toBe(303);
    expect(back.headers.location).toMatch(new RegExp(`/transactions/${placed.payment_id}$`));
    const done = await transaction(member, placed.payment_id);
    expect(done.status).toBe('completed');
    const after = await balance(member);
    expect(after).toMatchObject({ credits: 100, paid: true });
    expect(after.entries).toEqual([{ delta: 100, reason: 'purchase', reference: placed.payment_id }]);
    const receipts = mailsTo(app.server.dataDir, member.email).filter((m) => m.subject.includes('receipt'));
    expect(receipts).toHaveLength(1);
    expect(receipts[0]!.text).toContain('100 credits');
    expect(receipts[0]!.text).toContain('€14.99');
    // 1499 × 21 / 121 = 260.16…: €2.60 of Dutch VAT inside the price.
    expect(receipts[0]!.text).toContain('Included VAT (21 %): €2.60');
    // The checkout is settled: choosing again changes nothing.
    await checkout(member, placed.payment_id, 'failed');
    expect((await transaction(member, placed.payment_id)).status).toBe('completed');
  });

  it('a refund pays the money back through the provider that took it', async () => {
    const member = await app.make.loggedIn({ country: 'NL' });
    const { order: placed } = await order(member, { bundle: 'starter', paymentmethod: 'ideal' });
    await checkout(member, placed.payment_id, 'paid');
    await app.make.updateMember(member, { credits: 40 });
    const res = await call(member, 'POST', '/api/refund.php', { order: placed.payment_id });
    expect(res.status, res.body).toBe(200);
    // 1499 × 40 / 100 = 599.6: whole cents, down.
    expect(res.json()).toMatchObject({ credits_reversed: 40, amount: 599 });
    const payment = await app.db
      .selectFrom('test_payments')
      .select(['refunded_amount'])
      .where('id', '=', await providerPaymentOf(placed.payment_id))
      .executeTakeFirstOrThrow();
    expect(Number(payment.refunded_amount)).toBe(599);
  });

  it('replayed, concurrent and late webhooks change nothing twice', async () => {
    const member = await app.make.loggedIn({ country: 'NL' });
    const { order: placed } = await order(member, { bundle: 'starter', paymentmethod: 'ideal' });
    const paymentId = await providerPaymentOf(placed.payment_id);
    // Before the provider knows the outcome, a webhook applies nothing.
    expect((await webhook(paymentId)).status).toBe(200);
    expect((await balance(member)).credits).toBe(0);
    // The provider settles; ten webhooks race.
    await app.db.updateTable('test_payments').set({ status: 'paid' }).where('id', '=', paymentId).execute();
    const answers = await Promise.all(Array.from({ length: 10 }, () => webhook(paymentId)));
    expect(answers.map((a) => a.status)).toEqual(Array(10).fill(200));
    expect((await balance(member)).credits).toBe(100);
    // The provider later reports a failure (a chargeback, a stray event): a paid order stays paid.
    await app.db.updateTable('test_payments').set({ status: 'failed' }).where('id', '=', paymentId).execute();
    await webhook(paymentId);
    expect((await transaction(member, placed.payment_id)).status).toBe('completed');
    const after = await balance(member);
    expect(after.credits).toBe(100);
    expect(after.entries).toHaveLength(1);
  });

  it('a failed or cancelled checkout fails the order and offers the country’s other methods', async () => {
    const member = await app.make.loggedIn({ country: 'NL' });
    for (const outcome of ['failed', 'cancelled']) {
      const { order: placed } = await order(member, { bundle: 'starter', paymentmethod: 'ideal' });
      expect((await checkout(member, placed.payment_id, outcome)).status).toBe(303);
      const answer = await transaction(member, placed.payment_id);
      expect(answer.status).toBe('failed');
      const methods = answer.retry_methods.map((m) => m.id);
      expect(methods).not.toContain('ideal');
      expect(methods).toContain('creditcard');
    }
    expect(await balance(member)).toMatchObject({ credits: 0, paid: false });
    const page = await call(
      member,
      'GET',
      `/transactions/${(await order(member, { bundle: 'starter', paymentmethod: 'ideal' })).order.payment_id}`,
    );
    expect(page.status).toBe(200);
  });

  it('"open" leaves the order pending', async () => {
    const member = await app.make.loggedIn({ country: 'NL' });
    const { order: placed } = await order(member, { bundle: 'starter', paymentmethod: 'ideal' });
    expect((await checkout(member, placed.payment_id, 'open')).status).toBe(303);
    expect((await transaction(member, placed.payment_id)).status).toBe('pending');
  });

  it('another member’s transaction, page or unknown id is 404, never 403', async () => {
    const owner = await app.make.loggedIn({ country: 'NL' });
    const other = await app.make.loggedIn({ country: 'NL' });
    const { order: placed } = await order(owner, { bundle: 'starter', paymentmethod: 'ideal' });
    const theirs = await call(other, 'GET', `/api/transaction.php?id=${placed.payment_id}`);
    expect(theirs.status).toBe(404);
    expect((await call(other, 'GET', '/api/transaction.php?id=nope')).status).toBe(404);
    expect((await call(other, 'GET', `/transactions/${placed.payment_id}`)).status).toBe(404);
  });

  it('a webhook for an unknown id or provider applies nothing and reveals nothing', async () => {
    expect((await webhook('tst_unknown')).status).toBe(200);
    expect((await webhook('tr_abc', 'mollie')).status).toBe(200);
    expect((await webhook('x', 'paypal')).status).toBe(404);
    const json = await app.request('/api/payment-webhook.php?provider=test', {
      method: 'POST',
      body: { id: 'tst_x' },
    });
    expect(json.status).toBe(200);
  });

  it('the test checkout shows and settles only the logged-in owner’s order', async () => {
    const owner = await app.make.loggedIn({ country: 'NL' });
    const other = await app.make.loggedIn({ country: 'NL' });
    const placed = await order(owner, { bundle: 'starter', paymentmethod: 'ideal' });
    const id = placed.order.payment_id;
    const before = (await balance(owner)).credits;
    expect((await call(other, 'GET', `/checkout/test/${id}`)).status).toBe(404);
    expect((await app.request(`/checkout/test/${id}`)).status).toBe(404);
    const byOther = await checkout(other, id, 'paid');
    expect(byOther.status).toBe(404);
    const byVisitor = await app.request(`/checkout/test/${id}`, {
      method: 'POST',
      headers: { ...FORM, origin: 'http://localhost' },
      body: 'outcome=paid',
    });
    expect(byVisitor.status).toBe(404);
    expect((await transaction(owner, id)).status).toBe('pending');
    expect((await balance(owner)).credits).toBe(before);

    expect((await call(owner, 'GET', `/checkout/test/${id}`)).status).toBe(200);
    expect((await checkout(owner, id, 'paid')).status).toBe(303);
    expect((await transaction(owner, id)).status).toBe('completed');
    expect((await balance(owner)).credits).toBe(before + 100);
  });

  it('the checkout of an unknown order is 404', async () => {
    const member = await app.make.loggedIn({ country: 'NL' });
    expect((await call(member, 'GET', '/checkout/test/unknown')).status).toBe(404);
  });
}
