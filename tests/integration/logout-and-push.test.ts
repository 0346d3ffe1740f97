import { describe, expect, it } from 'vitest';
import { DEMO } from '../support/server.ts';
import { useServer } from '../support/use-server.ts';
import { currentUser, signUp, userOfSession, type ErrorBody } from './accounts-helpers.ts';

const app = useServer({ trustProxy: true });

describe('logout', () => {
  /** A signed-up visitor of the first demo site, and the token its session cookie holds. */
  async function member() {
    const visitor = app.visitor();
    await signUp(visitor);
    return { visitor, token: visitor.session! };
  }

  it.each([
    ['says it is cross-site', { 'sec-fetch-site': 'cross-site', 'sec-fetch-mode': 'navigate' }],
    ['comes from a sister brand on a neighbouring subdomain', { 'sec-fetch-site': 'same-site' }],
    ['has a Referer of another site', { referer: 'http://evil.example/page' }],
    ['has an Origin of another site', { origin: `http://${DEMO.curvy.host}:4321` }],
  ])('by a GET that %s ends nothing and offers a button instead', async (_label, headers) => {
    const { visitor, token } = await member();
    const res = await visitor.get('/api/logout.php', headers);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.headers['cache-control']).toMatch(/no-store/);
    expect(res.body).toMatch(/<form method="post" action="\/api\/logout\.php">/);
    expect(res.body).toMatch(/<button type="submit">Log out<\/button>/);
    // CSP-clean: nothing inline that a strict policy would block, and the policy says so.
    expect(res.body).not.toMatch(/<script|<style|\sstyle=|\son[a-z]+=/i);
    expect(String(res.headers['content-security-policy'])).toMatch(/default-src 'none'/);
    expect(visitor.session).toBe(token);
    expect(await currentUser(visitor)).not.toBeNull();
  });

  it("offers the button in the visitor's language", async () => {
    const { visitor } = await member();
    visitor.cookies.set('locale', 'de');
    const res = await visitor.get('/api/logout.php', { 'sec-fetch-site': 'cross-site' });
    expect(res.body).toMatch(/<html lang="de">/);
    expect(res.body).toMatch(/Abmelden/);
    expect(await currentUser(visitor)).not.toBeNull();
  });

  it('by a GET from the site itself still ends the session', async () => {
    const { visitor } = await member();
    const res = await visitor.get('/api/logout.php', {
      'sec-fetch-site': 'same-origin',
      referer: `http://${DEMO.amber.host}:4321/members`,
    });
    expect(res.json()).toEqual({ ok: true });
    expect(await currentUser(visitor)).toBeNull();
  });

  it('by a POST from the menu ends the session on the server', async () => {
    const { visitor, token } = await member();
    const res = await visitor.send(
      'POST',
      '/api/logout.php',
      {},
      { origin: `http://${DEMO.amber.host}:4321` },
    );
    expect(res.status).toBe(200);
    expect(res.json()).toEqual({ ok: true });
    expect(visitor.session).toBeUndefined();
    expect(await userOfSession(app, token)).toBeNull();
  });

  it("by the confirm page's form leads to the front page, the session ended", async () => {
    const { visitor } = await member();
    const res = await visitor.request('/api/logout.php', {
      method: 'POST',
      body: '',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        origin: `http://${DEMO.amber.host}:4321`,
        'sec-fetch-site': 'same-origin',
        'sec-fetch-mode': 'navigate',
      },
    });
    expect(res.status).toBe(303);
    expect(res.headers.location).toBe('/');
    expect(await currentUser(visitor)).toBeNull();
  });

  it('by a POST from another site is refused by the origin check', async () => {
    const { visitor } = await member();
    const res = await visitor.send('POST', '/api/logout.php', {}, { origin: 'http://evil.example' });
    expect(res.status).toBe(403);
    expect(await currentUser(visitor)).not.toBeNull();
  });
});

describe('push subscriptions', () => {
  const keys = {
    p256dh: 'BEl62iUYgUivxIkv69yViEuiBIa-Ib9-SkvMeAtA3LFgDzkrxZJjSgSnfckjBJuBkr3qBUYIHBQFLXYp5Nksh8U',
    auth: 'tBHItJI5svbpez7KI4CCXg',
  };
  const save = (cookie: string, endpoint: unknown, host: string = DEMO.amber.host) =>
    app.request('/api/user.php?push=1', {
      host,
      method: 'POST',
      headers: { cookie },
      body: { subscription: { endpoint, expirationTime: null, keys } },
    });

  it('keeps a public https endpoint', async () => {
    const member = await app.make.loggedIn();
    const endpoint = `https://fcm.googleapis.com/fcm/send/${member.memberId}`;
    const res = await save(member.cookie, endpoint);
    expect(res.status, res.body).toBe(200);
    expect(res.json()).toEqual({ ok: true });
    expect(await app.inspect.count('push_subscriptions', { member_id: member.memberId, endpoint })).toBe(1);
  });

  it.each([
    'http://fcm.googleapis.com/fcm/send/abc',
    'https://127.0.0.1/push',
    'https://2130706433/push',
    'https://10.0.0.8/push',
    'https://100.64.1.1/push',
    'https://169.254.169.254/latest/meta-data/',
    'https://0.0.0.0/push',
    'https://[::1]/push',
    'https://[fd12::1]/push',
    'https://[fe80::1]/push',
    'https://[::ffff:127.0.0.1]/push',
    'https://localhost/push',
    'https://push.localhost/push',
    'https://printer.local/push',
    'https://metadata.google.internal/push',
    'not a url',
    '',
  ])('refuses %j with 422 subscription: endpoint_invalid', async (endpoint) => {
    const member = await app.make.loggedIn();
    const res = await save(member.cookie, endpoint);
    expect(res.status, res.body).toBe(422);
    const body = res.json<ErrorBody>();
    expect(body.error).toBe('validation');
    expect(body.fields).toEqual({ subscription: 'endpoint_invalid' });
    expect(body.field_messages?.subscription).toBe('This push address cannot be used');
    expect(await app.inspect.count('push_subscriptions', { member_id: member.memberId })).toBe(0);
  });

  it('keeps the same browser endpoint on two networks apart, without an error', async () => {
    const endpoint = `https://updates.push.services.mozilla.com/wpush/v2/${Date.now()}`;
    const amber = await app.make.loggedIn({ site: DEMO.amber });
    const curvy = await app.make.loggedIn({ site: DEMO.curvy });
    expect((await save(amber.cookie, endpoint)).status).toBe(200);
    const second = await save(curvy.cookie, endpoint, DEMO.curvy.host);
    expect(second.status, second.body).toBe(200);
    expect(await app.inspect.count('push_subscriptions', { endpoint })).toBe(2);
    // Within a network the endpoint belongs to whoever subscribed with it last.
    const sister = await app.make.loggedIn({ site: DEMO.rainbow });
    expect((await save(sister.cookie, endpoint, DEMO.rainbow.host)).status).toBe(200);
    expect(await app.inspect.rows('push_subscriptions', { endpoint }, 'network_id')).toMatchObject([
      { network_id: 'amber', member_id: sister.memberId },
      { network_id: 'curvy', member_id: curvy.memberId },
    ]);
  });
});
