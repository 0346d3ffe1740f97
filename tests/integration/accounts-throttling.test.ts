import { describe, expect, it } from 'vitest';
import { useServer } from '../support/use-server.ts';
import {
  ACCOUNTS_SERVER,
  changeEmail,
  changePassword,
  currentUser,
  lastMailTo,
  linkIn,
  login,
  signUp,
  uniqueEmail,
  type ErrorBody,
} from './accounts-helpers.ts';

const app = useServer(ACCOUNTS_SERVER);

/** An IPv6 /64 of this test process's own (the server may be shared by other test files). */
const PREFIX = `2001:db8:${(process.pid % 0xffff).toString(16)}`;

/** How many of a member's wrong passwords reached the password check (each leaves `login_failed`). */
function judged(memberId: string): Promise<number> {
  return app.inspect.count('auth_events', { member_id: memberId, kind: 'login_failed' });
}

describe('login throttling', () => {
  it('counts before it judges: of 30 wrong passwords at once from one address, at most 5 are verified', async () => {
    const { fields, user } = await signUp(app.visitor());
    const attacker = app.visitor();
    const answers = await Promise.all(
      Array.from({ length: 30 }, (_, i) => login(attacker, fields.email, `parallel guess ${i}`)),
    );
    expect(await judged(user.id)).toBeLessThanOrEqual(5);
    expect(answers.every((a) => a.status === 401 || a.status === 429)).toBe(true);
    expect(answers.filter((a) => a.status === 429).length).toBeGreaterThanOrEqual(25);
  });

  it('holds one account guessed from many addresses (429 login_throttled), but not the member’s own browser', async () => {
    const { fields } = await signUp(app.visitor());
    const own = app.visitor();
    const first = await login(own, fields.email, fields.password);
    expect(first.status).toBe(200);
    const cookie = first.cookies.find((line) => line.startsWith('device='));
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
    expect(Number(/Max-Age=(\d+)/i.exec(cookie!)?.[1])).toBeGreaterThanOrEqual(300 * 24 * 3600);

    let last = await login(app.visitor(), fields.email, 'distributed guess');
    for (let i = 0; i < 25 && last.status === 401; i++)
      last = await login(app.visitor(), fields.email, `distributed guess ${i}`);
    expect(last.status).toBe(429);
    const body = last.json<ErrorBody>();
    expect(body.error).toBe('login_throttled');
    expect(body.retry_after).toBeGreaterThan(0);
    expect(last.headers['retry-after']).toBe(String(body.retry_after));
    expect(body.message).toMatch(/Too many login attempts/);

    // A new browser waits, even with the right password; the member's browser gets in.
    expect((await login(app.visitor(), fields.email, fields.password)).json<ErrorBody>().error).toBe(
      'login_throttled',
    );
    const again = await login(own, fields.email, fields.password);
    expect(again.status).toBe(200);
    // A forged device cookie is no cookie.
    const forger = app.visitor();
    forger.cookies.set('device', `${own.cookies.get('device')!.slice(0, -2)}xx`);
    expect((await login(forger, fields.email, fields.password)).status).toBe(429);
  });

  it('lets the member’s browser past a lock of its own address', async () => {
    const { fields } = await signUp(app.visitor());
    const own = app.visitor();
    expect((await login(own, fields.email, fields.password)).status).toBe(200);
    const neighbour = app.visitor(undefined, own.ip);
    for (let i = 1; i <= 5; i++) await login(neighbour, fields.email, `neighbour guess ${i}`);
    expect((await login(neighbour, fields.email, fields.password)).json<ErrorBody>().error).toBe(
      'account_locked',
    );
    expect((await login(own, fields.email, fields.password)).status).toBe(200);
  });

  it('counts an IPv6 address as its /64', async () => {
    const { fields } = await signUp(app.visitor());
    for (let i = 1; i <= 5; i++)
      await login(app.visitor(undefined, `${PREFIX}:1::${i}`), fields.email, `v6 guess ${i}`);
    const sameNetwork = await login(app.visitor(undefined, `${PREFIX}:1::99`), fields.email, fields.password);
    expect(sameNetwork.json<ErrorBody>().error).toBe('account_locked');
    const otherNetwork = await login(app.visitor(undefined, `${PREFIX}:2::1`), fields.email, fields.password);
    expect(otherNetwork.status).toBe(200);
  });
});

