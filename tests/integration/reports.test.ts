import { beforeAll, describe, expect, it } from 'vitest';
import type { TestMember, TestSession } from '../support/factories.ts';
import { DEMO } from '../support/server.ts';
import { useServer } from '../support/use-server.ts';
import { expectError, expectFieldErrors } from '../support/answers.ts';
import { addDirectly, logIn } from './console-support.ts';
import { lastMailTo, linkIn } from './accounts-helpers.ts';

/*
 * Reports (API.md "Safety and moderation", docs/console.md): `POST /api/report.php` with its
 * answers, the daily limit, repeats merged, the hold of a profile reported as underage on search
 * and the profile view, blocking with a report; and the moderators' queue in the console with
 * its roles, network scope, context and decisions.
 */
const app = useServer();

type Member = TestMember & TestSession;

let n = 0;
async function member(options: Parameters<typeof app.make.loggedIn>[0] = {}): Promise<Member> {
  n += 1;
  return app.make.loggedIn({ name: `Reporttest${n}`, gender: 'female', seeking: 'male', ...options });
}

const report = (who: Member, body: unknown, host: string = DEMO.amber.host) =>
  app.request('/api/report.php', { host, method: 'POST', body, headers: { cookie: who.cookie } });

interface QueueItem {
  kind: string;
  id: string;
  network: string;
  reason: string;
  profile: string | null;
  text: string | null;
  count: number;
}

async function queueOf(visitor: Awaited<ReturnType<typeof logIn>>): Promise<QueueItem[]> {
  const items: QueueItem[] = [];
  let cursor: string | null = null;
  do {
    const res = await visitor.get(`/console/api/reports.php${cursor ? `?cursor=${cursor}` : ''}`);
    expect(res.status, res.body).toBe(200);
    const page = res.json<{ items: QueueItem[]; next: string | null }>();
    items.push(...page.items);
    cursor = page.next;
  } while (cursor);
  return items;
}

