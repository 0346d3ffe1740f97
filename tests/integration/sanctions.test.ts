import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, describe, expect, it } from 'vitest';
import { openSse } from '../support/sse.ts';
import { useServer } from '../support/use-server.ts';
import { DAY, lastMailTo, linkIn, login, signUp, uniqueEmail } from './accounts-helpers.ts';
import { addDirectly, logIn } from './console-support.ts';

/*
 * Sanctions (API.md "Safety and moderation", docs/console.md): a ban or suspension ends every
 * session and open event stream at once and refuses the login with its code; the statement of
 * reasons is e-mailed with an appeal link; a banned address or browser cannot sign up again;
 * an appeal is answered by someone other than the first decider, and reversing a ban lifts it;
 * statements go to the DSA Transparency Database (a local stand-in here) with the token.
 */

interface Received {
  authorization: string | undefined;
  body: Record<string, unknown>;
}
const received: Received[] = [];
const standIn = http.createServer((req, res) => {
  let text = '';
  req.on('data', (chunk: Buffer) => (text += chunk.toString()));
  req.on('end', () => {
    received.push({
      authorization: req.headers.authorization,
      body: JSON.parse(text) as Record<string, unknown>,
    });
    res.writeHead(201, { 'content-type': 'application/json' }).end('{"uuid":"x"}');
  });
});
afterAll(() => standIn.close());

const app = useServer({
  clock: true,
  trustProxy: true,
  env: async () => {
    await new Promise<void>((resolve) => standIn.listen(0, '127.0.0.1', resolve));
    const { port } = standIn.address() as AddressInfo;
    return {
      EVENTS_HEARTBEAT_SECONDS: '0.2',
      DSA_API_URL: `http://127.0.0.1:${port}/api/v1/statement`,
      DSA_API_TOKEN: 'dsa-test-token',
    };
  },
});

const NETWORK = 'amber';
const FACTS = 'Asked three members for money by message.';

async function member() {
  const visitor = app.visitor();
  const { fields, user } = await signUp(visitor);
  return { visitor, email: fields.email, password: fields.password, profile: user.profile.id };
}

async function moderator(role: 'moderator' | 'owner' | 'support' = 'moderator', network = NETWORK) {
  return logIn(app, await addDirectly(app, role, network));
}

function sanction(
  staff: Awaited<ReturnType<typeof moderator>>,
  body: Record<string, unknown>,
): ReturnType<typeof staff.send> {
  return staff.send('POST', '/console/api/sanctions.php', {
    network: NETWORK,
    facts: FACTS,
    ground_type: 'terms',
    ground: 'Terms of use §4.2',
    ...body,
  });
}