describe('links pending when the password changes', () => {
  async function pendingEmailChange() {
    const member = app.visitor();
    const { fields } = await signUp(member);
    const newEmail = uniqueEmail('moved');
    const asked = await changeEmail(member, newEmail, fields.password);
    expect(asked.status).toBe(200);
    return { member, fields, link: linkIn(lastMailTo(app.server, newEmail), '/api/mail-change.php') };
  }

  it('the e-mail change link is refused after a password change', async () => {
    const { member, fields, link } = await pendingEmailChange();
    const changed = await changePassword(member, fields.password, 'an entirely new passphrase 7');
    expect(changed.status).toBe(200);
    const opened = await app.visitor().get(link.pathAndQuery);
    expect(opened.headers.location).toBe('/mail-change/do?status=error');
    expect((await currentUser(member))?.email).toBe(fields.email);
  });

  it('the e-mail change link is refused after a password reset', async () => {
    const { fields, link } = await pendingEmailChange();
    await app.visitor().send('POST', '/api/password-reset.php', { email: fields.email });
    const reset = linkIn(lastMailTo(app.server, fields.email), '/reset-password/do');
    const done = await app.visitor().send('POST', '/api/password-reset.php?do=1', {
      token: reset.token,
      password: 'an entirely new passphrase 8',
      password_repeat: 'an entirely new passphrase 8',
    });
    expect(done.status).toBe(200);
    const opened = await app.visitor().get(link.pathAndQuery);
    expect(opened.headers.location).toBe('/mail-change/do?status=error');
  });
});

describe('what counters and logs keep', () => {
  it('rate-limit counters hold no IP address and no e-mail address', async () => {
    const visitor = app.visitor(undefined, '10.201.202.203');
    const email = uniqueEmail('counted');
    await login(visitor, email, 'a wrong password');
    await visitor.send('POST', '/api/password-reset.php', { email });
    const keys = (await app.db.selectFrom('rate_limit_counters').select('key').execute()).map((r) => r.key);
    expect(keys.length).toBeGreaterThan(0);
    const local = email.split('@')[0]!;
    for (const key of keys) {
      expect(key).not.toContain('10.201.202.203');
      expect(key).not.toContain(local);
      expect(key).not.toMatch(/\d+\.\d+\.\d+\.\d+|[0-9a-f]{1,4}:[0-9a-f]{1,4}:[0-9a-f]{1,4}/i);
    }
  });

  it('refusals go to the security log with site and path, the address keyed, never raw', async () => {
    const visitor = app.visitor(undefined, '10.201.99.98');
    const refused = await visitor.send(
      'POST',
      '/api/user.php',
      { email: 'x@example.org', password: 'y' },
      {
        origin: 'http://evil.example',
      },
    );
    expect(refused.status).toBe(403);
    await app.server.waitForOutput(/security: refused.*forbidden_origin/);
    const lines = app.server
      .output()
      .split('\n')
      .filter((line) => line.includes('security: refused'));
    expect(lines.some((line) => line.includes('"path":"/api/user.php"') && line.includes('"site":'))).toBe(
      true,
    );
    expect(app.server.output()).not.toContain('10.201.99.98');
  });

  it('the bounce beacon is limited per address', async () => {
    const visitor = app.visitor();
    let last = await visitor.send('POST', '/api/bounce.php', { page: '/', ms: 1200 });
    expect(last.status).toBe(204);
    for (let i = 0; i < 130 && last.status === 204; i++)
      last = await visitor.send('POST', '/api/bounce.php', { page: '/', ms: 1200 });
    expect(last.status).toBe(429);
    expect(last.json<ErrorBody>().retry_after).toBeGreaterThan(0);
    expect((await app.visitor().send('POST', '/api/bounce.php', { page: '/', ms: 1200 })).status).toBe(204);
  });
});
