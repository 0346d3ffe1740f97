import { describe, expect, it } from 'vitest';
import { DEMO } from '../support/server.ts';
import { useServer } from '../support/use-server.ts';
import {
  ACCOUNTS_SERVER,
  login,
  currentUser,
  MINUTE,
  signUp,
  uniqueEmail,
  userOfSession,
  type ErrorBody,
} from './accounts-helpers.ts';
import { expectError, expectFieldErrors } from '../support/answers.ts';

const app = useServer(ACCOUNTS_SERVER);

describe('login', () => {
  it('logs in with the right password, in a fresh session, and answers the user', async () => {
    const signup = app.visitor();
    const { fields, user } = await signUp(signup);
    const browser = app.visitor();
    const response = await login(browser, ` ${fields.email.toUpperCase()} `, fields.password);
    expect(response.status).toBe(200);
    expect(response.json<{ user: { id: string } }>().user.id).toBe(user.id);
    expect(browser.session).toBeDefined();
    expect(browser.session).not.toBe(signup.session);
    expect((await currentUser(browser))?.id).toBe(user.id);
  });

  it('answers { user: null } to a visitor, with or without the client header', async () => {
    const visitor = app.visitor();
    expect(await currentUser(visitor)).toBeNull();
    const plain = await visitor.get('/api/user.php');
    expect(plain.json()).toEqual({ user: null });
  });

  it('replaces the browser’s previous session: the old cookie no longer works', async () => {
    const { fields } = await signUp(app.visitor());
    const browser = app.visitor();
    await login(browser, fields.email, fields.password);
    const before = browser.session!;
    await login(browser, fields.email, fields.password);
    expect(browser.session).not.toBe(before);
    expect(await userOfSession(app, before)).toBeNull();
  });

  it('does not reveal whether an address has an account', async () => {
    const { fields } = await signUp(app.visitor());
    const wrongPassword = await login(app.visitor(), fields.email, 'not the password at all');
    const unknown = await login(app.visitor(), uniqueEmail('nobody'), 'not the password at all');
    expect(wrongPassword.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(unknown.body).toBe(wrongPassword.body);
    expect(wrongPassword.json<ErrorBody>()).toEqual({
      error: 'login_failed',
      message: 'Login failed, please try again',
    });
    expect(Object.keys(unknown.headers).sort()).toEqual(Object.keys(wrongPassword.headers).sort());
  });

  it('takes about as long for an unknown address as for a wrong password', async () => {
    const { fields } = await signUp(app.visitor());
    const time = async (email: string) => {
      const started = performance.now();
      await login(app.visitor(), email, 'still not the password');
      return performance.now() - started;
    };
    const known: number[] = [];
    const unknown: number[] = [];
    for (let i = 0; i < 3; i++) {
      known.push(await time(fields.email));
      unknown.push(await time(uniqueEmail('ghost')));
    }
    const median = (values: number[]) => values.sort((a, b) => a - b)[1]!;
    // Both verify one argon2 hash; without the dummy hash an unknown address answers many times faster.
    expect(median(unknown)).toBeGreaterThan(median(known) / 3);
  });

  it('fails cleanly for an account that has no usable password hash (like the demo members)', async () => {
    const { fields, user } = await signUp(app.visitor());
    await app.make.updateMember({ memberId: user.id, network: 'amber' }, { password_hash: '!' });
    const response = await login(app.visitor(), fields.email, fields.password);
    expectError(response, 401, 'login_failed');
  });

  it('refuses a login from another origin', async () => {
    const response = await app
      .visitor()
      .send('POST', '/api/user.php', { email: 'a@b.c', password: 'x' }, { origin: 'http://evil.example' });
    expect(response.status).toBe(403);
  });

  it('answers 422 to a form without a password', async () => {
    const response = await app.visitor().send('POST', '/api/user.php', { email: 'a@example.org' });
    expectFieldErrors(response, { password: 'required' });
  });
});

describe('login lockout', () => {
  it('locks an address out of an account after 5 wrong passwords, for 15 minutes, and only that address', async () => {
    const { fields, user } = await signUp(app.visitor());
    const attacker = app.visitor();
    for (let i = 1; i <= 4; i++) {
      const response = await login(attacker, fields.email, `wrong guess ${i}`);
      expect(response.status).toBe(401);
    }
    const fifth = await login(attacker, fields.email, 'wrong guess 5');
    expect(fifth.status).toBe(429);
    const body = fifth.json<ErrorBody>();
    expect(body).toMatchObject({ error: 'account_locked', minutes: 15 });
    expect(body.message).toBe('Too many incorrect attempts, account blocked for 15 min.');
    expect(body.retry_after).toBeGreaterThan(14 * 60);
    expect(body.retry_after).toBeLessThanOrEqual(15 * 60);

    // Locked: even the right password is not tried from that address.
    expect((await login(attacker, fields.email, fields.password)).status).toBe(429);
    // The member, from elsewhere, still gets in: nobody can lock a member out.
    const member = await login(app.visitor(), fields.email, fields.password);
    expect(member.status).toBe(200);
    expect(member.json<{ user: { id: string } }>().user.id).toBe(user.id);

    // The lock ends on its own.
    await app.withClock(16 * MINUTE, async () => {
      const later = await login(attacker, fields.email, fields.password);
      expect(later.status).toBe(200);
    });
  });

  it('locks unknown addresses the same way (existence stays hidden)', async () => {
    const attacker = app.visitor();
    const email = uniqueEmail('nobody');
    for (let i = 1; i <= 4; i++) expect((await login(attacker, email, `guess ${i}`)).status).toBe(401);
    const fifth = await login(attacker, email, 'guess 5');
    expectError(fifth, 429, 'account_locked');
  });

  it('a right password forgets earlier wrong ones', async () => {
    const { fields } = await signUp(app.visitor());
    const member = app.visitor();
    for (let i = 0; i < 4; i++) await login(member, fields.email, 'typo in password');
    expect((await login(member, fields.email, fields.password)).status).toBe(200);
    for (let i = 0; i < 4; i++)
      expect((await login(member, fields.email, 'typo in password')).status).toBe(401);
  });

  it('limits one address guessing across many accounts (429 rate_limited)', async () => {
    const attacker = app.visitor();
    let last = await login(attacker, uniqueEmail('spray'), 'guess');
    for (let i = 0; i < 55 && last.status === 401; i++)
      last = await login(attacker, uniqueEmail('spray'), 'guess');
    expect(last.status).toBe(429);
    const body = last.json<ErrorBody>();
    expect(body.error).toBe('rate_limited');
    expect(body.retry_after).toBeGreaterThan(0);
    // Over fifty password checks in a row: on a busy machine they take longer than one test's usual time.
  }, 120_000);
});

describe('sessions', () => {
  it('a session cookie of one site does nothing on another, even in the same network', async () => {
    const amber = app.visitor(DEMO.amber.host);
    const { user } = await signUp(amber);
    const rainbow = app.visitor(DEMO.rainbow.host, amber.ip);
    rainbow.cookies.set('session', amber.session!);
    expect(await currentUser(rainbow)).toBeNull();
    // The foreign cookie is dropped, and the account's own site still knows the member.
    expect(rainbow.cookies.has('session')).toBe(false);
    expect((await currentUser(amber))?.id).toBe(user.id);
  });

  it('logout ends the session on the server', async () => {
    const visitor = app.visitor();
    await signUp(visitor);
    const token = visitor.session!;
    const response = await visitor.get('/api/logout.php');
    expect(response.status).toBe(200);
    expect(response.json()).toEqual({ ok: true });
    expect(visitor.session).toBeUndefined();
    expect(await userOfSession(app, token)).toBeNull();
  });

  it('logout followed as a link leads to the front page, the session ended', async () => {
    const visitor = app.visitor();
    await signUp(visitor);
    const response = await visitor.get('/api/logout.php', { 'sec-fetch-mode': 'navigate' });
    expect(response.status).toBe(303);
    expect(response.headers.location).toBe('/');
    expect(response.headers['cache-control']).toMatch(/no-store/);
    expect(visitor.session).toBeUndefined();
  });

  it('stores only a hash of the cookie, and never a password', async () => {
    const visitor = app.visitor();
    const { fields, user } = await signUp(visitor);
    const rows = await app.inspect.rows('sessions', { member_id: user.id });
    expect(rows.length).toBe(1);
    expect(rows[0]!.id).toMatch(/^[0-9a-f]{64}$/);
    expect(rows[0]!.id).not.toContain(visitor.session);
    const hash = (await app.inspect.row('members', { id: user.id }))!.password_hash;
    expect(hash).toMatch(/^\$argon2id\$/);
    expect(hash).not.toContain(fields.password);
  });

  it('lasts 30 days, and a session in use is renewed', async () => {
    const visitor = app.visitor();
    await signUp(visitor);
    try {
      app.setClock(20 * 24 * 60 * MINUTE);
      const renewed = await visitor.get('/api/user.php');
      expect(renewed.json<{ user: unknown }>().user).not.toBeNull();
      expect(renewed.cookies.some((c) => c.startsWith('session=') && /Max-Age=259\d{4}/.test(c))).toBe(true);
      app.setClock(45 * 24 * 60 * MINUTE);
      expect(await currentUser(visitor)).not.toBeNull();
      app.setClock(80 * 24 * 60 * MINUTE);
      expect(await currentUser(visitor)).toBeNull();
    } finally {
      // A job run of the moved clock would purge the next tests' new sessions.
      await app.clockBack();
    }
  });

  it('puts the member into the pages too', async () => {
    const visitor = app.visitor();
    await signUp(visitor);
    // A page that needs no login renders for a member as for a visitor, with the session intact.
    const page = await visitor.get('/pages/faq');
    expect(page.status).toBe(200);
    expect(await currentUser(visitor)).not.toBeNull();
  });
});

describe('language', () => {
  it('saves the cookie for a visitor and the account’s language for a member', async () => {
    const visitor = app.visitor();
    const asVisitor = await visitor.send('PUT', '/api/user.php', { language: 'nl' });
    expect(asVisitor.status).toBe(200);
    expect(asVisitor.json()).toEqual({ user: null });
    expect(visitor.cookies.get('locale')).toBe('nl');
    expect(asVisitor.cookies.find((c) => c.startsWith('locale='))).toMatch(/Max-Age=31536000/);

    const member = app.visitor();
    const { user } = await signUp(member);
    expect(user.language).toBe('en');
    const changed = await member.send('PUT', '/api/user.php', { language: 'de' });
    expect(changed.json<{ user: { language: string } }>().user.language).toBe('de');
    expect((await currentUser(member))?.language).toBe('de');
  });

  it('refuses a language the site does not show', async () => {
    const curvy = app.visitor(DEMO.curvy.host);
    const response = await curvy.send('PUT', '/api/user.php', { language: 'fi' });
    expectFieldErrors(response, { language: 'language_invalid' });
  });

  it('gives a new account the language it signed up in', async () => {
    const german = app.visitor(DEMO.curvy.host);
    const { user } = await signUp(german, {});
    expect(user.language).toBe('de');
  });
});

describe('time zone and dismissed alerts', () => {
  it('keeps a member’s time zone and refuses a name the runtime does not know', async () => {
    const member = app.visitor();
    await signUp(member);
    const saved = await member.send('PUT', '/api/user.php', { time_zone: 'Europe/Amsterdam' });
    expect(saved.status).toBe(200);
    expect((await currentUser(member))?.time_zone).toBe('Europe/Amsterdam');
    const wrong = await member.send('PUT', '/api/user.php', { time_zone: 'Mars/Olympus_Mons' });
    expectFieldErrors(wrong, { time_zone: 'time_zone_invalid' });
    expect((await currentUser(member))?.time_zone).toBe('Europe/Amsterdam');
  });

  it('remembers every dismissed alert, merged across calls, only for members', async () => {
    const member = app.visitor();
    await signUp(member);
    await member.send('PUT', '/api/user.php', { dismissed: { enrich_profile: 1000 } });
    const second = await member.send('PUT', '/api/user.php', { dismissed: { push: 2000 } });
    expect(second.json<{ user: { dismissed: object } }>().user.dismissed).toEqual({
      enrich_profile: 1000,
      push: 2000,
    });
    expect((await currentUser(member))?.dismissed).toEqual({ enrich_profile: 1000, push: 2000 });
    const unknown = await member.send('PUT', '/api/user.php', { dismissed: { lottery: 1 } });
    expect(unknown.status).toBe(422);
    const visitor = await app.visitor().send('PUT', '/api/user.php', { dismissed: { push: 1 } });
    expect(visitor.status).toBe(403);
  });
});

describe('origin check', () => {
  it.each([
    ['POST', '/api/user.php'],
    ['PUT', '/api/user.php'],
    ['POST', '/api/user.php?push=1'],
    ['POST', '/api/signup.php'],
    ['POST', '/api/activate.php'],
    ['POST', '/api/password-reset.php'],
    ['POST', '/api/password-reset.php?do=1'],
    ['PUT', '/api/account.php'],
    ['DELETE', '/api/account.php'],
    ['PUT', '/api/notifications.php'],
    ['POST', '/api/reactivate.php'],
  ])('refuses %s %s from another site, even for a logged-in member', async (method, path) => {
    const member = app.visitor();
    await signUp(member);
    const response = await member.send(
      method,
      path,
      {},
      { origin: `http://${DEMO.rainbow.host}:${app.server.port}` },
    );
    expectError(response, 403, 'forbidden_origin');
    expect(await currentUser(member)).not.toBeNull();
  });
});

describe('push subscription', () => {
  it('is attached to the account of a member, and refused for a visitor', async () => {
    const subscription = {
      endpoint: `https://fcm.googleapis.com/fcm/send/${Date.now()}`,
      expirationTime: null,
      keys: {
        p256dh: 'BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u-Ts1XbjhazAkj7I99e8QcYP7DkM',
        auth: 'tBHItJI5svbpez7KI4CCXg',
      },
    };
    const visitor = app.visitor();
    expect((await visitor.send('POST', '/api/user.php?push=1', { subscription })).status).toBe(403);
    const { user } = await signUp(visitor);
    const saved = await visitor.send('POST', '/api/user.php?push=1', { subscription });
    expect(saved.status).toBe(200);
    const rows = await app.inspect.rows('push_subscriptions', { member_id: user.id });
    expect(rows.map(({ endpoint }) => ({ endpoint }))).toEqual([{ endpoint: subscription.endpoint }]);
  });
});
