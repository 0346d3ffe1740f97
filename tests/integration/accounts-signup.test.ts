import { describe, expect, it } from 'vitest';
import { DEMO, extraSite, startServer } from '../support/server.ts';
import { useServer } from '../support/use-server.ts';
import {
  ACCOUNTS_ENV,
  ACCOUNTS_SERVER,
  currentUser,
  deleteAccount,
  lastMailTo,
  linkIn,
  login,
  signUp,
  signupFields,
  uniqueEmail,
  type ErrorBody,
} from './accounts-helpers.ts';
import { expectError } from '../support/answers.ts';

/** Extra sites beside the demo ones, one per signups mode and with their own limits. */
const SITES = {
  closed: extraSite('closed', 'Closed Hearts', { network: 'amber', signups: 'closed' }),
  invite: extraSite('invite', 'Invite Hearts', {
    network: 'amber',
    signups: 'invite',
    invite_codes: ['WELCOME-2026'],
  }),
  partners: extraSite('partners', 'Partner Hearts', { network: 'amber', signups: 'with_trafficsource' }),
  strict: extraSite('strict', 'Strict Hearts', {
    limits: { min_age: 21 },
    rate_limits: { signup_ip: { limit: 2, window_minutes: 60 } },
  }),
};

const app = useServer({ ...ACCOUNTS_SERVER, sites: Object.values(SITES) });

