import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { generateKeyPairSync } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AddressInfo } from 'node:net';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { payingMember, sendText } from './chat-support.ts';
import { call, shownMember, type LoggedIn } from './likes-support.ts';
import { unsubscribeToken } from '../../src/features/notification-mail/unsubscribe-token.ts';
import { REPO_ROOT, serverEnv } from '../support/server.ts';
import { useServer } from '../support/use-server.ts';
import { oneClickUnsubscribe } from '../support/outbox.ts';

/*
 * Notification e-mails over real SMTP: a local smtp-server takes what the built server sends
 * (MAIL_URL=smtp://127.0.0.1:PORT). The server's clock is moved past the delay; the job runs
 * every half second under the test clock.
 */

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const SECRET = 'mail-events-test-secret';
const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 1024 });
const PEM = privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();

interface Received {
  to: string[];
  raw: string;
  mail: ParsedMail;
}
const received: Received[] = [];
let smtp: SMTPServer;
let smtpPort = 0;

beforeAll(async () => {
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, done) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        void simpleParser(raw).then((mail) => {
          received.push({ to: session.envelope.rcptTo.map((r) => r.address.toLowerCase()), raw, mail });
          done();
        }, done);
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', () => resolve()));
  smtpPort = (smtp.server.address() as AddressInfo).port;
});
afterAll(async () => {
  await new Promise<void>((resolve) => smtp.close(() => resolve()));
});

const app = useServer({
  clock: true,
  env: () => ({
    MAIL_URL: `smtp://127.0.0.1:${smtpPort}`,
    MAIL_EVENTS_SECRET: SECRET,
    DKIM_SELECTOR: 'kindred',
    DKIM_PRIVATE_KEY: PEM.replace(/\n/g, '\\n'),
  }),
});

/** Noon UTC on a day of its own for each test, so that no test runs into another's quiet hours. */
let day = 0;
function noonOffset(): number {
  day += 2;
  const now = Date.now();
  const noon = new Date(now);
  noon.setUTCHours(12, 0, 0, 0);
  return noon.getTime() + day * DAY - now;
}

/** Push as a whole and its previews: on until the member says otherwise. */
const PUSH_ON = { push: true, push_preview: true };
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const mailsTo = (address: string) => received.filter((m) => m.to.includes(address.toLowerCase()));

async function waitForMail(address: string, count = 1, timeoutMs = 15_000): Promise<Received[]> {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    if (mailsTo(address).length >= count) return mailsTo(address);
    await sleep(100);
  }
  throw new Error(`no e-mail #${count} to ${address} within ${timeoutMs} ms`);
}

const MAIL_JOBS = ['notification-mail.due', 'notification-mail.reminders'];

/**
 * Both e-mail jobs ran a whole run that started after this call (they run every 500 ms under the
 * test clock; a run records its start in its lease when it ends), and `address` got no e-mail
 * beyond `count`. A fixed wait instead passed without any run on a busy machine, and took 2 s on
 * a quiet one.
 */
async function expectNoMail(address: string, count = 0): Promise<void> {
  await app.jobsRunAgain(MAIL_JOBS, 15_000);
  // An e-mail sent in that run is parsed on its arrival, a moment after the run ends.
  await sleep(200);
  expect(mailsTo(address).length).toBe(count);
}

async function awayMember(options: { language?: string; timeZone?: string } = {}): Promise<LoggedIn> {
  const member = await shownMember(app, { gender: 'female', seeking: 'male' });
  await app.make.updateMember(member, {
    language: options.language ?? 'en',
    time_zone: options.timeZone ?? 'UTC',
  });
  return member;
}

async function sender(): Promise<LoggedIn> {
  const member = await payingMember(app);
  await app.make.updateProfile(member, { name: 'Sascha' });
  return member;
}

/** Sets the server's clock to a test's own noon (`noonOffset`) and answers that offset. */
function clockAtNoon(): number {
  const base = noonOffset();
  app.setClock(base);
  return base;
}

/** A test's own noon on the clock, a member away from the site and the member who writes to them. */
async function awayConversation(options: { language?: string } = {}) {
  const base = clockAtNoon();
  const to = await awayMember(options);
  const from = await sender();
  return { base, to, from };
}

/** The List-Unsubscribe header as sent (unfolded), and its https/http link. */
function listUnsubscribe(mail: Received): string {
  const headers = mail.raw.slice(0, mail.raw.search(/\r?\n\r?\n/)).replace(/\r?\n[ \t]+/g, ' ');
  return /^List-Unsubscribe: (.*)$/im.exec(headers)?.[1] ?? '';
}

