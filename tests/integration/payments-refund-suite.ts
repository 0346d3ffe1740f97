import { describe, expect, it } from 'vitest';
import type { ServerUnderTest } from '../support/use-server.ts';
import { call, callIn, type LoggedIn } from './likes-support.ts';
import { expectError, expectFieldErrors } from '../support/answers.ts';

/* API.md "Credits and payments": POST /api/refund.php (and its preview, GET). */

const DAY = 24 * 60 * 60 * 1000;

/** The refund calls against `app` (started with `clock: true`), on whichever database it runs. */
export function refundTests(app: ServerUnderTest): void {
  /** A member with a paid order of `credits` for `amount` cents, premium, holding `balance` credits. */
  async function buyer(
    credits: number,
    amount: number,
    balance = credits,
  ): Promise<LoggedIn & { orderId: string }> {
    const member = await app.make.loggedIn();
    const { orderId } = await app.make.order(member, { credits, amount });
    await app.make.updateMember(member, { credits: balance, paid_user: 1 });
    return { ...member, orderId };
  }

  async function balanceOf(member: LoggedIn): Promise<number> {
    return Number((await app.inspect.row('members', { id: member.memberId }))!.credits);
  }

  describe('POST /api/refund.php', () => {
    it('reverses the unused credits pro rata, rounding the amount down, and ends premium', async () => {
      const ann = await buyer(100, 1499, 37);
      const preview = await call(app, ann, 'GET', `/api/refund.php?order=${ann.orderId}`);
      expect(preview.json()).toEqual({
        order: ann.orderId,
        credits_reversed: 37,
        amount: 554,
        currency: 'EUR',
      });
      expect(await balanceOf(ann)).toBe(37);

      const res = await call(app, ann, 'POST', '/api/refund.php', { order: ann.orderId });
      expect(res.status, res.body).toBe(200);
      // 1499 × 37 / 100 = 554.63: whole cents, down.
      expect(res.json()).toEqual({ order: ann.orderId, credits_reversed: 37, amount: 554, currency: 'EUR' });
      expect(await balanceOf(ann)).toBe(0);
      expect((await app.inspect.row('orders', { id: ann.orderId }))!.status).toBe('refunded');
      const tx = await call(app, ann, 'GET', `/api/transaction.php?id=${ann.orderId}`);
      expect(tx.json().status).toBe('refunded');
      expect((await app.inspect.row('members', { id: ann.memberId }))!.paid_user).toBe(0);
      const entries = await app.inspect.rows('credit_ledger', { member_id: ann.memberId, reason: 'refund' });
      expect(entries.map((e) => [e.delta, e.reference])).toEqual([[-37, ann.orderId]]);
    });

    it('takes back at most the order’s credits, and keeps premium while another paid order remains', async () => {
      const bo = await buyer(100, 1000, 250);
      await app.make.order(bo, { credits: 150, amount: 1200 });
      const res = await call(app, bo, 'POST', '/api/refund.php', { order: bo.orderId });
      expect(res.json()).toMatchObject({ credits_reversed: 100, amount: 1000 });
      expect(await balanceOf(bo)).toBe(150);
      expect((await app.inspect.row('members', { id: bo.memberId }))!.paid_user).toBe(1);
    });

    it('refunds once however many requests race, and a second refund is refused', async () => {
      const cy = await buyer(100, 1000);
      const answers = await Promise.all(
        Array.from({ length: 5 }, () => call(app, cy, 'POST', '/api/refund.php', { order: cy.orderId })),
      );
      expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
      for (const other of answers.filter((a) => a.status !== 200)) {
        expectError(other, 409, 'not_refundable');
      }
      expect(await app.inspect.count('credit_ledger', { member_id: cy.memberId, reason: 'refund' })).toBe(1);
      expect(await balanceOf(cy)).toBe(0);
    });

    it('answers 409 refund_period_over after refund_days, in the member’s language, changing nothing', async () => {
      const di = await buyer(100, 1000);
      // The demo site's refund_days (14): a day past it.
      await app.withClock(15 * DAY, async () => {
        const res = await call(app, di, 'POST', '/api/refund.php', { order: di.orderId });
        expect(res.status).toBe(409);
        expect(res.json()).toMatchObject({
          error: 'refund_period_over',
          message: 'The refund period of 14 days is over',
        });
        const german = await callIn('de', app, di, 'POST', '/api/refund.php', { order: di.orderId });
        expect(german.json().message).toBe('Die Frist für Rückerstattungen von 14 Tagen ist abgelaufen');
      });
      expect(await balanceOf(di)).toBe(100);
      expect((await app.inspect.row('orders', { id: di.orderId }))!.status).toBe('completed');
      // Within the period (13 days on) it is still refundable.
      await app.withClock(13 * DAY, async () => {
        const res = await call(app, di, 'POST', '/api/refund.php', { order: di.orderId });
        expect(res.status, res.body).toBe(200);
      });
    });

    it('answers 404 for another member’s order or an unknown one, and 422 without an order', async () => {
      const owner = await buyer(100, 1000);
      const other = await app.make.loggedIn();
      for (const order of [owner.orderId, 'no-such-order']) {
        const res = await call(app, other, 'POST', '/api/refund.php', { order });
        expectError(res, 404, 'not_found');
      }
      const missing = await call(app, other, 'POST', '/api/refund.php', {});
      expectFieldErrors(missing, { order: 'required' });
      expect((await app.inspect.row('orders', { id: owner.orderId }))!.status).toBe('completed');
    });

    it('is for members only', async () => {
      const res = await app.request('/api/refund.php', { method: 'POST', body: { order: 'x' } });
      expectError(res, 403, 'authentication_required');
    });
  });
}