describe('POST /api/report.php', () => {
  let reporter: Member;
  let other: Member;
  beforeAll(async () => {
    reporter = await member({ gender: 'male', seeking: 'female' });
    other = await member();
  });

  it('files a report: 201 with its id', async () => {
    const res = await report(reporter, { profile: other.profileId, reason: 'spam', text: 'Adverts' });
    expect(res.status, res.body).toBe(201);
    expect(res.json<{ report: { id: string } }>().report.id).toMatch(/^[0-9a-z]{16}$/);
  });

  it('refuses visitors, bad reasons, oneself and unknown messages in API.md shape, in the member’s language', async () => {
    const visitor = await app.request('/api/report.php', {
      method: 'POST',
      body: { profile: other.profileId, reason: 'spam' },
    });
    expectError(visitor, 403, 'authentication_required');
    const bad = await report(reporter, { profile: other.profileId, reason: 'rude' });
    expectFieldErrors(bad, { reason: 'reason_invalid' });
    expect(bad.json<{ field_messages: { reason: string } }>().field_messages.reason).toBe(
      'Please choose one of the reasons.',
    );
    expectFieldErrors(await report(reporter, { profile: reporter.profileId, reason: 'spam' }), {
      profile: 'report_self',
    });
    expectFieldErrors(await report(reporter, { profile: other.profileId, reason: 'spam', message: 'nope' }), {
      message: 'message_unknown',
    });
    expectFieldErrors(await report(reporter, { reason: 'spam' }), { profile: 'required' });
    expectError(await report(reporter, { profile: 'zzzzzzzzzzzzzzzz', reason: 'spam' }), 404, 'not_found');
  });

  it('answers field words in the member’s language', async () => {
    const res = await app.request('/api/report.php', {
      method: 'POST',
      body: { profile: other.profileId, reason: 'rude' },
      headers: { cookie: `${reporter.cookie}; locale=de` },
    });
    expectFieldErrors(res, { reason: 'reason_invalid' });
    expect(res.json<{ field_messages: { reason: string } }>().field_messages.reason).toBe(
      'Bitte wähle einen der Gründe.',
    );
  });

  it('merges a repeat of an open report into it: one row, the words appended, the count up', async () => {
    const first = await report(reporter, { profile: other.profileId, reason: 'harassment', text: 'First' });
    const again = await report(reporter, { profile: other.profileId, reason: 'harassment', text: 'Second' });
    expect(again.json<{ report: { id: string } }>().report.id).toBe(
      first.json<{ report: { id: string } }>().report.id,
    );
    const rows = await app.db
      .selectFrom('reports')
      .selectAll()
      .where('reporter_profile_id', '=', reporter.profileId)
      .where('reason', '=', 'harassment')
      .execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]!.count).toBe(2);
    expect(rows[0]!.text).toBe('First\n\nSecond');
  });

  it('merges repeats sent at once into one row', async () => {
    const racer = await member({ gender: 'male', seeking: 'female' });
    const answers = await Promise.all(
      Array.from({ length: 4 }, () => report(racer, { profile: other.profileId, reason: 'fake' })),
    );
    expect(answers.map((a) => a.status)).toEqual([201, 201, 201, 201]);
    const rows = await app.db
      .selectFrom('reports')
      .select(['id', 'count'])
      .where('reporter_profile_id', '=', racer.profileId)
      .execute();
    expect(rows).toEqual([{ id: expect.any(String), count: 4 }]);
  });

  it('limits reports per member and day, even sent at once: 429 rate_limited past 10', async () => {
    const busy = await member({ gender: 'male', seeking: 'female' });
    const targets = await Promise.all(Array.from({ length: 12 }, () => member()));
    const answers = await Promise.all(
      targets.map((t) => report(busy, { profile: t.profileId, reason: 'other' })),
    );
    expect(answers.filter((a) => a.status === 201)).toHaveLength(10);
    const refused = answers.filter((a) => a.status !== 201);
    expect(refused).toHaveLength(2);
    for (const r of refused) expectError(r, 429, 'rate_limited');
    expect(refused[0]!.headers['retry-after']).toBeTruthy();
  });

  it('accepts a report of a fictional profile like any other', async () => {
    const fictional = await app.make.operatorProfile({ network: 'amber', fictional: true });
    const res = await report(reporter, { profile: fictional.profileId, reason: 'fake' });
    expect(res.status, res.body).toBe(201);
  });

  it('blocks the profile too with block: true', async () => {
    const blocker = await member({ gender: 'male', seeking: 'female' });
    const res = await report(blocker, { profile: other.profileId, reason: 'spam', block: true });
    expect(res.status).toBe(201);
    const blocked = await app.request('/api/block.php', { headers: { cookie: blocker.cookie } });
    expect(blocked.json<{ blocked: Array<{ id: string }> }>().blocked.map((c) => c.id)).toContain(
      other.profileId,
    );
  });

  it('takes a message the profile sent the reporter', async () => {
    const writer = await member();
    const { messageId } = await app.make.message(writer, reporter, 'Send me money');
    const res = await report(reporter, { profile: writer.profileId, reason: 'scam', message: messageId });
    expect(res.status, res.body).toBe(201);
    // A message of another conversation is no message of the reported profile to the reporter.
    const third = await member();
    const { messageId: elsewhere } = await app.make.message(writer, third, 'Hi');
    expectFieldErrors(
      await report(reporter, { profile: writer.profileId, reason: 'scam', message: elsewhere }),
      {
        message: 'message_unknown',
      },
    );
  });
});