function unsubscribeUrl(mail: Received): URL {
  const header = listUnsubscribe(mail);
  const link = /<(https?:\/\/[^>]+)>/.exec(header)?.[1];
  expect(link, header).toBeDefined();
  return new URL(link!);
}

describe('a message to a member who is away', () => {
  it('is e-mailed after the delay, once, in the member’s language, with unsubscribe headers and DKIM', async () => {
    const { base, to, from } = await awayConversation({ language: 'de' });
    const sent = await sendText(app, from, to, 'Hallo!');
    expect(sent.status, sent.body).toBe(201);

    app.setClock(base + 5 * MINUTE);
    await expectNoMail(to.email);

    app.setClock(base + 11 * MINUTE);
    const [mail] = await waitForMail(to.email);
    expect(mail!.mail.subject).toBe('Sascha hat dir geschrieben');
    expect(mail!.mail.text).toContain('Sascha hat dir zum ersten Mal geschrieben');
    const link = unsubscribeUrl(mail!);
    expect(link.origin).toBe(`http://localhost:${app.server.port}`);
    expect(link.pathname).toBe('/api/unsubscribe.php');
    expect(listUnsubscribe(mail!)).toMatch(/<mailto:[^>]+\?subject=unsubscribe%20/);
    expect(mail!.raw).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click\r?$/m);
    expect(mail!.raw).toMatch(/^DKIM-Signature: .*d=localhost;.*s=kindred;/ms);

    // Sent once: later runs find nothing left.
    app.setClock(base + 30 * MINUTE);
    await expectNoMail(to.email, 1);
  });

  it("names a profile the operator runs with the site's marker, as every page does", async () => {
    const { base, to, from } = await awayConversation();
    // A profile the operator runs: the flag every such profile carries.
    await app.db.updateTable('profiles').set({ fictional: 1 }).where('id', '=', from.profileId).execute();
    expect((await sendText(app, from, to, 'Hi!')).status).toBe(201);
    app.setClock(base + 11 * MINUTE);
    const [mail] = await waitForMail(to.email);
    expect(mail!.mail.subject).toBe('Sascha 🎭 (fictional profile) wrote to you');
    expect(mail!.mail.text).toContain('Sascha 🎭 (fictional profile) wrote to you for the first time.');
  });

  it('is not e-mailed when the member reads it before the delay', async () => {
    const { base, to, from } = await awayConversation();
    expect((await sendText(app, from, to)).status).toBe(201);
    const opened = await call(app, to, 'GET', `/api/chat.php?profile=${from.profileId}`);
    expect(opened.status, opened.body).toBe(200);
    app.setClock(base + 11 * MINUTE);
    await expectNoMail(to.email);
    expect(
      await app.db.selectFrom('mail_pending').where('member_id', '=', to.memberId).selectAll().execute(),
    ).toEqual([]);
  });

  it('is not e-mailed when its category is switched off', async () => {
    const base = clockAtNoon();
    const to = await awayMember();
    const off = await call(app, to, 'PUT', '/api/notifications.php', {
      // The whole list: promotions and news stay off too.
      disabled: ['new_conversations', 'promotions', 'news'],
    });
    expect(off.status).toBe(200);
    const from = await sender();
    expect((await sendText(app, from, to)).status).toBe(201);
    app.setClock(base + 11 * MINUTE);
    await expectNoMail(to.email);
  });

  it('is e-mailed at most once per conversation an hour', async () => {
    const { base, to, from } = await awayConversation();
    expect((await sendText(app, from, to, 'one')).status).toBe(201);
    app.setClock(base + 11 * MINUTE);
    await waitForMail(to.email, 1);

    app.setClock(base + 20 * MINUTE);
    expect((await sendText(app, from, to, 'two')).status).toBe(201);
    app.setClock(base + 31 * MINUTE);
    await expectNoMail(to.email, 1);

    app.setClock(base + 72 * MINUTE);
    const mails = await waitForMail(to.email, 2);
    expect(mails[1]!.mail.subject).toBe('New message from Sascha');
  });

  it('waits through the quiet hours until 08:00 where the member lives', async () => {
    const base = noonOffset() + 9 * HOUR + 55 * MINUTE; // 21:55 UTC
    app.setClock(base);
    const to = await awayMember({ timeZone: 'UTC' });
    const from = await sender();
    expect((await sendText(app, from, to)).status).toBe(201);
    app.setClock(base + 15 * MINUTE); // 22:10
    await expectNoMail(to.email);
    const pending = await app.db
      .selectFrom('mail_pending')
      .select('due_at')
      .where('member_id', '=', to.memberId)
      .execute();
    expect(new Date(Number(pending[0]!.due_at)).toISOString()).toMatch(/T08:00:00\.000Z$/);
    app.setClock(base + 10 * HOUR); // 07:55
    await expectNoMail(to.email);
    app.setClock(base + 10 * HOUR + 6 * MINUTE); // 08:01
    await waitForMail(to.email);
  });

  it('joins several waiting events into one e-mail', async () => {
    const { base, to, from: writer } = await awayConversation();
    const liker = await shownMember(app, { gender: 'male', seeking: 'female', name: 'Kim' });
    expect((await sendText(app, writer, to)).status).toBe(201);
    const liked = await call(app, liker, 'POST', '/api/like.php', { profile: to.profileId });
    expect(liked.status, liked.body).toBe(200);
    app.setClock(base + 11 * MINUTE);
    const [mail] = await waitForMail(to.email);
    expect(mail!.mail.subject).toBe('2 new notifications on Amber Hearts');
    expect(mail!.mail.text).toContain('Sascha wrote to you for the first time');
    expect(mail!.mail.text).toContain('Kim likes your profile.');
    await expectNoMail(to.email, 1);
  });
});

