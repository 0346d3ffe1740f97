import { describe, expect, it } from 'vitest';
import type { TestMember, TestSession } from '../support/factories.ts';
import { useMollieServer } from '../support/mollie-server.ts';
import { DEMO } from '../support/server.ts';
import type { Visitor } from '../support/visitor.ts';
import { addDirectly, logIn } from './console-support.ts';

/*
 * Payments in the console (docs/console.md "Payments"), with Mollie's stand-in behind
 * MOLLIE_API_URL: orders per site with filters, a staff refund by the member's rules or in full
 * with a reason (the credits reversed through the ledger, premium ended when no paid order is
 * left, the money paid back at Mollie or the refusal kept with Mollie's words), and refunds and
 * chargebacks made in Mollie's dashboard reaching the ledger once through the webhook.
 */
const { app, mollie, paymentOf, webhook, paidOrder: paid } = useMollieServer({ clock: true });

type Buyer = TestMember & TestSession;
const memberRow = async (member: Buyer) => (await app.inspect.row('members', { id: member.memberId }))!;

async function staff(role: 'support' | 'owner' | 'moderator' | 'host', network?: string) {
  const login = await addDirectly(app, role, network);
  const visitor = await logIn(app, login);
  return { visitor, email: login.email };
}

const refund = (visitor: Visitor, body: Record<string, unknown>) =>
  visitor.send('POST', '/console/api/refunds.php', body);

