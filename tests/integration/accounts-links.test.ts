import { describe, expect, it } from 'vitest';
import { DEMO } from '../support/server.ts';
import { useServer } from '../support/use-server.ts';
import type { Visitor } from '../support/visitor.ts';
import {
  ACCOUNTS_SERVER,
  changeEmail,
  changePassword,
  currentUser,
  DAY,
  HOUR,
  lastMailTo,
  linkIn,
  login,
  outbox,
  signUp,
  uniqueEmail,
  type ErrorBody,
} from './accounts-helpers.ts';
import { expectError, expectFieldErrors } from '../support/answers.ts';

const app = useServer(ACCOUNTS_SERVER);
/** Runs `check` with the server's clock moved, and puts it back whatever happens. */
const later = <T>(offsetMs: number, check: () => Promise<T>) => app.withClock(offsetMs, check);

/** Sends the reset form (POST /api/password-reset.php?do=1) from `visitor`. */
function setNewPassword(visitor: Visitor, token: string, password: string, repeat = password) {
  return visitor.send('POST', '/api/password-reset.php?do=1', { token, password, password_repeat: repeat });
}

/** Asks for a password reset for `email` and answers the token of the link it e-mailed. */
async function mailedResetToken(email: string): Promise<string> {
  await app.visitor().send('POST', '/api/password-reset.php', { email });
  return linkIn(lastMailTo(app.server, email), '/reset-password/do').token;
}

describe('activation', () => {
  it('confirms the address once and shows the profile; a second use fails', async () => {
    const visitor = app.visitor();
    const { user } = await signUp(visitor);
    const { pathAndQuery } = linkIn(lastMailTo(app.server, user.email), '/api/activate.php');

    const first = await app.visitor().get(pathAndQuery);
    expect(first.status).toBe(302);
    expect(first.headers.location).toBe('/activate/done');
    expect(first.headers['cache-control']).toBe('no-store');
    const active = await currentUser(visitor);
    expect(active).toMatchObject({ status: 'active', profile: { status: 'active' } });

    const again = await app.visitor().get(pathAndQuery);
    expect(again.headers.location).toBe('/activate/error');
  });

  it('expires after 7 days', async () => {
    const visitor = app.visitor();
    const { user } = await signUp(visitor);
    const { pathAndQuery } = linkIn(lastMailTo(app.server, user.email), '/api/activate.php');
    const response = await later(7 * DAY + HOUR, () => app.visitor().get(pathAndQuery));
    expect(response.headers.location).toBe('/activate/error');
    expect((await currentUser(visitor))?.status).toBe('not_confirmed');
  });

  it('fails for a made-up or malformed token', async () => {
    expect((await app.visitor().get('/api/activate.php?token=' + 'A'.repeat(43))).headers.location).toBe(
      '/activate/error',
    );
    expect((await app.visitor().get('/api/activate.php?token=<script>')).headers.location).toBe(
      '/activate/error',
    );
    expect((await app.visitor().get('/api/activate.php')).headers.location).toBe('/activate/error');
  });

  it('writes the e-mail in the member’s language and sends the browser to the page in it', async () => {
    const visitor = app.visitor(DEMO.curvy.host);
    const { user } = await signUp(visitor);
    const mail = lastMailTo(app.server, user.email);
    expect(mail.subject).toBe('Bestätige deine E-Mail-Adresse für Kurvenreich');
    expect(mail.text).toContain('Der Link ist 7 Tage gültig.');
    const link = linkIn(mail, '/api/activate.php');
    expect(link.url.hostname).toBe('curvy.localhost');
    const response = await app.visitor(DEMO.curvy.host).get(link.pathAndQuery);
    expect(response.headers.location).toBe('/de/activate/done');
  });

  it('is only valid on the site it was sent from', async () => {
    const visitor = app.visitor(DEMO.amber.host);
    const { user } = await signUp(visitor);
    const { pathAndQuery } = linkIn(lastMailTo(app.server, user.email), '/api/activate.php');
    const elsewhere = await app.visitor(DEMO.rainbow.host).get(pathAndQuery);
    expect(elsewhere.headers.location).toBe('/activate/error');
  });

  it('can be sent again a few times a day, and only the newest link works', async () => {
    const visitor = app.visitor();
    const { user } = await signUp(visitor);
    const old = linkIn(lastMailTo(app.server, user.email), '/api/activate.php');
    const resend = await visitor.send('POST', '/api/activate.php', {});
    expect(resend.status).toBe(200);
    const fresh = linkIn(lastMailTo(app.server, user.email), '/api/activate.php');
    expect(fresh.token).not.toBe(old.token);
    expect((await app.visitor().get(old.pathAndQuery)).headers.location).toBe('/activate/error');
    expect((await app.visitor().get(fresh.pathAndQuery)).headers.location).toBe('/activate/done');

    const other = app.visitor();
    await signUp(other);
    for (let i = 0; i < 3; i++) expect((await other.send('POST', '/api/activate.php', {})).status).toBe(200);
    const tooMany = await other.send('POST', '/api/activate.php', {});
    expect(tooMany.status).toBe(429);
    expect(tooMany.json<ErrorBody>().retry_after).toBeGreaterThan(0);
  });
});