describe('an unconfirmed member', () => {
  it('gets the one activation reminder a day after signup, and nothing else', async () => {
    const base = clockAtNoon();
    const to = await app.make.member({ status: 'not_confirmed' });
    await app.make.updateMember(to, { time_zone: 'UTC', created_at: Date.now() + base } as never);
    const liker = await shownMember(app, { gender: 'female', seeking: 'male' });
    // A like from a shown member: no e-mail to an unconfirmed one.
    await app.db
      .insertInto('mail_pending')
      .values({
        id: `ev-${to.memberId}`,
        network_id: to.network,
        site_id: to.siteId,
        member_id: to.memberId,
        type: 'like',
        actor_profile_id: liker.profileId,
        conversation_id: null,
        message_id: null,
        created_at: Date.now() + base,
        due_at: null,
      })
      .execute();
    app.setClock(base + 12 * HOUR);
    await expectNoMail(to.email);
    app.setClock(base + DAY + 5 * MINUTE);
    const [mail] = await waitForMail(to.email);
    expect(mail!.mail.subject).toBe('Please confirm your e-mail address for Amber Hearts');
    expect(mail!.mail.text).toMatch(/\/api\/activate\.php\?token=/);
    app.setClock(base + 3 * DAY);
    await expectNoMail(to.email, 1);
  });
});

describe('reminders and the weekly update', () => {
  it('remind once of messages unread for a day', async () => {
    const { base, to, from } = await awayConversation();
    expect((await sendText(app, from, to, 'one')).status).toBe(201);
    expect((await sendText(app, from, to, 'two')).status).toBe(201);
    app.setClock(base + 11 * MINUTE);
    await waitForMail(to.email, 1);
    app.setClock(base + 12 * HOUR);
    await expectNoMail(to.email, 1);
    app.setClock(base + DAY + HOUR);
    const mails = await waitForMail(to.email, 2);
    expect(mails[1]!.mail.subject).toBe('2 unread messages on Amber Hearts');
    expect(listUnsubscribe(mails[1]!)).toContain('.unread_message_reminders.');
    app.setClock(base + 2 * DAY + HOUR);
    await expectNoMail(to.email, 2);
  });

  it('tells true numbers once a week, and nothing when there is nothing', async () => {
    const base = clockAtNoon();
    const serverNow = () => Date.now() + base;
    const site = { id: 'curvy', network: 'curvy' };
    // Held unconfirmed until set up, so no run looks at their week too early.
    const quiet = await app.make.loggedIn({
      site,
      status: 'not_confirmed',
      gender: 'female',
      seeking: 'male',
      country: 'AT',
    });
    const reader = await app.make.loggedIn({
      site,
      status: 'not_confirmed',
      gender: 'female',
      seeking: 'male',
      country: 'AT',
    });
    for (const member of [quiet, reader]) {
      await app.make.updateMember(member, { time_zone: 'UTC', created_at: serverNow() - 8 * DAY } as never);
      await app.make.updateProfile(member, { created_at: serverNow() - 8 * DAY, status: 'active' } as never);
    }
    const newcomer = await app.make.member({
      site,
      gender: 'male',
      seeking: 'female',
      country: 'AT',
      name: 'Jonas',
    });
    await app.make.updateProfile(newcomer, { created_at: serverNow() - DAY } as never);
    // The quiet one seeks women: nobody new for her.
    await app.make.updateProfile(quiet, { seeking: 'female' });
    await app.make.updateMember(quiet, { status: 'active' });
    await app.make.updateMember(reader, { status: 'active' });
    const [mail] = await waitForMail(reader.email);
    expect(mail!.mail.subject).toBe('Your week on Kurvenreich');
    expect(mail!.mail.text).toContain('1 new member from your country joined this week.');
    await expectNoMail(quiet.email);
    app.setClock(base + 3 * DAY);
    await expectNoMail(reader.email, 1);
  });
});

