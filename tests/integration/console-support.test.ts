import { describe, expect, it } from 'vitest';
import type { TestMember } from '../support/factories.ts';
import { mailsTo } from '../support/outbox.ts';
import { DEMO } from '../support/server.ts';
import { useServer } from '../support/use-server.ts';
import type { Visitor } from '../support/visitor.ts';
import { addDirectly, logIn, staffIdOf } from './console-support.ts';

/*
 * Member support in the console (docs/console.md "Member support"): support and owners find
 * members of their networks and act on them; moderators and hosts may not; a member of another
 * network is unknown. Credits move only as `staff_adjustment` ledger entries naming the staff
 * member and the reason, never below zero; every action and every reading of the ledger or the
 * sessions is in the audit log.
 */
const app = useServer({ clock: true });

async function support(network = 'amber'): Promise<{ visitor: Visitor; id: string; email: string }> {
  const login = await addDirectly(app, 'support', network);
  return { visitor: await logIn(app, login), id: await staffIdOf(app, login.email), email: login.email };
}

async function withCredits(member: TestMember, credits: number) {
  if (credits > 0) {
    await app.make.order(member, { credits });
    await app.make.updateMember(member, { credits, paid_user: 1 });
  }
}

/** `adjust_credits` on the member, as the support page's form sends it. */
const adjustCredits = (visitor: Visitor, member: TestMember, delta: number, reason: string) =>
  visitor.send('POST', '/console/api/member-actions.php', {
    id: member.profileId,
    action: 'adjust_credits',
    delta,
    reason,
  });

const balanceOf = async (member: TestMember) =>
  Number((await app.inspect.row('members', { id: member.memberId }))!.credits);

