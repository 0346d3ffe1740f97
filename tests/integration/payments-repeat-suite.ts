import { describe, expect, it } from 'vitest';
import type { ServerUnderTest } from '../support/use-server.ts';
import { call, type LoggedIn } from './likes-support.ts';
import { expectError } from '../support/answers.ts';

/* API.md "Credits and payments": POST /api/order.php?repeat=1, the last bundle on the stored card. */

/** The repeat order calls against `app`, on whichever database it runs. */
export function repeatTests(app: ServerUnderTest): void {
  /** A member who paid `paymentmethod` at the test provider's checkout. */
  async function paidBuyer(paymentmethod: string): Promise<LoggedIn & { orderId: string }> {
    const member = await app.make.loggedIn({ country: 'NL', language: 'en' });
    const placed = await call(app, member, 'POST', '/api/order.php', { bundle: 'starter', paymentmethod });
    expect(placed.status, placed.body).toBe(201);
    const orderId = placed.json<{ order: { payment_id: string } }>().order.payment_id;
    const back = await app.request(`/checkout/test/${orderId}`, {
      method: 'POST',
      headers: {
        cookie: member.cookie,
        'content-type': 'application/x-www-form-urlencoded',
        origin: 'http://localhost',
      },
      body: 'outcome=paid',
    });
    expect(back.status).toBe(303);
    return { ...member, orderId };
  }

  const balanceOf = async (member: LoggedIn) =>
    Number((await app.inspect.row('members', { id: member.memberId }))!.credits);

  describe('POST /api/order.php?repeat=1', () => {
    it('charges the last bundle to the stored card at once: credits, a recurring order, a receipt', async () => {
      const ann = await paidBuyer('creditcard');
      expect(await balanceOf(ann)).toBe(100);
      const res = await call(app, ann, 'POST', '/api/order.php?repeat=1', {});
      expect(res.status, res.body).toBe(201);
      const body = res.json<{
        order: { payment_id: string; credits: number; amount: number; currency: string };
        status: string;
      }>();
      expect(body.order).toMatchObject({ credits: 100, amount: 1499, currency: 'EUR' });
      expect(body.status).toBe('completed');
      expect(await balanceOf(ann)).toBe(200);
      const row = await app.inspect.row('orders', { id: body.order.payment_id });
      expect(row).toMatchObject({ status: 'completed', recurring: 1, payment_method: 'creditcard' });
    });

    it('answers 402 payment_failed offering a retry or PayPal when the stored card fails, changing no balance', async () => {
      const bo = await paidBuyer('paypal');
      const first = await app.inspect.row('orders', { id: bo.orderId });
      // The test provider's way to fail a recurring charge: the first payment's card expired.
      await app.db
        .updateTable('test_payments')
        .set({ status: 'expired' })
        .where('id', '=', first!.provider_payment_id!)
        .execute();
      const res = await call(app, bo, 'POST', '/api/order.php?repeat=1', {});
      expect(res.status).toBe(402);
      expect(res.json()).toMatchObject({
        error: 'payment_failed',
        message: 'Credit card payment failed with stored card',
        retry: ['retry', 'paypal'],
      });
      expect(await balanceOf(bo)).toBe(100);
      const failed = res.json<{ order: string }>().order;
      expect((await app.inspect.row('orders', { id: failed }))!.status).toBe('failed');
    });

    it('charges the stored method once for two quick repeats with one client_id, and answers both with that order', async () => {
      const cy = await paidBuyer('creditcard');
      const body = { client_id: `repeat-${cy.memberId}` };
      const answers = await Promise.all([
        call(app, cy, 'POST', '/api/order.php?repeat=1', body),
        call(app, cy, 'POST', '/api/order.php?repeat=1', body),
      ]);
      for (const res of answers) expect(res.status, res.body).toBe(201);
      const ids = answers.map((res) => res.json<{ order: { payment_id: string } }>().order.payment_id);
      expect(ids[1]).toBe(ids[0]);
      const later = await call(app, cy, 'POST', '/api/order.php?repeat=1', body);
      expect(later.status, later.body).toBe(201);
      expect(later.json()).toMatchObject({ order: { payment_id: ids[0] }, status: 'completed' });
      expect(await balanceOf(cy)).toBe(200);
      expect(await app.inspect.count('orders', { member_id: cy.memberId, recurring: 1 })).toBe(1);
    });

    it('answers 409 no_stored_method without a paid card or PayPal order, or for a member who is not premium', async () => {
      const ideal = await paidBuyer('ideal');
      const res = await call(app, ideal, 'POST', '/api/order.php?repeat=1', {});
      expectError(res, 409, 'no_stored_method');
      const fresh = await app.make.loggedIn();
      const none = await call(app, fresh, 'POST', '/api/order.php?repeat=1', {});
      expect(none.status).toBe(409);
      expect(await app.inspect.count('orders', { member_id: fresh.memberId })).toBe(0);
    });
  });
}