describe('a ban', () => {
  it('ends the sessions and open streams at once, refuses the login, mails the statement and keeps the address and browser out', async () => {
    const ann = await member();
    const stream = await openSse(app.server.baseUrl, '/api/events.php', {
      cookie: ann.visitor.cookieHeader(),
    });
    expect(stream.status).toBe(200);
    await stream.waitFor((_e, comments) => comments.includes('open'));
    const alice = await moderator();
    try {
      const started = Date.now();
      const res = await sanction(alice, { member: ann.profile, kind: 'ban' });
      expect(res.status, res.body).toBe(200);
      expect(res.json().decision).toMatchObject({
        kind: 'ban',
        network: NETWORK,
        ground: 'Terms of use §4.2',
      });
      await stream.waitForEnd(1_000);
      expect(Date.now() - started).toBeLessThan(2_000);
    } finally {
      stream.close();
    }
    expect((await ann.visitor.get('/api/user.php')).json().user).toBeNull();

    const again = await login(app.visitor(), ann.email, ann.password);
    expect(again.status).toBe(403);
    expect(again.json().error).toBe('account_banned');

    const mail = lastMailTo(app.server, ann.email);
    expect(mail.text).toContain(FACTS);
    expect(mail.text).toContain('Terms of use §4.2');
    expect(linkIn(mail, '/appeal').token).toBeTruthy();

    const sameAddress = await app.visitor().send('POST', '/api/signup.php', {
      email: ann.email.toUpperCase(),
      name: 'Ann',
      password: 'blue tulips at dawn 42',
      date_of_birth: '1990-05-17',
    });
    expect(sameAddress.status).toBe(403);
    expect(sameAddress.json().error).toBe('signup_banned');
    const sameBrowser = await ann.visitor.send('POST', '/api/signup.php', {
      email: uniqueEmail('other'),
      name: 'Ann',
      password: 'blue tulips at dawn 42',
      date_of_birth: '1990-05-17',
    });
    expect(sameBrowser.status).toBe(403);
    expect(sameBrowser.json().error).toBe('signup_banned');
    await signUp(app.visitor());
  });

  it('is sent to the Transparency Database with the token', async () => {
    const bo = await member();
    const res = await sanction(await moderator(), { member: bo.profile, kind: 'ban' });
    const id = res.json<{ decision: { id: string } }>().decision.id;
    const deadline = Date.now() + 10_000;
    while (!received.some((r) => r.body.puid === id) && Date.now() < deadline)
      await new Promise((r) => setTimeout(r, 200));
    const statement = received.find((r) => r.body.puid === id);
    expect(statement?.authorization).toBe('Bearer dsa-test-token');
    expect(statement?.body).toMatchObject({
      decision_account: 'DECISION_ACCOUNT_TERMINATED',
      decision_ground: 'DECISION_GROUND_INCOMPATIBLE_CONTENT',
      incompatible_content_ground: 'Terms of use §4.2',
      decision_facts: FACTS,
      automated_decision: 'AUTOMATED_DECISION_NOT_AUTOMATED',
    });
    // The server marks the decision sent once the Transparency Database has answered, just after the
    // statement reached it: the test reads the status until then.
    const status = async () =>
      (
        await app.db
          .selectFrom('moderation_decisions')
          .select('dsa_status')
          .where('id', '=', id)
          .executeTakeFirst()
      )?.dsa_status;
    while ((await status()) !== 'sent' && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
    expect(await status()).toBe('sent');
  });
});

describe('a suspension', () => {
  it('answers account_suspended with its end, and ends by itself', async () => {
    const cy = await member();
    const until = new Date(Date.now() + 2 * DAY).toISOString();
    const res = await sanction(await moderator(), { member: cy.profile, kind: 'suspend', until });
    expect(res.status, res.body).toBe(200);
    const refused = await login(app.visitor(), cy.email, cy.password);
    expect(refused.status).toBe(403);
    expect(refused.json()).toMatchObject({ error: 'account_suspended', until });
    await app.withClock(3 * DAY, async () => {
      expect((await login(app.visitor(), cy.email, cy.password)).status).toBe(200);
    });
  });

  it('needs a date in the future', async () => {
    const di = await member();
    const staff = await moderator();
    const missing = await sanction(staff, { member: di.profile, kind: 'suspend' });
    expect(missing.status).toBe(422);
    expect(missing.json().fields).toEqual({ until: 'required' });
    const past = await sanction(staff, { member: di.profile, kind: 'suspend', until: '2020-01-01' });
    expect(past.status).toBe(422);
  });
});

describe('an appeal', () => {
  it('is made once with the e-mail’s token, decided by someone else, and a reversal lifts the ban', async () => {
    const ed = await member();
    const alice = await moderator();
    const bob = await moderator();
    expect((await sanction(alice, { member: ed.profile, kind: 'ban' })).status).toBe(200);
    const { token } = linkIn(lastMailTo(app.server, ed.email), '/appeal');

    const page = await app.request(`/appeal?token=${encodeURIComponent(token)}`);
    expect(page.status).toBe(200);
    expect(page.body).toContain('name="token"');
    // A link's token is one person's: no shared cache keeps the page.
    expect(String(page.headers['cache-control'])).not.toContain('public');

    const visitor = app.visitor();
    const bad = await visitor.send('POST', '/api/appeal.php', { token: 'nope', text: 'Please' });
    expect(bad.status).toBe(400);
    expect(bad.json().error).toBe('link_invalid');
    const made = await visitor.send('POST', '/api/appeal.php', { token, text: 'It was a misunderstanding.' });
    expect(made.status, made.body).toBe(201);
    const appealId = made.json<{ appeal: { id: string } }>().appeal.id;
    const twice = await visitor.send('POST', '/api/appeal.php', { token, text: 'Again' });
    expect(twice.status).toBe(409);
    expect(twice.json().error).toBe('appeal_open');

    const aliceQueue = (await alice.get('/console/api/appeals.php')).json().appeals as { id: string }[];
    expect(aliceQueue.map((a) => a.id)).not.toContain(appealId);
    const own = await alice.send('POST', '/console/api/appeals.php', { id: appealId, outcome: 'reverse' });
    expect(own.status).toBe(403);

    const bobQueue = (await bob.get('/console/api/appeals.php')).json().appeals as {
      id: string;
      text: string;
    }[];
    expect(bobQueue.find((a) => a.id === appealId)?.text).toBe('It was a misunderstanding.');
    const reversed = await bob.send('POST', '/console/api/appeals.php', { id: appealId, outcome: 'reverse' });
    expect(reversed.status, reversed.body).toBe(200);
    expect(reversed.json().lift).toBeTruthy();

    expect((await login(app.visitor(), ed.email, ed.password)).status).toBe(200);
    expect(lastMailTo(app.server, ed.email).text).toContain('reversed the decision');
    const actions = await app.db
      .selectFrom('audit_log')
      .select('action')
      .where('member_id', 'in', await memberIdOf(ed.profile))
      .execute();
    expect(actions.map((a) => a.action).sort()).toEqual(['appeal.decide', 'member.ban', 'member.lift']);
  });
});

describe('an appeal where nobody else moderates', () => {
  it('is decided by the network’s owner, even against the owner’s own decision', async () => {
    // Runs before any moderator of curvy exists: its owner is the only one who may moderate there.
    const visitor = app.visitor('curvy.localhost');
    const { fields, user } = await signUp(visitor);
    const owner = await moderator('owner', 'curvy');
    const banned = await owner.send('POST', '/console/api/sanctions.php', {
      network: 'curvy',
      member: user.profile.id,
      kind: 'ban',
      facts: FACTS,
      ground_type: 'terms',
      ground: 'Terms of use §4.2',
    });
    expect(banned.status, banned.body).toBe(200);
    const { token } = linkIn(lastMailTo(app.server, fields.email), '/appeal');
    const made = await app
      .visitor('curvy.localhost')
      .send('POST', '/api/appeal.php', { token, text: 'Sorry.' });
    expect(made.status, made.body).toBe(201);
    // A link of one network is no link on another.
    const elsewhere = await app.visitor().send('POST', '/api/appeal.php', { token, text: 'Sorry.' });
    expect(elsewhere.json<{ error: string }>().error).toBe('link_invalid');
    const id = made.json<{ appeal: { id: string } }>().appeal.id;
    const upheld = await owner.send('POST', '/console/api/appeals.php', { id, outcome: 'uphold' });
    expect(upheld.status, upheld.body).toBe(200);
    // In the member's language: curvy speaks German.
    expect(lastMailTo(app.server, fields.email).text).toContain('Die Entscheidung bleibt bestehen.');
  });
});

async function memberIdOf(profile: string): Promise<string[]> {
  const row = await app.db
    .selectFrom('profiles')
    .select('member_id')
    .where('id', '=', profile)
    .executeTakeFirst();
  return row?.member_id ? [row.member_id] : [];
}

describe('who may sanction', () => {
  it('needs the moderate permission in the member’s network', async () => {
    const fi = await member();
    const support = await moderator('support');
    expect((await sanction(support, { member: fi.profile, kind: 'warn' })).status).toBe(403);
    const elsewhere = await moderator('moderator', 'curvy');
    const other = await sanction(elsewhere, { member: fi.profile, kind: 'warn' });
    expect(other.status).toBe(403);
    expect(other.json().error).toBe('forbidden');
    expect((await support.get('/console/api/appeals.php')).status).toBe(403);
    expect((await support.get('/console/api/transparency.php')).status).toBe(403);
    const anonymous = await app.visitor('console.localhost').get('/console/api/sanctions.php');
    expect(anonymous.status).toBe(403);
    expect(anonymous.json().error).toBe('authentication_required');
    const warned = await sanction(await moderator(), { member: fi.profile, kind: 'warn' });
    expect(warned.status).toBe(200);
    // A warning leaves the account as it was.
    expect((await login(app.visitor(), fi.email, fi.password)).status).toBe(200);
  });
});

describe('transparency', () => {
  it('counts decisions, appeals and reversals per site, as JSON and as CSV', async () => {
    const staff = await moderator();
    const counts = (await staff.get('/console/api/transparency.php')).json<{
      sites: {
        site: string;
        decisions: number;
        appeals: number;
        reversals: number;
        reports: number;
      }[];
    }>();
    const localhost = counts.sites.find((s) => s.site === 'localhost')!;
    expect(localhost.decisions).toBeGreaterThanOrEqual(3);
    expect(localhost.appeals).toBeGreaterThanOrEqual(1);
    expect(localhost.reversals).toBeGreaterThanOrEqual(1);
    expect(localhost.reports).toBeGreaterThanOrEqual(0);
    const csv = await staff.get('/console/api/transparency.php?format=csv');
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.body.split('\r\n')[0]).toContain('site,network,reports,decisions');
    const dsa = await staff.get('/console/api/sanctions.php?format=dsa');
    expect(dsa.json<{ statements: unknown[] }>().statements.length).toBeGreaterThanOrEqual(3);
  });
});