describe('signup', () => {
  it('creates an account, logs it in, and e-mails an activation link on the site’s own domain', async () => {
    const visitor = app.visitor();
    const { fields, user } = await signUp(visitor, { email: ` ${uniqueEmail('Mixed.Case').toUpperCase()} ` });
    expect(user.email).toBe(fields.email.trim().toLowerCase());
    expect(user.status).toBe('not_confirmed');
    expect(user.profile.status).toBe('disabled');
    expect(user.profile.name).toBe('Robin');
    expect(user.id).toMatch(/^[0-9a-z]{16}$/);
    expect(user.profile.id).toMatch(/^[0-9a-z]{16}$/);
    expect(visitor.session).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(await currentUser(visitor)).toMatchObject({ id: user.id, email: user.email });

    const mail = lastMailTo(app.server, user.email);
    expect(mail.from).toContain('Amber Hearts');
    expect(mail.subject).toBe('Confirm your e-mail address for Amber Hearts');
    expect(mail.html).toContain('Confirm my e-mail address');
    const link = linkIn(mail, '/api/activate.php');
    expect(link.url.host).toBe(`localhost:${app.server.port}`);
    expect(link.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });

  it('sets a Secure __Host- cookie when the site is served over https', async () => {
    const https = await startServer({
      env: { ...ACCOUNTS_ENV, PUBLIC_SCHEME: 'https', PAYMENT_PROVIDER: 'test' },
    });
    try {
      const response = await https.request('/api/signup.php', {
        method: 'POST',
        body: signupFields(),
        headers: { 'x-forwarded-for': '10.9.9.9' },
      });
      expect(response.status).toBe(201);
      const cookie = response.cookies.find((c) => c.startsWith('__Host-session='));
      expect(cookie).toBeDefined();
      expect(cookie).toMatch(/; Secure/i);
      expect(cookie).toMatch(/; HttpOnly/i);
      expect(cookie).toMatch(/; Path=\//i);
      expect(cookie).toMatch(/SameSite=Lax/i);
      expect(cookie).toMatch(/Max-Age=259\d{4}/);
      expect(cookie).not.toMatch(/Domain=/i);
    } finally {
      await https.stop();
    }
  });

  it('gives the profile the niche’s gender and seeking unless the form says otherwise, and the visitor’s country when served', async () => {
    const gay = app.visitor(DEMO.rainbow.host);
    const { user: defaulted } = await signUp(gay);
    const chosen = app.visitor();
    const { user: explicit } = await signUp(chosen, { gender: 'female', seeking: 'both' });
    const german = app.visitor();
    const { user: fromDe } = await signUp(german, {}).then(async (r) => r);
    const rows = await app.inspect.rows('profiles', [
      { member_id: defaulted.id },
      { member_id: explicit.id },
      { member_id: fromDe.id },
    ]);
    const byMember = new Map(rows.map((r) => [r.member_id, r]));
    expect(byMember.get(defaulted.id)).toMatchObject({
      gender: 'male',
      seeking: 'male',
      site_id: 'rainbow',
      status: 'disabled',
    });
    expect(byMember.get(explicit.id)).toMatchObject({
      gender: 'female',
      seeking: 'both',
      birthdate: '1990-05-17',
    });
    // Without a trusted country header the site's default country is used.
    expect(byMember.get(fromDe.id)!.country).toBe('NL');

    const visitorFromDe = app.visitor();
    const response = await visitorFromDe.send('POST', '/api/signup.php', signupFields(), {
      'x-country-code': 'DE',
    });
    expect(response.status).toBe(201);
    expect(response.json<{ user: { profile: { country: string } } }>().user.profile.country).toBe('DE');
  });

  it('keeps the first message for the profile it was written to', async () => {
    const recipient = await signUp(app.visitor());
    const { user } = await signUp(app.visitor(), {
      signup_message: '  Hello there!  ',
      profile: recipient.user.profile.id,
    });
    const { user: unknownRecipient } = await signUp(app.visitor(), {
      signup_message: 'Hi',
      profile: 'zzzzzzzzzzzzzzzz',
    });
    const stored = (await app.inspect.rows('members', [{ id: user.id }, { id: unknownRecipient.id }])).map(
      ({ id, signup_message, signup_profile_id }) => ({ id, signup_message, signup_profile_id }),
    );
    expect(stored).toEqual(
      expect.arrayContaining([
        { id: user.id, signup_message: 'Hello there!', signup_profile_id: recipient.user.profile.id },
        { id: unknownRecipient.id, signup_message: 'Hi', signup_profile_id: null },
      ]),
    );
    const tooLong = await app
      .visitor()
      .send('POST', '/api/signup.php', signupFields({ signup_message: 'x'.repeat(1001) }));
    expect(tooLong.json<ErrorBody>().fields).toEqual({ signup_message: 'too_long' });
  });

  it('answers 409 email_exists for an address of this site in any spelling', async () => {
    const first = app.visitor();
    const { fields } = await signUp(first);
    const again = await app
      .visitor()
      .send('POST', '/api/signup.php', signupFields({ email: fields.email.toUpperCase() }));
    expect(again.status).toBe(409);
    expect(again.json<ErrorBody>()).toEqual({
      error: 'email_exists',
      message: 'An account with this e-mail address already exists',
    });
  });

  it('makes the same address on two sites two accounts, each logging in only on its own site', async () => {
    const email = uniqueEmail('twice');
    const onAmber = await signUp(app.visitor(DEMO.amber.host), { email });
    const onRainbow = await signUp(app.visitor(DEMO.rainbow.host), {
      email,
      password: 'another secret phrase',
    });
    expect(onAmber.user.id).not.toBe(onRainbow.user.id);

    const amberLogin = await login(app.visitor(DEMO.amber.host), email, onAmber.fields.password);
    expect(amberLogin.json<{ user: { id: string } }>().user.id).toBe(onAmber.user.id);
    const wrongSite = await login(app.visitor(DEMO.rainbow.host), email, onAmber.fields.password);
    expect(wrongSite.status).toBe(401);
  });

  it('answers 409 account_pending_deletion for an address whose account is inside its 14 days', async () => {
    const visitor = app.visitor();
    const { fields } = await signUp(visitor);
    const deleted = await deleteAccount(visitor, fields.password, 'taking_a_break');
    expect(deleted.status).toBe(200);
    const again = await app.visitor().send('POST', '/api/signup.php', signupFields({ email: fields.email }));
    expect(again.status).toBe(409);
    expect(again.json<ErrorBody>()).toMatchObject({
      error: 'account_pending_deletion',
      message: 'account pending deletion',
    });
  });

  it('refuses a request from another origin', async () => {
    const response = await app.visitor().send('POST', '/api/signup.php', signupFields(), {
      origin: 'http://evil.example',
    });
    expectError(response, 403, 'forbidden_origin');
  });

  it('accepts only JSON', async () => {
    const response = await app.visitor().request('/api/signup.php', {
      method: 'POST',
      body: 'email=a@b.c',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(response.status).toBe(415);
  });
});

describe('signup validation', () => {
  const cases: [string, Record<string, unknown>, Record<string, string>, Record<string, string>][] = [
    ['a bad address', { email: 'not-an-address' }, { email: 'email_invalid' }, { email: 'Invalid email' }],
    [
      'a name that is the address',
      { email: 'same@example.org', name: 'Same@Example.org' },
      { name: 'name_is_email' },
      {},
    ],
    ['a name starting with @', { name: '@robin' }, { name: 'name_starts_with_at' }, {}],
    [
      'a child',
      { date_of_birth: '2015-01-01' },
      { date_of_birth: 'too_young' },
      { date_of_birth: 'Enter your date of birth (18+)' },
    ],
    ['a day that does not exist', { date_of_birth: '1990-02-30' }, { date_of_birth: 'date_invalid' }, {}],
    ['a date in another format', { date_of_birth: '17.05.1990' }, { date_of_birth: 'date_invalid' }, {}],
    ['a short password', { password: 'short1' }, { password: 'password_too_short' }, {}],
    ['a common password', { password: 'password1234' }, { password: 'password_common' }, {}],
    ['a common password in other case', { password: 'Iloveyou123' }, { password: 'password_common' }, {}],
  ];

  it.each(cases)(
    'names %s with its field code and the spec’s message',
    async (_label, change, codes, messages) => {
      const response = await app.visitor().send('POST', '/api/signup.php', signupFields(change as never));
      expect(response.status).toBe(422);
      const body = response.json<ErrorBody & { field_messages?: Record<string, string> }>();
      expect(body.error).toBe('validation');
      expect(body.fields).toEqual(codes);
      for (const [field, message] of Object.entries(messages))
        expect(body.field_messages?.[field]).toBe(message);
    },
  );

  it('accepts a long passphrase (64 characters and more)', async () => {
    await signUp(app.visitor(), {
      password: 'a very long passphrase that nobody would ever guess '.repeat(2),
    });
  });

  it('reports every problem at once, and keeps what was right out of the answer', async () => {
    const response = await app.visitor().send('POST', '/api/signup.php', {
      email: 'x',
      name: '@x',
      password: '1',
      date_of_birth: 'soon',
    });
    expect(response.json<ErrorBody>().fields).toEqual({
      email: 'email_invalid',
      name: 'name_starts_with_at',
      password: 'password_too_short',
      date_of_birth: 'date_invalid',
    });
    expect(response.body).not.toContain('"1"');
  });

  it('refuses a name or first message with control characters or bidi overrides, in the member’s language', async () => {
    for (const name of ['Anna\u0000', 'Anna\tB', 'Anna\nB', '\u202Eanna', 'An\u2066na']) {
      const response = await app.visitor().send('POST', '/api/signup.php', signupFields({ name }), {
        'x-locale': 'de',
      });
      expect(response.status, JSON.stringify(name)).toBe(422);
      const body = response.json<ErrorBody & { field_messages: Record<string, string> }>();
      expect(body.fields, JSON.stringify(name)).toEqual({ name: 'control_characters' });
      expect(body.field_messages.name).toBe(
        'Bitte entferne die unsichtbaren Steuer- oder Textrichtungszeichen.',
      );
    }
    const message = await app
      .visitor()
      .send('POST', '/api/signup.php', signupFields({ signup_message: 'Hi\u0000 there' }));
    expect(message.status).toBe(422);
    expect(message.json<ErrorBody>().fields).toEqual({ signup_message: 'control_characters' });
  });

  it('applies the site’s own minimum age and speaks the member’s language', async () => {
    const strict = app.visitor('strict.localhost');
    const twenty = `${new Date().getUTCFullYear() - 20}-01-01`;
    const response = await strict.send('POST', '/api/signup.php', signupFields({ date_of_birth: twenty }));
    expect(
      response.json<ErrorBody & { field_messages: Record<string, string> }>().field_messages.date_of_birth,
    ).toBe('Enter your date of birth (21+)');

    const german = app.visitor(DEMO.curvy.host);
    const inGerman = await german.send(
      'POST',
      '/api/signup.php',
      signupFields({ date_of_birth: '2015-01-01', email: 'nope' }),
      {
        'x-locale': 'de',
      },
    );
    const body = inGerman.json<ErrorBody & { field_messages: Record<string, string> }>();
    expect(body.message).toBe('Bitte überprüfe die markierten Felder');
    expect(body.field_messages).toEqual({
      email: 'Ungültige E-Mail-Adresse',
      date_of_birth: 'Gib dein Geburtsdatum ein (18+)',
    });
  });
});

describe('signups setting', () => {
  it('closed: 403 signup_closed', async () => {
    const response = await app.visitor('closed.localhost').send('POST', '/api/signup.php', signupFields());
    expect(response.status).toBe(403);
    expect(response.json<ErrorBody>()).toMatchObject({ error: 'signup_closed', reason: 'closed' });
  });

  it('invite: refuses a missing or wrong code, accepts a listed one in any case', async () => {
    const site = 'invite.localhost';
    const missing = await app.visitor(site).send('POST', '/api/signup.php', signupFields());
    expect(missing.status).toBe(403);
    expect(missing.json<ErrorBody>()).toMatchObject({ error: 'signup_closed', reason: 'invite' });
    const wrong = await app.visitor(site).send('POST', '/api/signup.php', signupFields({ invite: 'HELLO' }));
    expect(wrong.status).toBe(403);
    await signUp(app.visitor(site), { invite: ' welcome-2026 ' });
  });

  it('invite: counts codes per address before checking them, and logs the refusals', async () => {
    const site = 'invite.localhost';
    const guesser = app.visitor(site);
    const before = await app.inspect.count('auth_events', { site_id: 'invite', kind: 'signup_refused' });
    let last = await guesser.send('POST', '/api/signup.php', signupFields({ invite: 'GUESS-0' }));
    for (let i = 1; i <= 12 && last.status === 403; i++)
      last = await guesser.send('POST', '/api/signup.php', signupFields({ invite: `GUESS-${i}` }));
    expect(last.status).toBe(429);
    expect(last.json<ErrorBody>().retry_after).toBeGreaterThan(0);
    // Past the limit even the right code waits: the count comes before the check.
    const right = await guesser.send('POST', '/api/signup.php', signupFields({ invite: 'WELCOME-2026' }));
    expect(right.status).toBe(429);
    expect(await app.inspect.count('auth_events', { site_id: 'invite', kind: 'signup_refused' })).toBe(
      before + 10,
    );
    await app.server.waitForOutput(/security: refused[^\n]*"site":"invite"[^\n]*"status":429/);
    expect(app.server.output()).not.toContain(guesser.ip);
    await signUp(app.visitor(site), { invite: 'WELCOME-2026' });
  });

  it('with_trafficsource: needs a stored network or one on the request, and attaches the record to the account', async () => {
    const site = 'partners.localhost';
    const without = await app.visitor(site).send('POST', '/api/signup.php', signupFields());
    expect(without.status).toBe(403);
    expect(without.json<ErrorBody>().reason).toBe('trafficsource');

    // A stored record whose `network` is empty does not count.
    const refOnly = app.visitor(site);
    await refOnly.get('/?ref=newsletter');
    expect((await refOnly.send('POST', '/api/signup.php', signupFields())).status).toBe(403);

    const arrived = app.visitor(site);
    const landing = await arrived.get('/?network=affnet&sub1=campaign-7&keep=1');
    expect(landing.status).toBe(302);
    const { user } = await signUp(arrived);
    const record = await app.inspect.trackingOf(user.id);
    expect(record).toMatchObject({ network: 'affnet', sub1: 'campaign-7', member_id: user.id });

    const byQuery = app.visitor(site);
    const response = await byQuery.send('POST', '/api/signup.php?network=direct-partner', signupFields());
    expect(response.status).toBe(201);
    const id = response.json<{ user: { id: string } }>().user.id;
    const made = await app.inspect.trackingOf(id);
    expect(made).toMatchObject({ network: 'direct-partner' });
  });

  it('limits signups per address and answers 429 with retry_after', async () => {
    const ip = '10.200.0.1';
    const site = 'strict.localhost';
    await signUp(app.visitor(site, ip));
    await signUp(app.visitor(site, ip));
    const third = await app.visitor(site, ip).send('POST', '/api/signup.php', signupFields());
    expect(third.status).toBe(429);
    const body = third.json<ErrorBody>();
    expect(body.error).toBe('rate_limited');
    expect(body.retry_after).toBeGreaterThan(0);
    expect(body.retry_after).toBeLessThanOrEqual(2 * 60 * 60);
    expect(third.headers['retry-after']).toBe(String(body.retry_after));
    // Another address is not affected.
    await signUp(app.visitor(site, '10.200.0.2'));
  });
});

describe('tracking parameters', () => {
  it('are stored on arrival, removed from the URL by an uncached redirect, and only the redirect sets the cookie', async () => {
    const visitor = app.visitor();
    const landing = await visitor.get('/pages/faq?ref=ad-1&sub=s&sub2=b&aff_sub3=z&cpc=0.12&lang=x');
    expect(landing.status).toBe(302);
    expect(landing.headers.location).toBe('/pages/faq?lang=x');
    expect(landing.headers['cache-control']).toBe('no-store');
    const cookie = landing.cookies.find((c) => c.startsWith('tracking='));
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/Max-Age=7776000/);
    const id = visitor.cookies.get('tracking')!;
    const page = await visitor.get('/pages/faq?lang=x');
    expect(page.status).toBe(200);
    expect(page.cookies).toEqual([]);
    const record = await app.inspect.row('tracking_records', { id });
    expect(record).toMatchObject({
      site_id: 'localhost',
      ref: 'ad-1',
      sub: 's',
      sub2: 'b',
      aff_sub3: 'z',
      cpc: '0.12',
      network: null,
      landing_path: '/pages/faq',
    });
  });

  it('keep the first touch of a site: a later link does not replace it', async () => {
    const visitor = app.visitor();
    await visitor.get('/?network=first');
    const first = visitor.cookies.get('tracking');
    const later = await visitor.get('/?network=second');
    expect(later.status).toBe(302);
    expect(later.cookies).toEqual([]);
    expect(visitor.cookies.get('tracking')).toBe(first);
    const { user } = await signUp(visitor);
    const network = await app.inspect.trackingOf(user.id);
    expect(network).toMatchObject({ network: 'first' });
  });

  it('are per site: a record of one site means nothing on another', async () => {
    const amber = app.visitor(DEMO.amber.host);
    await amber.get('/?network=amber-aff');
    const onPartners = app.visitor('partners.localhost', amber.ip);
    onPartners.cookies.set('tracking', amber.cookies.get('tracking')!);
    const response = await onPartners.send('POST', '/api/signup.php', signupFields());
    expect(response.status).toBe(403);
  });

  it('are left alone on API calls and requests without them', async () => {
    const visitor = app.visitor();
    expect((await visitor.get('/api/settings.php?ref=x')).status).toBe(200);
    expect((await visitor.get('/pages/faq')).status).toBe(200);
    expect(visitor.cookies.has('tracking')).toBe(false);
  });
});