describe('password reset', () => {
  it('answers 404 email_not_found for an unknown address (the spec wants it said)', async () => {
    const response = await app.visitor().send('POST', '/api/password-reset.php', {
      email: uniqueEmail('unknown'),
    });
    expect(response.status).toBe(404);
    expect(response.json<ErrorBody>()).toEqual({
      error: 'email_not_found',
      message: 'E-mail address not found',
    });
  });

  it('e-mails a link to /reset-password/do on the site’s canonical domain, whatever the Host', async () => {
    const { fields } = await signUp(app.visitor());
    // www. is folded onto the site: the request's Host must not leak into the link.
    const response = await app.visitor('www.localhost').send('POST', '/api/password-reset.php', {
      email: fields.email,
    });
    expect(response.status).toBe(200);
    expect(response.json()).toEqual({ ok: true });
    const link = linkIn(lastMailTo(app.server, fields.email), '/reset-password/do');
    expect(link.url.host).toBe(`localhost:${app.server.port}`);
    expect(link.url.pathname).toBe('/reset-password/do');
  });

  it('sets the new password once, ends every other session, and logs in', async () => {
    const member = app.visitor();
    const { fields, user } = await signUp(member);
    const token = await mailedResetToken(fields.email);

    const differ = await setNewPassword(app.visitor(), token, 'a brand new secret', 'a brand new secreT');
    expectFieldErrors(differ, { password_repeat: 'passwords_differ' });
    expect(differ.json<ErrorBody>().field_messages).toEqual({
      password_repeat: 'The entered passwords are not the same.',
    });

    const browser = app.visitor();
    const done = await setNewPassword(browser, token, 'a brand new secret');
    expect(done.status).toBe(200);
    expect(done.json<{ user: { id: string } }>().user.id).toBe(user.id);
    expect((await currentUser(browser))?.id).toBe(user.id);
    expect(await currentUser(member)).toBeNull();

    const reused = await setNewPassword(app.visitor(), token, 'yet another secret');
    expect(reused.status).toBe(400);
    expect(reused.json<ErrorBody>()).toEqual({
      error: 'link_invalid',
      message: 'Link expired or invalid, request a new email',
    });

    expect((await login(app.visitor(), fields.email, fields.password)).status).toBe(401);
    expect((await login(app.visitor(), fields.email, 'a brand new secret')).status).toBe(200);
  });

  it('links expire after an hour', async () => {
    const { fields } = await signUp(app.visitor());
    const token = await mailedResetToken(fields.email);
    const response = await later(HOUR + 60_000, () =>
      setNewPassword(app.visitor(), token, 'fresh secret here'),
    );
    expectError(response, 400, 'link_invalid');
  });

  it('refuses a common new password', async () => {
    const { fields } = await signUp(app.visitor());
    const token = await mailedResetToken(fields.email);
    const response = await setNewPassword(app.visitor(), token, 'qwertyuiop');
    expectFieldErrors(response, { password: 'password_common' });
  });

  it('sends at most 3 e-mails a day to an account (429 too_many_reset_emails), then again a day later', async () => {
    const { fields } = await signUp(app.visitor());
    for (let i = 0; i < 3; i++) {
      expect(
        (await app.visitor().send('POST', '/api/password-reset.php', { email: fields.email })).status,
      ).toBe(200);
    }
    const fourth = await app.visitor().send('POST', '/api/password-reset.php', { email: fields.email });
    expect(fourth.status).toBe(429);
    const body = fourth.json<ErrorBody>();
    expect(body.error).toBe('too_many_reset_emails');
    expect(body.message).toBe('Too many password reset emails sent, please try again tomorrow.');
    expect(body.retry_after).toBeGreaterThan(23 * 3600);
    const tomorrow = await later(DAY + 60_000, () =>
      app.visitor().send('POST', '/api/password-reset.php', { email: fields.email }),
    );
    expect(tomorrow.status).toBe(200);
  });

  it('limits requests per address, so nobody can walk through addresses', async () => {
    const walker = app.visitor();
    let last = await walker.send('POST', '/api/password-reset.php', { email: uniqueEmail('walk') });
    for (let i = 0; i < 12 && last.status === 404; i++)
      last = await walker.send('POST', '/api/password-reset.php', { email: uniqueEmail('walk') });
    expectError(last, 429, 'rate_limited');
  });
});

