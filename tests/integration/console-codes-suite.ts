import { describe, expect, it } from 'vitest';
import { expectError } from '../support/answers.ts';
import { linksIn, mailsTo, oneClickUnsubscribe } from '../support/outbox.ts';
import { DEMO, extraSite } from '../support/server.ts';
import type { ServerUnderTest } from '../support/use-server.ts';
import { signupFields } from './accounts-helpers.ts';
import { addDirectly, logIn } from './console-support.ts';
import { order } from './credits-suite.ts';
import { call, type LoggedIn } from './likes-support.ts';

/*
 * The console's codes (docs/console.md "Codes"): discount codes per network (the same word in two
 * networks, unknown outside its own), generated single-use codes redeemed once under a race,
 * mailings to the members who said yes to the category, and invite codes before the tenant file's
 * list.
 */

/** An invitation site of the amber network, with the tenant file's list of before the console. */
export const INVITE_SITE = extraSite('invite', 'Invite Hearts', {
  network: 'amber',
  signups: 'invite',
  invite_codes: ['FILE-CODE'],
});

export function consoleCodesTests(app: ServerUnderTest): void {
  const amberOwner = async () => logIn(app, await addDirectly(app, 'owner', 'amber'));
  const curvyOwner = async () => logIn(app, await addDirectly(app, 'owner', 'curvy'));

  type Owner = Awaited<ReturnType<typeof amberOwner>>;

  const createCodes = (owner: Owner, body: Record<string, unknown>) =>
    owner.send('POST', '/console/api/codes.php', { action: 'create', ...body });

  async function multiCode(owner: Owner, body: Record<string, unknown>) {
    const res = await createCodes(owner, { kind: 'multi', ...body });
    expect(res.status, res.body).toBe(200);
    return res.json<{ batch: { id: string; code: string } }>().batch;
  }

  /** A multi-use code the rules refuse, with the answer's status and error code. */
  async function refusedMultiCode(owner: Owner, body: Record<string, unknown>, status: number, code: string) {
    expectError(await createCodes(owner, { kind: 'multi', ...body }), status, code);
  }

  /** Sets the members' choice of a mail category on the amber network, as of `now`. */
  async function chooseCategory(
    members: LoggedIn[],
    category: 'promotions' | 'news',
    disabled: 0 | 1,
    now: number,
  ) {
    await app.db
      .insertInto('notification_preferences')
      .values(
        members.map((m) => ({
          member_id: m.memberId,
          network_id: 'amber',
          category,
          disabled,
          reason: null,
          updated_at: now,
        })),
      )
      .onConflict((oc) => oc.columns(['member_id', 'category']).doUpdateSet({ disabled }))
      .execute();
  }

  type ListedMailing = { id: string; status: string; sent: number };

  /** The mailing as the owner's list shows it once sent, or after 20 seconds of waiting for that. */
  /** A mailing of the first demo site written through the console's API: its id. */
  async function createdMailing(
    owner: Owner,
    [category, locale]: readonly [category: string, locale: string],
    subject: string,
    text: string,
  ): Promise<string> {
    const created = await owner.send('POST', '/console/api/mailings.php', {
      action: 'create',
      site: 'localhost',
      category,
      locale,
      subject,
      text,
    });
    expect(created.status, created.body).toBe(200);
    return created.json<{ mailing: { id: string } }>().mailing.id;
  }

  async function listedOnceSent(owner: Owner, id: string): Promise<ListedMailing | undefined> {
    let listed: ListedMailing | undefined;
    for (let i = 0; i < 100 && listed?.status !== 'sent'; i++) {
      await new Promise((resolve) => setTimeout(resolve, 200));
      listed = (await owner.get('/console/api/mailings.php'))
        .json<{ mailings: ListedMailing[] }>()
        .mailings.find((m) => m.id === id);
    }
    return listed;
  }

  const lookUp = (member: LoggedIn, code: string, host?: string) =>
    call(app, member, 'GET', `/api/discountcode.php?code=${code}`, undefined, host);

  describe('discount codes per network', () => {
    it('lets two networks use the same word, each finding only its own', async () => {
      const amber = await amberOwner();
      const curvy = await curvyOwner();
      await multiCode(amber, { network: 'amber', code: 'summer-sun', percentage: 10 });
      await multiCode(curvy, { network: 'curvy', code: 'SUMMER-SUN', percentage: 30 });
      const taken = { network: 'amber', code: 'SUMMER-SUN', percentage: 5 };
      await refusedMultiCode(amber, taken, 409, 'code_exists');
      const onAmber = await app.make.loggedIn({ site: DEMO.amber });
      const onCurvy = await app.make.loggedIn({ site: DEMO.curvy });
      expect((await lookUp(onAmber, 'SUMMER-SUN')).json()).toMatchObject({ percentage: 10 });
      expect((await lookUp(onCurvy, 'summer-sun')).json()).toMatchObject({ percentage: 30 });
    });

    it('knows a code of network A as unknown on network B, in the lookup and in the order', async () => {
      const amber = await amberOwner();
      await multiCode(amber, { network: 'amber', code: 'AMBER-ONLY', percentage: 20 });
      const onCurvy = await app.make.loggedIn({ site: DEMO.curvy });
      expectError(await lookUp(onCurvy, 'AMBER-ONLY'), 404, 'code_not_found');
      expectError(await order(app, onCurvy, 'AMBER-ONLY'), 404, 'code_not_found');
      expect(await app.inspect.count('orders', { member_id: onCurvy.memberId })).toBe(0);
      const onAmber = await app.make.loggedIn({ site: DEMO.amber });
      expect((await order(app, onAmber, 'AMBER-ONLY')).status).toBe(201);
      // Kept to one site: another site of the same network does not know it.
      await multiCode(amber, { network: 'amber', site: 'rainbow', code: 'RAINBOW-ONLY', percentage: 15 });
      expectError(await lookUp(onAmber, 'RAINBOW-ONLY'), 404, 'code_not_found');
    });

    it('refuses a network the owner does not hold, and a site outside the network', async () => {
      const amber = await amberOwner();
      await refusedMultiCode(amber, { network: 'curvy', code: 'NOT-MINE', percentage: 10 }, 403, 'forbidden');
      const wrongSite = { network: 'amber', site: 'curvy', code: 'WRONG-SITE', percentage: 10 };
      await refusedMultiCode(amber, wrongSite, 404, 'not_found');
      expectError(await amber.get('/console/api/codes.php?network=curvy'), 403, 'forbidden');
    });

    it('generates single-use codes of 16 random characters, shown once, and honours one under a race', async () => {
      const amber = await amberOwner();
      const res = await createCodes(amber, {
        kind: 'single',
        network: 'amber',
        count: 3,
        percentage: 50,
      });
      expect(res.status, res.body).toBe(200);
      const { batch, codes } = res.json<{ batch: { id: string }; codes: string[] }>();
      expect(codes).toHaveLength(3);
      for (const code of codes) expect(code).toMatch(/^[0-9A-Z]{16,}$/);
      expect(new Set(codes).size).toBe(3);
      const members = await Promise.all([1, 2].map(() => app.make.loggedIn({ site: DEMO.amber })));
      const answers = await Promise.all(members.map((m) => order(app, m, codes[0])));
      expect(answers.map((a) => a.status).sort(), answers.map((a) => a.body).join('\n')).toEqual([201, 409]);
      const list = (await amber.get('/console/api/codes.php?network=amber')).json<{
        batches: { id: string; code: string | null; codes: number; uses: number }[];
      }>();
      expect(list.batches.find((b) => b.id === batch.id)).toMatchObject({ code: null, codes: 3, uses: 1 });
    });

    it('caps a multi-use code at its uses, and forgets a code once disabled', async () => {
      const amber = await amberOwner();
      const batch = await multiCode(amber, {
        network: 'amber',
        code: 'ONLY-ONCE',
        percentage: 10,
        max_uses: 1,
      });
      const [one, two] = await Promise.all([1, 2].map(() => app.make.loggedIn({ site: DEMO.amber })));
      expect((await order(app, one!, 'ONLY-ONCE')).status).toBe(201);
      expectError(await order(app, two!, 'ONLY-ONCE'), 409, 'code_used');
      const off = await amber.send('POST', '/console/api/codes.php', {
        action: 'disable',
        network: 'amber',
        id: batch.id,
      });
      expect(off.json()).toEqual({ disabled: 1 });
      expectError(await lookUp(two!, 'ONLY-ONCE'), 404, 'code_not_found');
      expect(
        await app.inspect.count('audit_log', { action: 'codes.discount_disable', target_id: batch.id }),
      ).toBe(1);
    });

    it('lists the codes every network has without the console, read only, with their uses in the network', async () => {
      // The demo seed's plain code (every network) and a tenant's deletion offer (one network).
      await app.db
        .insertInto('discount_codes')
        .values(
          [
            { id: 'builtin-demo10', code: 'DEMO10', network_id: null, percentage: 10, minimum_amount: null },
            {
              id: 'builtin-stay20',
              code: 'STAY20',
              network_id: 'curvy',
              percentage: 20,
              minimum_amount: null,
            },
          ].map((c) => ({
            ...c,
            currency: null,
            country: null,
            validity: 'once_per_user' as const,
            expires_at: null,
            created_at: 1,
          })),
        )
        .onConflict((oc) => oc.doNothing())
        .execute();
      const buyer = await app.make.loggedIn({ site: DEMO.amber });
      expect((await order(app, buyer, 'DEMO10')).status).toBe(201);
      const elsewhere = await app.make.loggedIn({ site: DEMO.curvy });
      expect((await order(app, elsewhere, 'DEMO10')).status).toBe(201);

      const amber = await amberOwner();
      type Listed = {
        code: string;
        every_network: boolean;
        percentages: number[];
        uses: number;
        active: boolean;
      };
      const list = (await amber.get('/console/api/codes.php?network=amber')).json<{
        batches: { code: string | null }[];
        builtin: Listed[];
      }>();
      const byCode = new Map(list.builtin.map((c) => [c.code, c]));
      expect(byCode.get('WELCOME25')).toMatchObject({ every_network: true, percentages: [25], active: true });
      expect(byCode.get('TIMEBONUS25')).toMatchObject({ every_network: true, percentages: [25] });
      // Used once in amber (the order on curvy counts in curvy's list only).
      expect(byCode.get('DEMO10')).toMatchObject({ every_network: true, percentages: [10], uses: 1 });
      expect(byCode.has('STAY20')).toBe(false);
      expect(list.batches.map((b) => b.code)).not.toContain('DEMO10');
      const curvy = (await (await curvyOwner()).get('/console/api/codes.php?network=curvy')).json<{
        builtin: Listed[];
      }>();
      expect(curvy.builtin.find((c) => c.code === 'STAY20')).toMatchObject({ every_network: false, uses: 0 });
      expect(curvy.builtin.find((c) => c.code === 'DEMO10')).toMatchObject({ uses: 1 });
      // Read only: a built-in code is no batch the console can switch off.
      expectError(
        await amber.send('POST', '/console/api/codes.php', {
          action: 'disable',
          network: 'amber',
          id: 'builtin-demo10',
        }),
        404,
        'not_found',
      );
    });

    it('refuses a typed single-use code and a code too short to type', async () => {
      const amber = await amberOwner();
      const typed = { kind: 'single', network: 'amber', code: 'MY-OWN-CODE', percentage: 10 };
      const short = { kind: 'multi', network: 'amber', code: 'AB', percentage: 10 };
      for (const body of [typed, short]) expect((await createCodes(amber, body)).status, body.code).toBe(422);
    });
  });

  describe('mailings', () => {
    it('sends a promotion once, only to the site’s members of its language with the category on', async () => {
      const owner = await amberOwner();
      const yes = await app.make.loggedIn({ site: DEMO.amber, language: 'en' });
      const no = await app.make.loggedIn({ site: DEMO.amber, language: 'en' });
      const german = await app.make.loggedIn({ site: DEMO.amber, language: 'de' });
      const elsewhere = await app.make.loggedIn({ site: DEMO.rainbow, language: 'en' });
      const now = Date.now();
      await chooseCategory([yes, german, elsewhere], 'promotions', 0, now);
      await chooseCategory([no], 'promotions', 1, now);
      const text = 'Twenty percent off this week.\n\nSee you soon.';
      const mailing = { id: await createdMailing(owner, ['promotions', 'en'], 'Spring offer for you', text) };
      const sent = await owner.send('POST', '/console/api/mailings.php', { action: 'send', id: mailing.id });
      expect(sent.status, sent.body).toBe(200);
      // The request only queues it: the answer comes before any e-mail is sent.
      expect(sent.json()).toMatchObject({ mailing: { status: 'queued', sent: 0 } });
      // The job (every half second under the test clock) sends it in batches.
      expect(await listedOnceSent(owner, mailing.id)).toMatchObject({ status: 'sent', sent: 1 });
      expect(
        (await owner.get('/console/api/mailings.php')).json<{ counts: Record<string, number> }>().counts.sent,
      ).toBeGreaterThanOrEqual(1);
      // Later runs of the job send nothing again.
      await new Promise((resolve) => setTimeout(resolve, 1500));
      const mails = mailsTo(app.server.dataDir, yes.email);
      expect(mails.map((m) => m.subject)).toContain('Spring offer for you');
      for (const m of [no, german, elsewhere])
        expect(mailsTo(app.server.dataDir, m.email).some((x) => x.subject === 'Spring offer for you')).toBe(
          false,
        );
      expectError(
        await owner.send('POST', '/console/api/mailings.php', { action: 'send', id: mailing.id }),
        409,
        'mailing_sent',
      );
      expect(
        mailsTo(app.server.dataDir, yes.email).filter((x) => x.subject === 'Spring offer for you'),
      ).toHaveLength(1);
      expect(
        await app.inspect.count('audit_log', { action: 'codes.mailing_send', target_id: mailing.id }),
      ).toBe(1);
      // Another network's owner neither sees it nor sends it.
      const curvy = await curvyOwner();
      const theirs = (await curvy.get('/console/api/mailings.php')).json<{ mailings: { id: string }[] }>();
      expect(theirs.mailings.map((m) => m.id)).not.toContain(mailing.id);
      expectError(
        await curvy.send('POST', '/console/api/mailings.php', { action: 'send', id: mailing.id }),
        404,
        'not_found',
      );
    });
  });

  describe('a mailing’s test', () => {
    it('goes to the staff member alone, as members get it, and leaves the mailing a draft', async () => {
      const login = await addDirectly(app, 'owner', 'amber');
      const owner = await logIn(app, login);
      const text = 'Erster Absatz.\n\nZweiter Absatz.';
      const mailing = { id: await createdMailing(owner, ['news', 'de'], 'Neues im Dezember', text) };
      const tested = await owner.send('POST', '/console/api/mailings.php', {
        action: 'test',
        id: mailing.id,
      });
      expect(tested.status, tested.body).toBe(200);
      expect(tested.json()).toEqual({ tested: { to: login.email } });
      const [mail] = mailsTo(app.server.dataDir, login.email);
      expect(mail?.subject).toBe('Neues im Dezember');
      expect(mail?.text).toContain('Erster Absatz.');
      expect(mail?.text).toContain('Zweiter Absatz.');
      // In the mailing's language, with the site's own footer, as a member would read it.
      expect(mail?.text).toContain('Amber Hearts');
      // Its unsubscribe link names no member: it says what it does in a member's copy, and
      // neither its page nor a mail client's one-click changes anything.
      const [link] = linksIn(mail!, '/api/unsubscribe.php');
      expect(link, mail?.text).toBeDefined();
      const path = link!.pathname + link!.search;
      const page = await app.request(path);
      expect(page.status).toBe(200);
      expect(page.body).toContain('This link came in a test of a mailing.');
      expect(page.body).not.toContain('data-unsubscribe-confirm');
      const clicked = await oneClickUnsubscribe(app, path);
      expect(clicked.status, clicked.body).toBe(200);
      expect(clicked.json()).toEqual({ ok: true, category: 'news' });
      expect(await app.inspect.count('notification_preferences', { reason: 'listunsubscribe' })).toBe(0);
      const listed = (await owner.get('/console/api/mailings.php'))
        .json<{ mailings: ListedMailing[] }>()
        .mailings.find((m) => m.id === mailing.id);
      expect(listed).toMatchObject({ status: 'draft', sent: 0 });
      expect(
        await app.inspect.count('audit_log', { action: 'codes.mailing_test', target_id: mailing.id }),
      ).toBe(1);
      // Another network's owner cannot test it; an unknown one is not found.
      for (const [who, id] of [
        [await curvyOwner(), mailing.id],
        [owner, 'no-such-mailing'],
      ] as const)
        expectError(
          await who.send('POST', '/console/api/mailings.php', { action: 'test', id }),
          404,
          'not_found',
        );
    });
  });

  describe('mailings after a crash', () => {
    it('goes on from the last member reached, mailing nobody twice', async () => {
      const owner = await amberOwner();
      const members = await Promise.all(
        [1, 2, 3].map(() => app.make.loggedIn({ site: DEMO.amber, language: 'en' })),
      );
      const now = Date.now();
      await chooseCategory(members, 'news', 0, now);
      const created = await owner.send('POST', '/console/api/mailings.php', {
        action: 'create',
        site: 'localhost',
        category: 'news',
        locale: 'en',
        subject: 'Resumed news',
        text: 'Once each.',
      });
      const { mailing } = created.json<{ mailing: { id: string } }>();
      // A run stopped mid-batch: the first member was mailed and recorded as reached, the second
      // mailed (in the mail log) but not yet recorded; the mailing is claimed and mid-way.
      const [first, second, third] = [...members].sort((a, b) => (a.memberId < b.memberId ? -1 : 1));
      await app.db
        .insertInto('mail_log')
        .values(
          [first!, second!].map((m, i) => ({
            id: `resume-${mailing.id}-${i}`,
            network_id: 'amber',
            member_id: m.memberId,
            kind: 'news' as const,
            ref: `console-${mailing.id}`,
            sent_at: now,
          })),
        )
        .execute();
      await app.db
        .updateTable('console_mailings')
        .set({ sent_at: now, send_cursor: first!.memberId, sent_count: 1 })
        .where('id', '=', mailing.id)
        .execute();
      expect(await listedOnceSent(owner, mailing.id)).toMatchObject({ status: 'sent', sent: 3 });
      const got = (m: LoggedIn) =>
        mailsTo(app.server.dataDir, m.email).filter((x) => x.subject === 'Resumed news').length;
      expect([got(first!), got(second!), got(third!)]).toEqual([0, 0, 1]);
    });
  });

  describe('invite codes', () => {
    const site = 'invite.localhost';
    const signup = (invite: string, overrides: Record<string, string> = {}) =>
      app.visitor(site).send('POST', '/api/signup.php', signupFields({ invite, ...overrides }));

    async function invite(body: Record<string, unknown>) {
      const owner = await amberOwner();
      const res = await owner.send('POST', '/console/api/invites.php', {
        action: 'create',
        network: 'amber',
        ...body,
      });
      expect(res.status, res.body).toBe(200);
      return { owner, invite: res.json<{ invite: { id: string; uses: number } }>().invite };
    }

    it('takes a console code first, counts its uses and stops at its maximum', async () => {
      const { owner } = await invite({ code: 'Friends-Two', max_uses: 2 });
      // A form that fails costs no use.
      expect((await signup('friends-two', { email: 'not an address' })).status).toBe(422);
      expect((await signup('FRIENDS-TWO')).status).toBe(201);
      expect((await signup('friends-two')).status).toBe(201);
      expect((await signup('friends-two')).json()).toMatchObject({
        error: 'signup_closed',
        reason: 'invite',
      });
      const list = (await owner.get('/console/api/invites.php?network=amber')).json<{
        invites: { code: string; uses: number; max_uses: number }[];
      }>();
      expect(list.invites.find((i) => i.code === 'friends-two')).toMatchObject({ uses: 2, max_uses: 2 });
    });

    it('refuses an expired code, a disabled one, and another network’s', async () => {
      await invite({ code: 'old-party', valid_until: '2020-01-01' });
      expect((await signup('old-party')).json()).toMatchObject({ error: 'signup_closed', reason: 'invite' });
      const { owner, invite: off } = await invite({ code: 'switched-off' });
      await owner.send('POST', '/console/api/invites.php', {
        action: 'disable',
        network: 'amber',
        id: off.id,
      });
      expect((await signup('switched-off')).json()).toMatchObject({
        error: 'signup_closed',
        reason: 'invite',
      });
      const curvy = await curvyOwner();
      await curvy.send('POST', '/console/api/invites.php', {
        action: 'create',
        network: 'curvy',
        code: 'curvy-friends',
      });
      expect((await signup('curvy-friends')).json()).toMatchObject({
        error: 'signup_closed',
        reason: 'invite',
      });
    });

    it('falls back to the tenant file’s list', async () => {
      expect((await signup('file-code')).status).toBe(201);
      expect((await signup('no-such-code')).json()).toMatchObject({
        error: 'signup_closed',
        reason: 'invite',
      });
    });
  });
}