describe('a report of underage', () => {
  it('hides the profile from search and the profile view at once, until a moderator dismisses it', async () => {
    const viewer = await member({ gender: 'male', seeking: 'female', country: 'LU' });
    const young = await member({ country: 'LU', name: 'Younglu' });
    await app.make.photo(young);
    const searchIds = async () => {
      const res = await app.request('/api/members.php?country=LU&gender=female', {
        headers: { cookie: viewer.cookie },
      });
      expect(res.status, res.body).toBe(200);
      return res.json<{ results: Array<{ id: string }> }>().results.map((c) => c.id);
    };
    const view = () =>
      app.request(`/api/member.php?id=${young.profileId}`, { headers: { cookie: viewer.cookie } });
    expect(await searchIds()).toContain(young.profileId);
    expect((await view()).status).toBe(200);

    const res = await report(viewer, { profile: young.profileId, reason: 'underage' });
    expect(res.status).toBe(201);
    const id = res.json<{ report: { id: string } }>().report.id;
    expect(await searchIds()).not.toContain(young.profileId);
    expect((await view()).status).toBe(404);
    const page = await app.request(`/members/${young.profileId}`, { headers: { cookie: viewer.cookie } });
    expect(page.status).not.toBe(200);

    // A moderator sees it first in the queue, and dismissing it lets the profile back.
    const moderator = await logIn(app, await addDirectly(app, 'moderator', 'amber'));
    const queue = await queueOf(moderator);
    expect(queue[0]!.reason).toBe('underage');
    expect(queue.map((i) => i.id)).toContain(id);
    const decided = await moderator.send('PUT', '/console/api/reports.php', {
      id,
      decision: 'dismiss',
      note: 'Adult, ID seen',
    });
    expect(decided.status, decided.body).toBe(200);
    expect(await searchIds()).toContain(young.profileId);
    expect((await view()).status).toBe(200);
    const again = await moderator.send('PUT', '/console/api/reports.php', { id, decision: 'resolved' });
    expectError(again, 409, 'already_decided');
  });
});

