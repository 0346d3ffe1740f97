import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { withPostgresDatabase, type TestPostgresDatabase } from '../../../tests/support/postgres.ts';
import type { MailMessage } from '../../server/adapters/mailer.ts';
import { composeServer } from '../../app/index.ts';
import { eraseDueAccounts } from './accounts.jobs.ts';
import {
  AccountError,
  activate,
  confirmEmailChange,
  currentUser,
  deleteAccount,
  login,
  reactivate,
  requestPasswordReset,
  resetPassword,
  resumeSession,
  signup,
  updateAccount,
  type SignupSource,
} from './accounts.service.ts';
import type { SessionMember } from './accounts.types.ts';
import { testAccounts, testSite, type TestAccounts } from './accounts.test-support.ts';
import { hashSecret } from './tokens.ts';
import { refusalOf } from '../../../tests/support/refusal.ts';

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;
const NO_SOURCE: SignupSource = {
  trackingCookie: undefined,
  queryNetwork: undefined,
  landingPath: '/',
  previousSessionId: undefined,
};

let t: TestAccounts;

/*
 * Every rule runs on both databases: SQLite (the embedded default) and PostgreSQL (at scale), each
 * test on an empty schema. PostgreSQL gets one database per run, emptied between tests.
 */
// The erasure asks every owner of member data the composition root registers.
composeServer();

describe.each(['sqlite', 'postgres'] as const)('on %s', (dialect) => {
  let postgres: TestPostgresDatabase | undefined;
  beforeAll(async () => {
    if (dialect === 'postgres') postgres = await withPostgresDatabase();
  }, 120_000);
  afterAll(async () => {
    await postgres?.drop();
  });
  beforeEach(async () => {
    t = await testAccounts(testSite(), postgres?.url);
    if (postgres) await emptyTables(t);
  });
  afterEach(async () => {
    await t.close();
  });
  rules();
});

/** Children first, so no foreign key stands in the way. */
async function emptyTables(accounts: TestAccounts): Promise<void> {
  for (const table of [
    'auth_events',
    'rate_limit_counters',
    'tokens',
    'sessions',
    'notification_preferences',
    'push_subscriptions',
    'tracking_records',
    'profiles',
    'members',
  ] as const) {
    await accounts.ctx.db.deleteFrom(table).execute();
  }
}