describe('console member support', () => {
  it('refuses moderators and hosts: 403 on every member call', async () => {
    const member = await app.make.member();
    for (const role of ['moderator', 'host'] as const) {
      const visitor = await logIn(app, await addDirectly(app, role, 'amber'));
      expect((await visitor.get(`/console/api/members.php?q=${member.email}`)).status, role).toBe(403);
      expect((await visitor.get(`/console/api/member.php?id=${member.profileId}`)).status, role).toBe(403);
      const adjust = await adjustCredits(visitor, member, 10, 'goodwill');
      expect(adjust.status, role).toBe(403);
      expect((await visitor.get('/console/members')).status, role).toBe(403);
    }
    expect(await balanceOf(member)).toBe(0);
  });

  it('finds members by e-mail, its start, name, public id and order id, only in the own network', async () => {
    const { visitor } = await support('amber');
    const name = `Zelda${Date.now().toString(36)}`;
    const member = await app.make.member({ name });
    const { orderId } = await app.make.order(member, { credits: 10 });
    const other = await app.make.member({ site: DEMO.curvy, name });
    const found = async (q: string) =>
      (await visitor.get(`/console/api/members.php?q=${encodeURIComponent(q)}`)).json<{
        members: Array<{ id: string; email: string; status: string }>;
      }>().members;
    for (const q of [member.email, member.email.slice(0, 12), name, member.profileId, orderId]) {
      const hits = await found(q);
      expect(
        hits.map((h) => h.id),
        q,
      ).toContain(member.profileId);
      expect(
        hits.map((h) => h.id),
        q,
      ).not.toContain(other.profileId);
    }
    expect((await found(name))[0]).toMatchObject({ email: member.email, status: 'active' });
    // A member of another network is unknown to this staff member, whatever they name.
    expect((await found(other.profileId)).length).toBe(0);
    expect((await visitor.get(`/console/api/member.php?id=${other.profileId}`)).status).toBe(404);
    const adjust = await adjustCredits(visitor, other, 10, 'goodwill');
    expect(adjust.status).toBe(404);
    expect(await balanceOf(other)).toBe(0);
  });

  it('adjusts credits as a ledger entry carrying the staff id and reason, audited, and shown in the ledger', async () => {
    const staff = await support('amber');
    const member = await app.make.member();
    await withCredits(member, 20);
    const res = await adjustCredits(staff.visitor, member, 15, 'Chat outage on Monday');
    expect(res.status, res.body).toBe(200);
    expect(res.json()).toEqual({ ok: true, balance: 35 });
    expect(await balanceOf(member)).toBe(35);
    // The member's open pages hear the new balance on the stream, as after any booking.
    const events = await app.inspect.rows('events', { member_id: member.memberId, type: 'credits' });
    expect(events.map((e) => JSON.parse(String(e.data)))).toContainEqual({ balance: 35 });
    const entries = await app.inspect.rows('credit_ledger', {
      member_id: member.memberId,
      reason: 'staff_adjustment',
    });
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ delta: 15, balance_after: 35 });
    expect(await app.inspect.row('credit_adjustments', { id: entries[0]!.reference! })).toMatchObject({
      staff_id: staff.id,
      member_id: member.memberId,
      delta: 15,
      reason: 'Chat outage on Monday',
    });
    const audit = await app.inspect.rows('audit_log', {
      staff_id: staff.id,
      action: 'member.adjust_credits',
    });
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({
      network_id: 'amber',
      target_id: member.profileId,
      member_id: member.memberId,
    });

    const ledger = await staff.visitor.get(`/console/api/member-ledger.php?id=${member.profileId}`);
    expect(ledger.status).toBe(200);
    const first = ledger.json<{ entries: Array<Record<string, unknown>> }>().entries[0];
    expect(first).toMatchObject({
      delta: 15,
      reason: 'staff_adjustment',
      balance_after: 35,
      staff: { id: staff.id, email: staff.email, reason: 'Chat outage on Monday' },
    });
    expect(
      await app.inspect.rows('audit_log', { staff_id: staff.id, action: 'member.view_ledger' }),
    ).toHaveLength(1);
  });

  it('refuses a negative adjustment below zero, and one without a reason, changing nothing', async () => {
    const staff = await support('amber');
    const member = await app.make.member();
    await withCredits(member, 5);
    const below = await adjustCredits(staff.visitor, member, -6, 'Fraud');
    expect(below.status, below.body).toBe(402);
    expect(below.json()).toMatchObject({ error: 'not_enough_credits' });
    const noReason = await adjustCredits(staff.visitor, member, -1, '  ');
    expect(noReason.status).toBe(422);
    expect(await balanceOf(member)).toBe(5);
    expect(
      await app.inspect.rows('credit_ledger', { member_id: member.memberId, reason: 'staff_adjustment' }),
    ).toEqual([]);
    expect(await app.inspect.rows('credit_adjustments', { member_id: member.memberId })).toEqual([]);
    expect(
      await app.inspect.rows('audit_log', { staff_id: staff.id, action: 'member.adjust_credits' }),
    ).toEqual([]);

    // Taking all that is left is fine; concurrent takes never go below zero.
    const takes = await Promise.all([1, 2, 3].map(() => adjustCredits(staff.visitor, member, -2, 'Fraud')));
    expect(takes.map((r) => r.status).sort()).toEqual([200, 200, 402]);
    expect(await balanceOf(member)).toBe(1);
  });

  it('shows the status and sessions without tokens, ends every session, and audits it', async () => {
    const staff = await support('amber');
    const member = await app.make.loggedIn({ status: 'not_confirmed' });
    const page = await staff.visitor.get(`/console/api/member.php?id=${member.profileId}`);
    expect(page.json<{ member: Record<string, unknown> }>().member).toMatchObject({
      id: member.profileId,
      status: 'unconfirmed',
      premium: false,
      credits: 0,
    });
    const sessions = await staff.visitor.get(`/console/api/member-sessions.php?id=${member.profileId}`);
    expect(sessions.status).toBe(200);
    const list = sessions.json<{ sessions: Array<Record<string, unknown>> }>().sessions;
    expect(list).toHaveLength(1);
    expect(Object.keys(list[0]!).sort()).toEqual([
      'created_at',
      'device',
      'expires_at',
      'last_seen_at',
      'site',
    ]);
    expect(sessions.body).not.toContain(member.sessionId);
    expect(sessions.body).not.toContain(member.token);

    const end = await staff.visitor.send('POST', '/console/api/member-actions.php', {
      id: member.profileId,
      action: 'end_sessions',
    });
    expect(end.status, end.body).toBe(200);
    expect(await app.inspect.rows('sessions', { member_id: member.memberId })).toEqual([]);
    for (const action of ['member.view_sessions', 'member.end_sessions'])
      expect(await app.inspect.rows('audit_log', { staff_id: staff.id, action }), action).toHaveLength(1);

    const resend = await staff.visitor.send('POST', '/console/api/member-actions.php', {
      id: member.profileId,
      action: 'resend_activation',
    });
    expect(resend.json()).toEqual({ ok: true, sent: true });
    expect(mailsTo(app.server.dataDir, member.email).length).toBeGreaterThan(0);
  });

  it('changes the e-mail address (unique in the network) and tells the old one', async () => {
    const staff = await support('amber');
    const member = await app.make.member();
    const taken = await app.make.member();
    const clash = await staff.visitor.send('POST', '/console/api/member-actions.php', {
      id: member.profileId,
      action: 'change_email',
      email: taken.email,
    });
    expect(clash.status).toBe(422);
    expect(clash.json()).toMatchObject({ fields: { email: expect.any(String) } });
    const fresh = `new.${member.email}`;
    const res = await staff.visitor.send('POST', '/console/api/member-actions.php', {
      id: member.profileId,
      action: 'change_email',
      email: fresh.toUpperCase(),
    });
    expect(res.status, res.body).toBe(200);
    expect((await app.inspect.row('members', { id: member.memberId }))!.email).toBe(fresh);
    expect(mailsTo(app.server.dataDir, member.email).length).toBe(1);
    const audit = await app.inspect.rows('audit_log', { staff_id: staff.id, action: 'member.change_email' });
    expect(audit).toHaveLength(1);
  });
});