describe('the console queue', () => {
  it('is for moderate: 403 for support and host, 200 for moderator and owner', async () => {
    for (const role of ['support', 'host', 'moderator', 'owner'] as const) {
      const visitor = await logIn(app, await addDirectly(app, role, 'amber'));
      const list = await visitor.get('/console/api/reports.php');
      const decide = await visitor.send('PUT', '/console/api/reports.php', {
        id: 'nobody',
        decision: 'dismiss',
      });
      const page = await visitor.get('/console/reports');
      if (role === 'support' || role === 'host') {
        expectError(list, 403, 'forbidden');
        expectError(decide, 403, 'forbidden');
        expect(page.status).toBe(403);
      } else {
        expect(list.status).toBe(200);
        expect(decide.status).toBe(404);
        expect(page.status).toBe(200);
      }
    }
  });

  it('holds reports and complaints of the moderator’s networks only, with each item’s context', async () => {
    const reporter = await member({ gender: 'male', seeking: 'female' });
    const writer = await member({ name: 'Contextina' });
    await app.make.photo(writer);
    const { messageId } = await app.make.message(writer, reporter, 'Pay me first');
    const filed = await report(reporter, {
      profile: writer.profileId,
      reason: 'scam',
      text: 'Wants money',
      message: messageId,
    });
    const id = filed.json<{ report: { id: string } }>().report.id;
    await report(reporter, { profile: writer.profileId, reason: 'spam' });
    const complaint = await app.make.complaint({
      category: 'harassment',
      text: 'Someone keeps writing me rude things',
    });

    const curvyMember = await app.make.loggedIn({ site: DEMO.curvy, gender: 'male', seeking: 'female' });
    const curvyOther = await app.make.loggedIn({ site: DEMO.curvy, name: 'Curvytarget' });
    const curvyReport = await report(
      curvyMember,
      { profile: curvyOther.profileId, reason: 'fake' },
      DEMO.curvy.host,
    );
    expect(curvyReport.status).toBe(201);
    const curvyId = curvyReport.json<{ report: { id: string } }>().report.id;

    const moderator = await logIn(app, await addDirectly(app, 'moderator', 'amber'));
    const queue = await queueOf(moderator);
    const ids = queue.map((i) => i.id);
    expect(ids).toContain(id);
    expect(ids).toContain(complaint.id);
    expect(ids).not.toContain(curvyId);
    expect(queue.every((i) => i.network === 'amber')).toBe(true);
    // Severity, then age: the scam report before the harassment complaint, before the spam report.
    const at = (itemId: string) => ids.indexOf(itemId);
    expect(at(id)).toBeLessThan(at(complaint.id));
    const spam = queue.find((i) => i.reason === 'spam' && i.profile === writer.profileId)!;
    expect(at(complaint.id)).toBeLessThan(at(spam.id));
    expectError(await moderator.get(`/console/api/reports.php?id=${curvyId}`), 404, 'not_found');
    expectError(await moderator.get('/console/api/reports.php?network=curvy'), 403, 'forbidden');

    const detail = await moderator.get(`/console/api/reports.php?id=${id}&kind=report`);
    expect(detail.status, detail.body).toBe(200);
    const body = detail.json<{
      profile: { id: string; name: string; photos: Array<{ url: string }>; fictional: boolean };
      conversation: Array<{ id: string; reported: boolean; text: string; from: string }>;
      history: Array<{ reason: string }>;
    }>();
    expect(body.profile).toMatchObject({ id: writer.profileId, name: 'Contextina', fictional: false });
    expect(body.conversation).toEqual([
      expect.objectContaining({ id: messageId, reported: true, text: 'Pay me first', from: 'reported' }),
    ]);
    expect(body.history.map((h) => h.reason)).toContain('spam');
    const photo = await moderator.get(body.profile.photos[0]!.url);
    expect([200, 404]).toContain(photo.status);
    const curvyPhoto = await moderator.get(`/console/api/report-photo.php?network=curvy&id=x`);
    expect(curvyPhoto.status).toBe(404);

    // Reading the conversation is audited; deciding is too, and the report leaves the queue.
    const audit = await app.db
      .selectFrom('audit_log')
      .select(['action', 'target_id'])
      .where('target_id', '=', id)
      .execute();
    expect(audit.map((a) => a.action)).toContain('conversation.read');
    const decided = await moderator.send('PUT', '/console/api/reports.php', {
      id,
      decision: 'resolved',
      note: 'Warned',
    });
    expect(decided.status).toBe(200);
    const row = await app.db.selectFrom('reports').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ status: 'resolved', outcome: 'Warned' });
    expect(row.decided_by).toBeTruthy();
    const closed = await moderator.send('PUT', '/console/api/reports.php', {
      id: complaint.id,
      kind: 'complaint',
      decision: 'dismiss',
    });
    expect(closed.status).toBe(200);
    const after = (await queueOf(moderator)).map((i) => i.id);
    expect(after).not.toContain(id);
    expect(after).not.toContain(complaint.id);
    const actions = await app.db
      .selectFrom('audit_log')
      .select('action')
      .where('target_id', 'in', [id, complaint.id])
      .execute();
    expect(actions.map((a) => a.action).sort()).toEqual([
      'complaint.decide',
      'conversation.read',
      'report.decide',
    ]);
    // The entries name the reported member, so erasing them redacts the entries.
    const named = await app.db
      .selectFrom('audit_log')
      .select('member_id')
      .where('target_id', '=', id)
      .execute();
    expect(named.map((a) => a.member_id)).toEqual([writer.memberId, writer.memberId]);
  });
});