describe('console payments', () => {
  it('refuses moderators and hosts; support sees only its own network', async () => {
    const member = await app.make.loggedIn({ country: 'NL' });
    const orderId = await paid(member);
    for (const role of ['moderator', 'host'] as const) {
      const { visitor } = await staff(role, 'amber');
      expect((await refund(visitor, { order: orderId, mode: 'rules' })).status, role).toBe(403);
      expect((await visitor.get('/console/api/orders.php')).status, role).toBe(403);
      expect((await visitor.get(`/console/api/order.php?id=${orderId}`)).status, role).toBe(403);
    }
    const curvy = await staff('support', 'curvy');
    expect((await curvy.visitor.get(`/console/api/order.php?id=${orderId}`)).status).toBe(404);
    expect((await refund(curvy.visitor, { order: orderId, mode: 'full', reason: 'x' })).status).toBe(404);
    const list = await curvy.visitor.get('/console/api/orders.php');
    expect(list.json<{ orders: Array<{ id: string }> }>().orders.map((o) => o.id)).not.toContain(orderId);
    expect((await curvy.visitor.get(`/console/api/orders.php?site=${DEMO.amber.id}`)).status).toBe(403);
    expect((await app.inspect.row('orders', { id: orderId }))!.status).toBe('completed');
    expect((await memberRow(member)).credits).toBe(100);
  });

  it('lists orders per site with filters, newest first', async () => {
    const { visitor } = await staff('support', 'amber');
    const member = await app.make.loggedIn({ country: 'NL' });
    const first = await paid(member);
    const second = await paid(member);
    const page = await visitor.get(
      `/console/api/orders.php?site=${DEMO.amber.id}&status=completed&method=ideal&member=${member.profileId}`,
    );
    expect(page.status, page.body).toBe(200);
    const orders = page.json<{ orders: Array<Record<string, unknown>> }>().orders;
    expect(orders.map((o) => o.id)).toEqual([second, first]);
    expect(orders[0]).toMatchObject({
      site: DEMO.amber.id,
      member: member.profileId,
      amount: 1499,
      currency: 'EUR',
    });
    const refunded = await visitor.get(`/console/api/orders.php?status=refunded&member=${member.profileId}`);
    expect(refunded.json<{ orders: unknown[] }>().orders).toEqual([]);
  });

  it('refunds by the member’s rules: credits reversed, premium ended, paid back at Mollie, audited', async () => {
    const { visitor, email } = await staff('support', 'amber');
    const member = await app.make.loggedIn({ country: 'NL' });
    const orderId = await paid(member);
    // Sixty of the hundred credits were spent: forty come back, and 40 % of the money.
    await app.make.updateMember(member, { credits: 40 });
    const res = await refund(visitor, { order: orderId, mode: 'rules' });
    expect(res.status, res.body).toBe(200);
    expect(res.json<{ refund: Record<string, unknown> }>().refund).toMatchObject({
      mode: 'rules',
      amount: 599,
      credits_reversed: 40,
      credits_unrecovered: 0,
      payout: 'paid',
      provider_error: null,
      staff: email,
    });
    expect(await memberRow(member)).toMatchObject({ credits: 0, paid_user: 0 });
    expect((await app.inspect.row('orders', { id: orderId }))!.status).toBe('refunded');
    const entries = await app.inspect.rows('credit_ledger', { member_id: member.memberId, reason: 'refund' });
    expect(entries.map((e) => [e.delta, e.reference])).toEqual([[-40, orderId]]);
    expect(
      mollie()
        .refunds.filter((r) => r.payment === paymentOf(orderId).id)
        .map((r) => r.amount.value),
    ).toEqual(['5.99']);
    expect(await app.inspect.rows('audit_log', { action: 'order.refund', target_id: orderId })).toHaveLength(
      1,
    );

    // Once per order: a second refund is refused and changes nothing.
    const again = await refund(visitor, { order: orderId, mode: 'full', reason: 'twice' });
    expect(again.status).toBe(409);
    // Mollie reports the refund made through the API on its webhook: nothing is booked again.
    mollie().giveBack(paymentOf(orderId).id, 'refund', '5.99');
    await webhook(paymentOf(orderId).id);
    expect(
      await app.inspect.rows('credit_ledger', { member_id: member.memberId, reason: 'refund' }),
    ).toHaveLength(1);
  });

  it('refunds in full only with a reason, keeps premium while another paid order remains', async () => {
    const { visitor } = await staff('owner');
    const member = await app.make.loggedIn({ country: 'NL' });
    const first = await paid(member);
    await paid(member);
    await app.make.updateMember(member, { credits: 130 });
    expect((await refund(visitor, { order: first, mode: 'full' })).status).toBe(422);
    const res = await refund(visitor, { order: first, mode: 'full', reason: 'Charged twice by mistake' });
    expect(res.status, res.body).toBe(200);
    expect(res.json<{ refund: Record<string, unknown> }>().refund).toMatchObject({
      mode: 'full',
      reason: 'Charged twice by mistake',
      amount: 1499,
      credits_reversed: 100,
      payout: 'paid',
    });
    expect(await memberRow(member)).toMatchObject({ credits: 30, paid_user: 1 });
  });

  it('shows a refund Mollie refuses as failed, with Mollie’s words', async () => {
    const { visitor } = await staff('support', 'amber');
    const member = await app.make.loggedIn({ country: 'NL' });
    const orderId = await paid(member);
    mollie().refuseRefunds = 'The amount is higher than the balance of your Mollie account';
    try {
      const res = await refund(visitor, { order: orderId, mode: 'rules' });
      expect(res.status, res.body).toBe(200);
      const answer = res.json<{ refund: { payout: string; provider_error: string } }>().refund;
      expect(answer.payout).toBe('failed');
      expect(answer.provider_error).toContain('higher than the balance');
    } finally {
      mollie().refuseRefunds = null;
    }
    // The books are right all the same, and the order page keeps the refusal.
    expect(await memberRow(member)).toMatchObject({ credits: 0, paid_user: 0 });
    const detail = await visitor.get(`/console/api/order.php?id=${orderId}`);
    expect(detail.json<{ refund: Record<string, unknown> }>().refund).toMatchObject({
      payout: 'failed',
      provider_error: expect.stringContaining('higher than the balance'),
    });
  });

  it('a refund and a chargeback made in Mollie’s dashboard reach the ledger once, however often the webhook comes', async () => {
    const { visitor } = await staff('support', 'amber');
    const member = await app.make.loggedIn({ country: 'NL' });
    const refunded = await paid(member);
    const chargedBack = await paid(member);
    const refundId = mollie().giveBack(paymentOf(refunded).id, 'refund', '14.99');
    await Promise.all([webhook(paymentOf(refunded).id), webhook(paymentOf(refunded).id)]);
    await webhook(paymentOf(refunded).id);
    const chargebackId = mollie().giveBack(paymentOf(chargedBack).id, 'chargeback', '14.99');
    await Promise.all([webhook(paymentOf(chargedBack).id), webhook(paymentOf(chargedBack).id)]);
    const entries = await app.inspect.rows('credit_ledger', { member_id: member.memberId, reason: 'refund' });
    // Each booked under the provider's id of the refund or chargeback.
    expect(entries.map((e) => [e.delta, e.reference]).sort()).toEqual(
      [
        [-100, refundId],
        [-100, chargebackId],
      ].sort(),
    );
    expect(await memberRow(member)).toMatchObject({ credits: 0, paid_user: 0 });
    const detail = await visitor.get(`/console/api/order.php?id=${chargedBack}`);
    expect(detail.json<{ order: { status: string }; reversal: Record<string, unknown> }>()).toMatchObject({
      order: { status: 'refunded' },
      reversal: { kind: 'chargeback', amount: 1499, credits_reversed: 100 },
      reversals: [{ id: chargebackId, kind: 'chargeback', amount: 1499, credits_reversed: 100 }],
    });
  });

  it('records a returned direct debit: the order fails, its credits come back, direct debit is blocked', async () => {
    const { visitor } = await staff('support', 'amber');
    const member = await app.make.loggedIn({ country: 'DE' });
    const { orderId } = await app.make.order(member, { credits: 100 });
    await app.db.updateTable('orders').set({ payment_method: 'sdd' }).where('id', '=', orderId).execute();
    await app.make.updateMember(member, { credits: 70, paid_user: 1 });
    const moderator = await staff('moderator', 'amber');
    expect(
      (await moderator.visitor.send('POST', '/console/api/returned-debits.php', { order: orderId })).status,
    ).toBe(403);

    const res = await visitor.send('POST', '/console/api/returned-debits.php', { order: orderId });
    expect(res.status, res.body).toBe(200);
    expect(res.json()).toEqual({
      order: orderId,
      credits_reversed: 70,
      credits_unrecovered: 30,
      premium: false,
    });
    expect((await app.inspect.row('orders', { id: orderId }))!.status).toBe('failed');
    expect(await memberRow(member)).toMatchObject({ credits: 0, paid_user: 0 });
    expect(
      await app.inspect.rows('audit_log', { action: 'order.returned_debit', target_id: orderId }),
    ).toHaveLength(1);
    const blocked = await app.request('/api/directdebit.php?sms=1', {
      method: 'POST',
      headers: { cookie: member.cookie },
      body: { phone: '+4915100012345' },
    });
    expect(blocked.status).toBe(403);
    expect(blocked.json()).toMatchObject({ error: 'directdebit_blocked' });
    // Once: the same debit again is refused and changes nothing.
    const again = await visitor.send('POST', '/console/api/returned-debits.php', { order: orderId });
    expect(again.status).toBe(409);
    // An order that is no direct debit cannot be returned.
    const { orderId: ideal } = await app.make.order(member);
    expect((await visitor.send('POST', '/console/api/returned-debits.php', { order: ideal })).status).toBe(
      409,
    );
  });
});