describe('password change', () => {
  it('needs the old password (422 old_password_wrong), ends other sessions, keeps this one when asked', async () => {
    const here = app.visitor();
    const { fields, user } = await signUp(here);
    const elsewhere = app.visitor();
    await login(elsewhere, fields.email, fields.password);

    const wrong = await changePassword(here, 'not it at all', 'my new long secret');
    expectFieldErrors(wrong, { old_password: 'old_password_wrong' });
    expect(wrong.json<ErrorBody>().field_messages).toEqual({
      old_password: 'Please check your old password',
    });

    const changed = await changePassword(here, fields.password, 'my new long secret');
    expect(changed.status).toBe(200);
    expect(changed.json<{ user: { id: string } }>().user.id).toBe(user.id);
    expect((await currentUser(here))?.id).toBe(user.id);
    expect(await currentUser(elsewhere)).toBeNull();
    expect(lastMailTo(app.server, fields.email).subject).toBe('Your password at Amber Hearts was changed');
  });

  it('can end this session too', async () => {
    const here = app.visitor();
    const { fields } = await signUp(here);
    const response = await changePassword(here, fields.password, 'my new long secret', {
      keep_current_session: false,
    });
    expect(response.status).toBe(200);
    expect(response.json()).toEqual({ user: null });
    expect(await currentUser(here)).toBeNull();
  });

  it('is for members only', async () => {
    const response = await changePassword(app.visitor(), 'x', 'yyyyyyyyyy');
    expectError(response, 403, 'authentication_required');
  });
});

describe('e-mail change', () => {
  it('needs the password, sends a link to the new address and a notice to the old, and changes on the link', async () => {
    const member = app.visitor();
    const { fields, user } = await signUp(member);
    const newEmail = uniqueEmail('moved');

    const wrong = await changeEmail(member, newEmail, 'not my password');
    expectFieldErrors(wrong, { password: 'password_wrong' });

    const invalid = await changeEmail(member, 'nope', fields.password);
    expect(invalid.json<ErrorBody>().fields).toEqual({ email: 'email_invalid' });

    const requested = await changeEmail(member, newEmail, fields.password);
    expect(requested.status).toBe(200);
    expect(requested.json<{ user: { email: string } }>().user.email).toBe(fields.email);

    const notice = lastMailTo(app.server, fields.email);
    expect(notice.text).toContain(newEmail);
    const link = linkIn(lastMailTo(app.server, newEmail), '/api/mail-change.php');
    const done = await app.visitor().get(link.pathAndQuery);
    expect(done.status).toBe(302);
    expect(done.headers.location).toBe('/mail-change/do?status=done');
    expect((await currentUser(member))?.email).toBe(newEmail);
    // The new address was proven by the link.
    expect((await currentUser(member))?.status).toBe('active');

    const again = await app.visitor().get(link.pathAndQuery);
    expect(again.headers.location).toBe('/mail-change/do?status=error');
    expect(
      (await login(app.visitor(), newEmail, fields.password)).json<{ user: { id: string } }>().user.id,
    ).toBe(user.id);
  });

  it('answers 409 email_exists for an address another account of the site has', async () => {
    const other = await signUp(app.visitor());
    const member = app.visitor();
    const { fields } = await signUp(member);
    const response = await changeEmail(member, other.fields.email.toUpperCase(), fields.password);
    expectError(response, 409, 'email_exists');
  });

  it('links expire after 24 hours', async () => {
    const member = app.visitor();
    const { fields } = await signUp(member);
    const newEmail = uniqueEmail('late');
    await changeEmail(member, newEmail, fields.password);
    const link = linkIn(lastMailTo(app.server, newEmail), '/api/mail-change.php');
    const response = await later(25 * HOUR, () => app.visitor().get(link.pathAndQuery));
    expect(response.headers.location).toBe('/mail-change/do?status=error');
  });

  it('is rate limited per member', async () => {
    const member = app.visitor();
    const { fields } = await signUp(member);
    let status = 200;
    for (let i = 0; i < 7 && status === 200; i++) {
      status = (await changeEmail(member, uniqueEmail('many'), fields.password)).status;
    }
    expect(status).toBe(429);
  });

  it('never writes a secret into the outbox’s subject or the server log', async () => {
    const member = app.visitor();
    const { fields } = await signUp(member);
    const log = app.server.output();
    expect(log).not.toContain(fields.password);
    expect(log).not.toContain(member.session!);
    for (const mail of outbox(app.server)) expect(mail.subject).not.toMatch(/[A-Za-z0-9_-]{43}/);
  });
});

describe('the auth log', () => {
  it('records who did what from where, and no password or token', async () => {
    const member = app.visitor();
    const { fields, user } = await signUp(member);
    await login(app.visitor(), fields.email, 'wrong one here');
    await login(app.visitor(), fields.email, fields.password);
    await member.get('/api/logout.php');
    const events = await app.inspect.rows('auth_events', { member_id: user.id }, 'created_at');
    expect(events.map((e) => e.kind)).toEqual([
      'activation_sent',
      'signup',
      'login_failed',
      'login',
      'logout',
    ]);
    for (const event of events) {
      expect(event).toMatchObject({ site_id: 'localhost', network_id: 'amber' });
      expect(event.ip).toMatch(/^10\./);
      expect(typeof event.created_at).toBe('number');
    }
    const everything = JSON.stringify(await app.inspect.all('auth_events'));
    expect(everything).not.toContain(fields.password);
    expect(everything).not.toContain(fields.email);
    expect(everything).not.toContain(member.session ?? 'no-session-left');
  });
});