describe('one-click unsubscribe', () => {
  it('shows the category on GET without changing it, and switches it off on POST', async () => {
    const { base, to, from } = await awayConversation({ language: 'de' });
    expect((await sendText(app, from, to)).status).toBe(201);
    app.setClock(base + 11 * MINUTE);
    const [mail] = await waitForMail(to.email);
    const link = unsubscribeUrl(mail!);
    const path = link.pathname + link.search;

    const page = await app.request(path);
    expect(page.status).toBe(200);
    expect(page.body).toContain('Neue Unterhaltungen');
    expect(page.body).toContain(to.email);
    const before = await call(app, to, 'GET', '/api/notifications.php');
    expect(before.json()).toEqual({ disabled: ['promotions', 'news'], reasons: {}, ...PUSH_ON });

    const done = await oneClickUnsubscribe(app, path);
    expect(done.status, done.body).toBe(200);
    expect(done.json()).toEqual({ ok: true, category: 'new_conversations' });
    const after = await call(app, to, 'GET', '/api/notifications.php');
    expect(after.json()).toEqual({
      disabled: ['new_conversations', 'promotions', 'news'],
      reasons: { new_conversations: 'listunsubscribe' },
      ...PUSH_ON,
    });
  });

  it('refuses a forged token, and a token of one site on another', async () => {
    const to = await awayMember();
    const forged = `${to.memberId}.like.AAAAAAAAAAAAAAAAAAAAAA`;
    const refused = await app.request(`/api/unsubscribe.php?token=${forged}`, { method: 'POST', body: {} });
    expect(refused.status).toBe(400);
    expect(refused.json()).toMatchObject({ error: 'link_invalid' });
    const page = await app.request(`/api/unsubscribe.php?token=${forged}`);
    expect(page.status).toBe(400);
    expect((await call(app, to, 'GET', '/api/notifications.php')).json()).toEqual({
      disabled: ['promotions', 'news'],
      reasons: {},
      ...PUSH_ON,
    });
  });
});

describe('an unsubscribe token', () => {
  /** A token as the server makes it, from the secret it generated into its DATA_DIR. */
  const tokenFor = (member: LoggedIn, category: 'like' | 'news') =>
    unsubscribeToken(
      Buffer.from(readFileSync(join(app.server.dataDir, 'secret'), 'utf8').trim(), 'hex'),
      member.siteId,
      member.memberId,
      category,
    );

  it('works only on the site it was made for, not on a sister site or another network', async () => {
    const to = await awayMember();
    const token = tokenFor(to, 'like');
    for (const host of ['rainbow.localhost', 'curvy.localhost']) {
      const elsewhere = await app.request(`/api/unsubscribe.php?token=${token}`, {
        host,
        method: 'POST',
        body: {},
      });
      expect(elsewhere.status, host).toBe(400);
    }
    expect((await call(app, to, 'GET', '/api/notifications.php')).json()).toMatchObject({ reasons: {} });
    const here = await app.request(`/api/unsubscribe.php?token=${token}`, { method: 'POST', body: {} });
    expect(here.json()).toEqual({ ok: true, category: 'like' });
  });

  it('sent to the List-Unsubscribe mailto and handed to the mail-events webhook unsubscribes too', async () => {
    const to = await awayMember();
    const message = [
      `From: ${to.email}`,
      'To: no-reply@localhost',
      `Subject: unsubscribe ${tokenFor(to, 'like')}`,
      '',
      '',
    ].join('\r\n');
    const res = await app.request('/api/mail-events.php', {
      method: 'POST',
      headers: { authorization: `Bearer ${SECRET}`, 'content-type': 'message/rfc822' },
      body: message,
    });
    expect(res.status).toBe(204);
    expect((await call(app, to, 'GET', '/api/notifications.php')).json()).toMatchObject({
      reasons: { like: 'listunsubscribe' },
    });
  });
});