function rules(): void {
  function form(overrides: Record<string, unknown> = {}) {
    return {
      email: 'robin@example.org',
      name: 'Robin',
      password: 'a long secret',
      date_of_birth: '1990-05-17',
      ...overrides,
    };
  }

  /** The token of the newest e-mailed link whose path contains `path`. */
  function tokenFrom(mails: MailMessage[], path: string): string {
    for (const mail of [...mails].reverse()) {
      const match = new RegExp(`${path.replace(/[.?]/g, '\\$&')}\\?token=([A-Za-z0-9_-]+)`).exec(mail.text);
      if (match) return match[1]!;
    }
    throw new Error(`no ${path} link was e-mailed`);
  }

  const refusal = (promise: Promise<unknown>) => refusalOf(AccountError, promise);

  async function member(ctx = t.ctx, overrides: Record<string, unknown> = {}) {
    const { user, session } = await signup(ctx, form(overrides), NO_SOURCE);
    const resumed = await resumeSession(ctx, hashSecret(session.token));
    return { user, token: session.token, session: resumed!.member as SessionMember };
  }

  describe('signup', () => {
    it('creates an unconfirmed account with a hidden profile, the niche’s defaults, and an activation mail', async () => {
      const gay = t.with({ site: testSite({ id: 'gay', domains: ['gay.example'], niche: 'gay' }) });
      const { user } = await signup(gay, form(), NO_SOURCE);
      expect(user).toMatchObject({ status: 'not_confirmed', profile: { status: 'disabled', country: 'NL' } });
      const row = await gay.db
        .selectFrom('profiles')
        .select(['gender', 'seeking'])
        .where('member_id', '=', user.id)
        .executeTakeFirstOrThrow();
      expect(row).toEqual({ gender: 'male', seeking: 'male' });
      expect(t.mails.at(-1)!.to).toBe('robin@example.org');
      expect(t.mails.at(-1)!.text).toContain('https://gay.example/api/activate.php?token=');
    });

    it('refuses by the site’s signups setting before judging the form', async () => {
      const closed = t.with({ site: testSite({ signups: 'closed' }) });
      expect((await refusal(signup(closed, {}, NO_SOURCE))).facts.reason).toBe('closed');
      const invite = t.with({ site: testSite({ signups: 'invite', invite_codes: ['ABCD-1'] }) });
      expect((await refusal(signup(invite, form({ invite: 'nope' }), NO_SOURCE))).code).toBe('signup_closed');
      expect((await signup(invite, form({ invite: 'abcd-1' }), NO_SOURCE)).user.email).toBe(
        'robin@example.org',
      );
      const partners = t.with({ site: testSite({ id: 'partners', signups: 'with_trafficsource' }) });
      expect((await refusal(signup(partners, form(), NO_SOURCE))).facts.reason).toBe('trafficsource');
      const { user } = await signup(partners, form(), { ...NO_SOURCE, queryNetwork: 'aff' });
      const tracking = await t.ctx.db
        .selectFrom('members')
        .select('tracking_id')
        .where('id', '=', user.id)
        .executeTakeFirstOrThrow();
      expect(tracking.tracking_id).not.toBeNull();
    });

    it('keeps one account per address and site, and tells a pending deletion apart', async () => {
      const { session } = await member();
      expect((await refusal(signup(t.ctx, form({ email: 'ROBIN@example.org' }), NO_SOURCE))).code).toBe(
        'email_exists',
      );
      await deleteAccount(t.ctx, session, { password: 'a long secret', reason: 'other', comment: undefined });
      expect((await refusal(signup(t.ctx, form(), NO_SOURCE))).code).toBe('account_pending_deletion');
      const otherSite = t.with({
        site: testSite({ id: 'other', domains: ['other.example'], network: 'unit' }),
      });
      expect((await signup(otherSite, form(), NO_SOURCE)).user.email).toBe('robin@example.org');
    });

    it('counts signups per address', async () => {
      const strict = t.with({
        site: testSite({ rate_limits: { signup_ip: { limit: 1, window_minutes: 10 } } }),
      });
      await signup(strict, form(), NO_SOURCE);
      const refused = await refusal(signup(strict, form({ email: 'other@example.org' }), NO_SOURCE));
      expect(refused.code).toBe('rate_limited');
      expect(refused.facts.retryAfter).toBeGreaterThan(0);
    });
  });

  describe('invite codes', () => {
    it('are counted per address before they are checked, and refusals are logged', async () => {
      const invite = testSite({
        signups: 'invite',
        invite_codes: ['ABCD-1'],
        rate_limits: { signup_invite_ip: { limit: 3, window_minutes: 60 } },
      });
      const guesser = t.with({ site: invite, ip: '203.0.113.50' });
      for (const code of ['a', 'b', 'c'])
        expect((await refusal(signup(guesser, form({ invite: code }), NO_SOURCE))).code).toBe(
          'signup_closed',
        );
      // The right code does not help once the address has used its attempts.
      const limited = await refusal(signup(guesser, form({ invite: 'abcd-1' }), NO_SOURCE));
      expect(limited.code).toBe('rate_limited');
      expect(limited.facts.retryAfter).toBeGreaterThan(0);
      expect((await signup(t.with({ site: invite }), form({ invite: 'abcd-1' }), NO_SOURCE)).user.email).toBe(
        'robin@example.org',
      );
      const refused = await t.ctx.db
        .selectFrom('auth_events')
        .select('kind')
        .where('kind', '=', 'signup_refused')
        .execute();
      expect(refused).toHaveLength(3);
    });
  });

  describe('activation', () => {
    it('works once, within 7 days', async () => {
      const { user } = await member();
      const token = tokenFrom(t.mails, '/api/activate.php');
      expect(await activate(t.ctx, token)).toBe('/activate/done');
      expect((await currentUser(t.ctx, user.id))?.profile.status).toBe('active');
      expect(await activate(t.ctx, token)).toBe('/activate/error');

      await member(t.ctx, { email: 'late@example.org' });
      const late = tokenFrom(t.mails, '/api/activate.php');
      t.advance(7 * DAY + 1);
      expect(await activate(t.ctx, late)).toBe('/activate/error');
    });
  });

  describe('login lockout', () => {
    it('locks one address out of one account for 15 minutes, never the member elsewhere', async () => {
      await member();
      const attacker = t.with({ ip: '203.0.113.9' });
      for (let i = 0; i < 4; i++)
        expect(
          (await refusal(login(attacker, { email: 'robin@example.org', password: 'wrong' }, undefined))).code,
        ).toBe('login_failed');
      const locked = await refusal(
        login(attacker, { email: 'robin@example.org', password: 'wrong' }, undefined),
      );
      expect(locked.code).toBe('account_locked');
      expect(locked.facts.minutes).toBe(15);
      expect(
        (await refusal(login(attacker, { email: 'robin@example.org', password: 'a long secret' }, undefined)))
          .code,
      ).toBe('account_locked');
      expect(
        (await login(t.ctx, { email: 'robin@example.org', password: 'a long secret' }, undefined)).user.email,
      ).toBe('robin@example.org');
      t.advance(15 * MINUTE + 1000);
      expect(
        (await login(attacker, { email: 'robin@example.org', password: 'a long secret' }, undefined)).user
          .email,
      ).toBe('robin@example.org');
    });

    const robin = (password: string) => ({ email: 'robin@example.org', password });

    it('counts attempts before judging them: of 30 wrong passwords at once, 5 are verified', async () => {
      await member();
      let verified = 0;
      const attacker = t.with({ ip: '203.0.113.9' });
      const counting = {
        ...attacker,
        passwords: {
          ...attacker.passwords,
          verify: async (stored: string, password: string) => {
            verified++;
            return attacker.passwords.verify(stored, password);
          },
        },
      };
      const answers = await Promise.all(
        Array.from({ length: 30 }, () => refusal(login(counting, robin('wrong'), undefined))),
      );
      expect(verified).toBeLessThanOrEqual(5);
      expect(answers.filter((a) => a.code === 'login_failed').length).toBeLessThanOrEqual(4);
      // The account-wide limit (20) may answer some of the burst first.
      const codes = new Set(answers.map((a) => a.code));
      expect(
        [...codes].every((code) => ['login_failed', 'account_locked', 'login_throttled'].includes(code)),
      ).toBe(true);
    });

    it('throttles one account guessed from many addresses, except in a browser that logged in before', async () => {
      const site = testSite({ rate_limits: { login_account: { limit: 3, window_minutes: 60 } } });
      const ctx = t.with({ site });
      await member(ctx);
      const { device } = await login(ctx, robin('a long secret'), undefined);
      for (let i = 1; i <= 2; i++)
        expect(
          (await refusal(login(t.with({ site, ip: `198.51.100.${i}` }), robin('wrong'), undefined))).code,
        ).toBe('login_failed');
      const throttled = await refusal(login(t.with({ site, ip: '198.51.100.3' }), robin('wrong'), undefined));
      expect(throttled.code).toBe('login_throttled');
      expect(throttled.status).toBe(429);
      expect(throttled.facts.retryAfter).toBeGreaterThan(0);
      // A new browser waits, even with the right password; the member's own browser does not.
      expect((await refusal(login(ctx, robin('a long secret'), undefined))).code).toBe('login_throttled');
      expect((await login(ctx, robin('a long secret'), undefined, device)).user.email).toBe(
        'robin@example.org',
      );
      // A cookie of another account, or a forged one, exempts nothing.
      expect((await refusal(login(ctx, robin('a long secret'), undefined, `${device}x`))).code).toBe(
        'login_throttled',
      );
    });

    it('lets a browser with the device cookie past a lock on its own address', async () => {
      await member();
      const { device } = await login(t.ctx, robin('a long secret'), undefined);
      for (let i = 0; i < 5; i++) await refusal(login(t.ctx, robin('wrong'), undefined));
      expect((await refusal(login(t.ctx, robin('a long secret'), undefined))).code).toBe('account_locked');
      expect((await login(t.ctx, robin('a long secret'), undefined, device)).user.email).toBe(
        'robin@example.org',
      );
    });

    it('counts an IPv6 address as its /64', async () => {
      await member();
      for (let i = 1; i <= 5; i++)
        await refusal(login(t.with({ ip: `2001:db8:0:1::${i}` }), robin('wrong'), undefined));
      expect(
        (await refusal(login(t.with({ ip: '2001:db8:0:1::99' }), robin('a long secret'), undefined))).code,
      ).toBe('account_locked');
      expect(
        (await login(t.with({ ip: '2001:db8:0:2::1' }), robin('a long secret'), undefined)).user.email,
      ).toBe('robin@example.org');
    });

    it('never refuses a right password for guesses at other accounts from the same address', async () => {
      const site = testSite({ rate_limits: { login_ip: { limit: 2, window_minutes: 60 } } });
      const shared = t.with({ site, ip: '192.0.2.77' });
      await member(t.with({ site }));
      for (const email of ['a@example.org', 'b@example.org'])
        expect((await refusal(login(shared, { email, password: 'guess' }, undefined))).code).toBe(
          'login_failed',
        );
      // Past the address's limit, a wrong password says so, and the account gets one try from it.
      const sprayed = await refusal(login(shared, { email: 'c@example.org', password: 'guess' }, undefined));
      expect(sprayed.code).toBe('rate_limited');
      expect(
        (await refusal(login(shared, { email: 'c@example.org', password: 'guess' }, undefined))).code,
      ).toBe('account_locked');
      expect((await login(shared, robin('a long secret'), undefined)).user.email).toBe('robin@example.org');
      // Past the address's limit, one wrong password locks that address out of the account.
      expect((await refusal(login(shared, robin('wrong'), undefined))).code).toBe('rate_limited');
      expect((await refusal(login(shared, robin('a long secret'), undefined))).code).toBe('account_locked');
    });

    it('ends the browser’s previous session on login', async () => {
      const { session } = await member();
      const { session: fresh } = await login(
        t.ctx,
        { email: 'robin@example.org', password: 'a long secret' },
        session.sessionId,
      );
      expect(await resumeSession(t.ctx, session.sessionId)).toBeNull();
      expect(await resumeSession(t.ctx, hashSecret(fresh.token))).not.toBeNull();
    });
  });

  describe('sessions', () => {
    it('belong to their site, slide while in use, and end after 30 days unused', async () => {
      const { token } = await member();
      const id = hashSecret(token);
      const otherSite = t.with({
        site: testSite({ id: 'other', domains: ['other.example'], network: 'unit' }),
      });
      expect(await resumeSession(otherSite, id)).toBeNull();
      t.advance(10 * DAY);
      expect((await resumeSession(t.ctx, id))?.renewedUntil).toBeUndefined();
      t.advance(10 * DAY);
      const renewed = await resumeSession(t.ctx, id);
      expect(renewed?.renewedUntil).toBe(t.ctx.clock.now() + 30 * DAY);
      t.advance(30 * DAY + 1);
      expect(await resumeSession(t.ctx, id)).toBeNull();
    });

    it('give the member as the same `User` a second read would, from the row they were found with', async () => {
      const { token, user } = await member();
      const resumed = await resumeSession(t.ctx, hashSecret(token));
      expect(await resumed!.user()).toEqual(await currentUser(t.ctx, user.id));
      expect(await resumed!.user()).toMatchObject({ id: user.id, email: user.email });
    });
  });

  describe('password reset', () => {
    it('sends a few links a day, each used once within an hour, and ends every session', async () => {
      const { session } = await member();
      for (let i = 0; i < 3; i++) await requestPasswordReset(t.ctx, { email: 'robin@example.org' });
      const tooMany = await refusal(
        requestPasswordReset(t.with({ ip: '198.51.100.7' }), { email: 'robin@example.org' }),
      );
      expect(tooMany.code).toBe('too_many_reset_emails');
      expect(tooMany.facts.retryAfter).toBe(24 * 60 * 60);
      expect((await refusal(requestPasswordReset(t.ctx, { email: 'nobody@example.org' }))).code).toBe(
        'email_not_found',
      );

      const token = tokenFrom(t.mails, '/reset-password/do');
      const { user } = await resetPassword(t.ctx, {
        token,
        password: 'new secret words',
        password_repeat: 'new secret words',
      });
      expect(user.email).toBe('robin@example.org');
      expect(await resumeSession(t.ctx, session.sessionId)).toBeNull();
      expect(
        (
          await refusal(
            resetPassword(t.ctx, { token, password: 'x'.repeat(9), password_repeat: 'x'.repeat(9) }),
          )
        ).code,
      ).toBe('link_invalid');

      t.advance(DAY);
      await requestPasswordReset(t.ctx, { email: 'robin@example.org' });
      const late = tokenFrom(t.mails, '/reset-password/do');
      t.advance(60 * MINUTE + 1);
      expect(
        (
          await refusal(
            resetPassword(t.ctx, { token: late, password: 'y'.repeat(9), password_repeat: 'y'.repeat(9) }),
          )
        ).code,
      ).toBe('link_invalid');
    });
  });

  describe('e-mail change', () => {
    it('changes on the link once; an address taken meanwhile fails the link', async () => {
      const { session, user } = await member();
      await updateAccount(t.ctx, session, {
        kind: 'email',
        email: 'new@example.org',
        password: 'a long secret',
      });
      expect(t.mails.at(-1)!.to).toBe('robin@example.org');
      expect(t.mails.at(-1)!.text).toContain('new@example.org');
      const token = tokenFrom(t.mails, '/api/mail-change.php');
      expect(await confirmEmailChange(t.ctx, token)).toBe('/mail-change/do?status=done');
      expect((await currentUser(t.ctx, user.id))?.email).toBe('new@example.org');
      expect(await confirmEmailChange(t.ctx, token)).toBe('/mail-change/do?status=error');

      await updateAccount(t.ctx, session, {
        kind: 'email',
        email: 'third@example.org',
        password: 'a long secret',
      });
      const raced = tokenFrom(t.mails, '/api/mail-change.php');
      await member(t.with({ ip: '198.51.100.8' }), { email: 'third@example.org' });
      expect(await confirmEmailChange(t.ctx, raced)).toBe('/mail-change/do?status=error');
    });
  });

  describe('links outstanding when the password changes', () => {
    async function pendingLinks() {
      const { session } = await member();
      await updateAccount(t.ctx, session, {
        kind: 'email',
        email: 'new@example.org',
        password: 'a long secret',
      });
      const mailChange = tokenFrom(t.mails, '/api/mail-change.php');
      await requestPasswordReset(t.ctx, { email: 'robin@example.org' });
      const reset = tokenFrom(t.mails, '/reset-password/do');
      return { session, mailChange, reset };
    }

    it('no longer work after a password change', async () => {
      const { session, mailChange, reset } = await pendingLinks();
      await updateAccount(t.ctx, session, {
        kind: 'password',
        old_password: 'a long secret',
        password: 'another long secret',
        keep_current_session: true,
      });
      expect(await confirmEmailChange(t.ctx, mailChange)).toBe('/mail-change/do?status=error');
      const again = { token: reset, password: 'z'.repeat(9), password_repeat: 'z'.repeat(9) };
      expect((await refusal(resetPassword(t.ctx, again))).code).toBe('link_invalid');
    });

    it('no longer work after a password reset', async () => {
      const { mailChange, reset } = await pendingLinks();
      await resetPassword(t.ctx, {
        token: reset,
        password: 'new secret words',
        password_repeat: 'new secret words',
      });
      expect(await confirmEmailChange(t.ctx, mailChange)).toBe('/mail-change/do?status=error');
    });

    it('no longer work once the account is deleted', async () => {
      const { session, mailChange } = await pendingLinks();
      await deleteAccount(t.ctx, session, { password: 'a long secret', reason: 'other', comment: undefined });
      const used = await t.ctx.db
        .selectFrom('tokens')
        .select(['purpose', 'used_at'])
        .where('purpose', 'in', ['mail_change', 'reset'])
        .execute();
      expect(used.length).toBeGreaterThan(0);
      expect(used.every((row) => row.used_at !== null)).toBe(true);
      expect(await confirmEmailChange(t.ctx, mailChange)).toBe('/mail-change/do?status=error');
    });
  });

  describe('deletion, reactivation and erasure', () => {
    it('hides at once, returns within 14 days, and erases for good after them', async () => {
      const { session, user } = await member();
      const { reactivateUntil } = await deleteAccount(t.ctx, session, {
        password: 'a long secret',
        reason: 'other',
        comment: 'bye',
      });
      expect(reactivateUntil).toBe(t.ctx.clock.now() + 14 * DAY);
      expect(await resumeSession(t.ctx, session.sessionId)).toBeNull();
      expect(
        (await refusal(login(t.ctx, { email: 'robin@example.org', password: 'a long secret' }, undefined)))
          .code,
      ).toBe('account_pending_deletion');

      const token = tokenFrom(t.mails, '/account-deleted');
      t.advance(14 * DAY - MINUTE);
      expect((await reactivate(t.ctx, { token })).user.id).toBe(user.id);

      const again = (await login(t.ctx, { email: 'robin@example.org', password: 'a long secret' }, undefined))
        .session;
      const resumed = (await resumeSession(t.ctx, hashSecret(again.token)))!.member;
      await deleteAccount(t.ctx, resumed, {
        password: 'a long secret',
        reason: 'privacy',
        comment: undefined,
      });
      const second = tokenFrom(t.mails, '/account-deleted');
      const removed: string[] = [];
      const jobs = {
        db: t.ctx.db,
        clock: t.ctx.clock,
        log: t.ctx.log,
        sites: () => [t.ctx.site],
        removeUpload: async (file: string) => void removed.push(file),
      };
      expect(await eraseDueAccounts(jobs)).toBe(0);
      t.advance(14 * DAY + 1);
      expect(await eraseDueAccounts(jobs)).toBe(1);
      expect(await eraseDueAccounts(jobs)).toBe(0);
      expect((await refusal(reactivate(t.ctx, { token: second }))).code).toBe('link_invalid');
      const row = await t.ctx.db
        .selectFrom('members')
        .select(['email', 'password_hash'])
        .where('id', '=', user.id)
        .executeTakeFirstOrThrow();
      expect(row).toEqual({ email: `erased-${user.id}@erased.invalid`, password_hash: '' });
    });

    it('removes the member’s realtime events and page events, and nobody else’s', async () => {
      const { session, user } = await member();
      const other = (await member(t.ctx, { email: 'sam@example.org' })).user;
      const now = t.ctx.clock.now();
      for (const memberId of [user.id, other.id]) {
        await t.ctx.db
          .insertInto('events')
          .values({
            member_id: memberId,
            network_id: t.ctx.network,
            type: 'message',
            data: JSON.stringify({ text: `for ${memberId}` }),
            created_at: now,
          })
          .execute();
        await t.ctx.db
          .insertInto('page_events')
          .values({
            id: `pe-${memberId}`,
            network_id: t.ctx.network,
            site_id: t.ctx.site.id,
            kind: 'hidden',
            page: '/members',
            ms: null,
            member_id: memberId,
            created_at: now,
          })
          .execute();
      }
      await deleteAccount(t.ctx, session, {
        password: 'a long secret',
        reason: 'privacy',
        comment: undefined,
      });
      t.advance(14 * DAY + 1);
      const jobs = {
        db: t.ctx.db,
        clock: t.ctx.clock,
        log: t.ctx.log,
        sites: () => [t.ctx.site],
        removeUpload: async () => {},
      };
      expect(await eraseDueAccounts(jobs)).toBe(1);
      const left = async (table: 'events' | 'page_events') =>
        (await t.ctx.db.selectFrom(table).select('member_id').execute()).map((r) => r.member_id);
      expect(await left('events')).toEqual([other.id]);
      expect(await left('page_events')).toEqual([other.id]);
    });
  });
}