describe('a sanction made from the queue', () => {
  it('closes the reports it answers, counts them, and tells each reporter with an appeal link of their own', async () => {
    const first = await member({ gender: 'male', seeking: 'female' });
    const second = await member({ gender: 'male', seeking: 'female' });
    const target = await member();
    const filed = async (who: Member, reason: string) => {
      const res = await report(who, { profile: target.profileId, reason, text: 'Asked for money' });
      expect(res.status, res.body).toBe(201);
      return res.json<{ report: { id: string } }>().report.id;
    };
    const ids = [await filed(first, 'scam'), await filed(second, 'harassment')];
    const moderator = await logIn(app, await addDirectly(app, 'moderator', 'amber'));
    const before = (await moderator.get('/console/api/transparency.php')).json<{
      sites: { site: string; reports: number; decisions: number }[];
    }>();
    const site = before.sites.find((s) => s.site === DEMO.amber.id)!;
    expect(site.reports).toBeGreaterThanOrEqual(2);

    const res = await moderator.send('POST', '/console/api/sanctions.php', {
      network: 'amber',
      member: target.profileId,
      kind: 'suspend',
      until: new Date(Date.now() + 7 * 86_400_000).toISOString(),
      facts: 'Asked two members for money.',
      ground_type: 'terms',
      ground: 'Terms of use §4.2',
      reports: ids,
    });
    expect(res.status, res.body).toBe(200);
    expect((await queueOf(moderator)).filter((item) => ids.includes(item.id))).toEqual([]);
    for (const reporter of [first, second]) {
      const mail = lastMailTo(app.server, reporter.email);
      expect(mail.subject).toContain('Amber Hearts');
      expect(linkIn(mail, '/appeal').token).toBeTruthy();
    }
    // A report decided already is not decided again by another sanction.
    const again = await moderator.send('POST', '/console/api/sanctions.php', {
      network: 'amber',
      member: target.profileId,
      kind: 'warn',
      facts: 'Again.',
      ground_type: 'terms',
      ground: 'Terms of use §4.2',
      reports: ids,
    });
    expect(again.status).toBe(200);
    expect(again.json<{ decision: { reports: string[] } }>().decision.reports).toEqual([]);
    // Support sees the reports and what was decided on the member's page.
    const support = await logIn(app, await addDirectly(app, 'support', 'amber'));
    const page = await support.get(`/console/members/${target.profileId}`);
    expect(page.status).toBe(200);
    expect(page.body).toContain('data-testid="member-reports"');
    expect(page.body).toContain('Scam or asking for money');
    expect(page.body).toContain('Status: resolved');
    const elsewhere = await logIn(app, await addDirectly(app, 'support', 'curvy'));
    expect((await elsewhere.get(`/console/members/${target.profileId}`)).body).not.toContain(
      'Scam or asking for money',
    );
  });
});

describe('a dismissed report', () => {
  it('is a decision the reporter is told of, with an appeal link that makes a reporter’s appeal', async () => {
    const reporter = await member({ gender: 'male', seeking: 'female' });
    const target = await member();
    const filed = await report(reporter, { profile: target.profileId, reason: 'fake' });
    expect(filed.status, filed.body).toBe(201);
    const id = filed.json<{ report: { id: string } }>().report.id;
    const moderator = await logIn(app, await addDirectly(app, 'moderator', 'amber'));
    const decided = await moderator.send('PUT', '/console/api/reports.php', {
      id,
      decision: 'dismiss',
      note: 'The photos match the member.',
    });
    expect(decided.status, decided.body).toBe(200);
    const mail = lastMailTo(app.server, reporter.email);
    expect(mail.text).toContain('found no breach of the rules');
    const { token } = linkIn(mail, '/appeal');
    const appeal = await app.request('/api/appeal.php', {
      host: DEMO.amber.host,
      method: 'POST',
      body: { token, text: 'The profile is fake, its photos are of a model.' },
    });
    expect(appeal.status, appeal.body).toBe(201);
    const decisions = (await moderator.get('/console/api/sanctions.php?network=amber')).json<{
      decisions: { kind: string; reports: string[] }[];
    }>().decisions;
    expect(decisions.find((d) => d.reports.includes(id))?.kind).toBe('dismiss');
  });
});
