import { afterAll, describe, expect, it } from 'vitest';
import { startMollieFake, type MollieFake } from '../support/mollie-fake.ts';
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
    let row = await app.db
      .selectFrom('members')
      .select('credits')
      .where('id', '=', member.memberId)
      .executeTakeFirstOrThrow();
    expect(Number(row.credits)).toBe(0);
    fake!.settle(payment.id, 'paid');
    await Promise.all([hook(), hook(), hook()]);
    row = await app.db
      .selectFrom('members')
      .select('credits')
      .where('id', '=', member.memberId)
      .executeTakeFirstOrThrow();
    expect(Number(row.credits)).toBe(100);
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