describe('bounces and complaints', () => {
  const auth = { authorization: `Bearer ${SECRET}` };

  /** A mail server's report (a DSN or an ARF feedback report) handed to the endpoint as it came. */
  const postReport = (message: string) =>
    app.request('/api/mail-events.php', {
      method: 'POST',
      headers: { ...auth, 'content-type': 'message/rfc822' },
      body: message,
    });

  /**
   * A multipart/report e-mail (RFC 6522) to the site's sender, as a mail server or a feedback
   * loop sends it: the human-readable `text`, then each part of `parts` as its content type and lines.
   */
  const reportMail = (report: {
    from: string;
    subject: string;
    reportType: string;
    boundary: string;
    text: string;
    parts: [contentType: string, lines: string[]][];
  }) =>
    [
      `From: ${report.from}`,
      'To: no-reply@localhost',
      `Subject: ${report.subject}`,
      'MIME-Version: 1.0',
      `Content-Type: multipart/report; report-type=${report.reportType}; boundary="${report.boundary}"`,
      '',
      `--${report.boundary}`,
      'Content-Type: text/plain',
      '',
      report.text,
      ...report.parts.flatMap(([contentType, lines]) => [
        `--${report.boundary}`,
        `Content-Type: ${contentType}`,
        '',
        ...lines,
      ]),
      `--${report.boundary}--`,
      '',
    ].join('\r\n');

  /** Why e-mail is switched off for the member, by category. */
  const reasonsOf = async (member: Parameters<typeof call>[1]) =>
    (await call(app, member, 'GET', '/api/notifications.php')).json<{ reasons: Record<string, string> }>()
      .reasons;

  it('refuse a call without the secret', async () => {
    const to = await awayMember();
    const res = await app.request('/api/mail-events.php', {
      method: 'POST',
      body: { email: to.email, type: 'bounce' },
    });
    expect(res.status).toBe(401);
    const wrong = await app.request('/api/mail-events.php', {
      method: 'POST',
      headers: { authorization: 'Bearer nope' },
      body: { email: to.email, type: 'bounce' },
    });
    expect(wrong.status).toBe(401);
    expect((await call(app, to, 'GET', '/api/notifications.php')).json()).toMatchObject({ reasons: {} });
  });

  it('switch e-mail off with reason bounce from JSON, only in the network of the site called', async () => {
    const to = await awayMember();
    const elsewhere = await app.make.loggedIn({ site: { id: 'curvy', network: 'curvy' }, email: to.email });
    const res = await app.request('/api/mail-events.php', {
      method: 'POST',
      headers: auth,
      body: { email: to.email.toUpperCase(), type: 'bounce' },
    });
    expect(res.status).toBe(204);
    const reasons = await reasonsOf(to);
    expect(reasons.new_messages).toBe('bounce');
    expect(reasons.like).toBe('bounce');
    const other = await call(app, elsewhere, 'GET', '/api/notifications.php', undefined, 'curvy.localhost');
    expect(other.json()).toEqual({ disabled: ['promotions', 'news'], reasons: {}, ...PUSH_ON });
  });

  it('tell the member on /members until the alert is closed, and again after a new switch-off', async () => {
    // The browser's clock stamps the dismissal: the server's must agree with it here.
    app.setClock(0);
    const to = await awayMember();
    const alert = async () => {
      const html = (await call(app, to, 'GET', '/members')).body;
      if (!html.includes('id="disabled-notifications-alert"')) return null;
      return [...html.matchAll(/data-reason="(\w+)"/g)].map((m) => m[1]);
    };
    expect(await alert()).toBeNull();
    const report = (type: string) =>
      app.request('/api/mail-events.php', { method: 'POST', headers: auth, body: { email: to.email, type } });
    expect((await report('bounce')).status).toBe(204);
    expect(await alert()).toEqual(['bounce']);
    const closed = await call(app, to, 'PUT', '/api/user.php', { dismissed: { notifications: Date.now() } });
    expect(closed.status).toBe(200);
    expect(await alert()).toBeNull();
    await sleep(5);
    expect((await report('complaint')).status).toBe(204);
    expect(await alert()).toEqual(['fbl']);
  });

  it('read a raw DSN as a bounce and an ARF report as a complaint', async () => {
    const bounced = await awayMember();
    const dsn = reportMail({
      from: 'MAILER-DAEMON@mx.example.org',
      subject: 'Undelivered Mail Returned to Sender',
      reportType: 'delivery-status',
      boundary: 'b1',
      text: 'Your message could not be delivered.',
      parts: [
        [
          'message/delivery-status',
          [
            'Reporting-MTA: dns; mx.example.org',
            '',
            `Final-Recipient: rfc822; ${bounced.email}`,
            'Action: failed',
            'Status: 5.1.1',
          ],
        ],
      ],
    });
    expect((await postReport(dsn)).status).toBe(204);
    expect((await reasonsOf(bounced)).new_messages).toBe('bounce');

    const complained = await awayMember();
    const arf = reportMail({
      from: 'abuse@isp.example.org',
      subject: 'FW: spam report',
      reportType: 'feedback-report',
      boundary: 'b2',
      text: 'This is an e-mail abuse report.',
      parts: [
        [
          'message/feedback-report',
          [
            'Feedback-Type: abuse',
            'User-Agent: isp-fbl/1.0',
            'Version: 1',
            `Original-Rcpt-To: ${complained.email}`,
          ],
        ],
        [
          'text/rfc822-headers',
          [
            'From: Amber Hearts <no-reply@localhost>',
            `To: ${complained.email}`,
            'Subject: New message from Sascha',
          ],
        ],
      ],
    });
    expect((await postReport(arf)).status).toBe(204);
    expect((await reasonsOf(complained)).like).toBe('fbl');
  });
});

