import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { composeServer } from '../../app/index.ts';
import { DomainError } from '../../server/errors.ts';
import type { StaffPrincipal } from '../../server/staff.ts';
import { testAccounts, testSite, type TestAccounts } from '../accounts/accounts.test-support.ts';
import { login, signup } from '../accounts/accounts.service.ts';
import type { SanctionsContext } from './sanctions.service.ts';
import { notifyReporterOfDecision, sanctionMember, submitAppeal } from './sanctions.service.ts';
import { refusalOf } from '../../../tests/support/refusal.ts';

/*
 * The sanctions' rules on an in-memory database, through accounts as the server wires them
 * (composeServer registers the guards): the statement in the member's language, a ban that
 * refuses the login and a new signup by address or browser, and the reporter's own appeal link.
 */
composeServer();

const SOURCE = {
  trackingCookie: undefined,
  queryNetwork: undefined,
  landingPath: '/signup',
  previousSessionId: undefined,
};
const site = testSite({ locales: ['en', 'de'] });
let t: TestAccounts;
let ctx: SanctionsContext;

function staff(id: string): StaffPrincipal {
  return {
    id,
    email: `${id}@example.org`,
    sessionId: 's',
    mustChangePassword: false,
    can: (_p, network) => network === undefined || network === site.network,
    networksFor: () => [site.network],
    networks: () => [site.network],
  };
}

const actor = (id: string) => ({ id, email: `${id}@example.org`, ip: null });

async function member(email: string, locale: 'en' | 'de', browser: string) {
  const c = t.with({ locale });
  c.request.browser = browser;
  const form = { email, name: email.split('@')[0], password: 'a long secret', date_of_birth: '1990-05-17' };
  return (await signup(c, form, SOURCE)).user;
}

type TermsSanction = Pick<Parameters<typeof sanctionMember>[3], 'kind' | 'facts' | 'ground' | 'reports'>;

/** Alice's decision against a member on the site's terms of use, as the console sends it. */
const sanctionByAlice = (profile: string, decision: TermsSanction) =>
  sanctionMember(ctx, staff('alice'), actor('alice'), {
    network: site.network,
    member: profile,
    ground_type: 'terms',
    ...decision,
  });

const refusal = (promise: Promise<unknown>) => refusalOf(DomainError, promise);

beforeAll(async () => {
  t = await testAccounts(site);
  ctx = {
    db: t.ctx.db,
    clock: t.ctx.clock,
    log: t.ctx.log,
    mailer: t.ctx.mailer,
    realtime: t.ctx.realtime,
    secret: t.ctx.secret,
    site: (id) => (id === site.id ? site : undefined),
    origin: () => 'https://unit.example',
    dsaEnabled: false,
  };
});
afterAll(() => t.close());

describe('a ban', () => {
  it('mails the statement in the member’s language, refuses the login, and keeps the address and browser out', async () => {
    const bo = await member('bo@example.org', 'de', 'b'.repeat(32));
    const decision = await sanctionByAlice(bo.profile.id, {
      kind: 'ban',
      facts: 'Bat Mitglieder um Geld.',
      ground: 'AGB §4.2',
    });
    expect(decision).toMatchObject({ kind: 'ban', member: bo.id, automated: false, dsa_status: 'off' });
    const statement = t.mails.at(-1)!;
    expect(statement.to).toBe('bo@example.org');
    expect(statement.text).toContain('dauerhaft geschlossen');
    expect(statement.text).toContain('Bat Mitglieder um Geld.');
    expect(statement.text).toMatch(/https:\/\/unit\.example\/de\/appeal\?token=/);

    const loginRefused = await refusal(
      login(t.ctx, { email: 'bo@example.org', password: 'a long secret' }, undefined),
    );
    expect(loginRefused).toMatchObject({ code: 'account_banned', status: 403 });

    const byAddress = await refusal(member(' BO@example.org ', 'en', 'c'.repeat(32)));
    expect(byAddress.code).toBe('signup_banned');
    const byBrowser = await refusal(member('bo.again@example.org', 'en', 'b'.repeat(32)));
    expect(byBrowser.code).toBe('signup_banned');
    expect((await member('someone.else@example.org', 'en', 'd'.repeat(32))).email).toBe(
      'someone.else@example.org',
    );
  });
});

describe('the reporter', () => {
  it('is told the outcome with an appeal link of their own, which makes a reporter’s appeal', async () => {
    const ann = await member('ann@example.org', 'en', 'e'.repeat(32));
    const cy = await member('cy@example.org', 'en', 'f'.repeat(32));
    const decision = await sanctionByAlice(cy.profile.id, {
      kind: 'warn',
      facts: 'Rude messages.',
      ground: 'Terms §3',
      reports: ['r1'],
    });
    // 'r1' is no open report about Cy: a decision answers only the reports it can close.
    expect(decision.reports).toEqual([]);
    await notifyReporterOfDecision(ctx, {
      decision: decision.id,
      network: site.network,
      reporterMemberId: ann.id,
    });
    const mail = t.mails.at(-1)!;
    expect(mail.to).toBe('ann@example.org');
    expect(mail.text).toContain('warned the member');
    const token = decodeURIComponent(/appeal\?token=(\S+)/.exec(mail.text)![1]!);
    const { appeal } = await submitAppeal(ctx, site.network, { token, text: 'A warning is too little.' });
    const row = await ctx.db
      .selectFrom('moderation_appeals')
      .selectAll()
      .where('id', '=', appeal.id)
      .executeTakeFirst();
    expect(row).toMatchObject({ appellant_kind: 'reporter', appellant_member_id: ann.id, status: 'open' });
  });
});