describe('news and promotions', () => {
  /** `npm run mail -- <command>` against the test server's database and SMTP listener. */
  /** Asynchronous: the SMTP listener answers from this process while the command runs. */
  async function mailCommand(command: string, campaign: unknown): Promise<string> {
    const dir = mkdtempSync(join(tmpdir(), 'kindred-campaign-'));
    const file = join(dir, 'campaign.json');
    writeFileSync(file, JSON.stringify(campaign));
    try {
      const { stdout } = await promisify(execFile)(
        process.execPath,
        ['scripts/mail.ts', command, '--site', 'localhost', '--file', file],
        {
          cwd: REPO_ROOT,
          env: {
            ...serverEnv(app.server.port, app.server.dataDir),
            TENANTS_DIR: app.server.tenantsDir,
            MAIL_URL: `smtp://127.0.0.1:${smtpPort}`,
          },
          timeout: 60_000,
        },
      );
      return stdout;
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }

  it('go only to members who said yes, in their language, once per campaign', async () => {
    const yes = await awayMember({ language: 'de' });
    const untouched = await awayMember();
    expect((await call(app, yes, 'PUT', '/api/notifications.php', { disabled: ['promotions'] })).status).toBe(
      200,
    );
    const campaign = {
      id: `news-${Date.now().toString(36)}`,
      texts: {
        en: { subject: 'What is new', paragraphs: ['A new search.'] },
        de: { subject: 'Was es Neues gibt', paragraphs: ['Eine neue Suche.'], link: '/members' },
      },
    };
    expect(await mailCommand('send-news', campaign)).toMatch(/sent to 1 members/);
    const [mail] = await waitForMail(yes.email);
    expect(mail!.mail.subject).toBe('Was es Neues gibt');
    expect(mail!.mail.text).toContain('/de/members');
    const link = unsubscribeUrl(mail!);
    // The promotions' consent was not given: nobody gets the offer.
    expect(await mailCommand('send-promotion', { ...campaign, id: `${campaign.id}-offer` })).toMatch(
      /sent to 0 members/,
    );
    // The same campaign again reaches nobody twice.
    expect(await mailCommand('send-news', campaign)).toMatch(/sent to 0 members/);
    await expectNoMail(untouched.email);
    expect(mailsTo(yes.email)).toHaveLength(1);

    // Its one-click unsubscribe takes the consent back.
    const done = await app.request(link.pathname + link.search, { method: 'POST', body: {} });
    expect(done.json()).toEqual({ ok: true, category: 'news' });
    expect((await call(app, yes, 'GET', '/api/notifications.php')).json()).toEqual({
      disabled: ['promotions', 'news'],
      reasons: { news: 'listunsubscribe' },
      ...PUSH_ON,
    });
  });
});
