import { describe, expect, it } from 'vitest';
import { DEMO } from '../support/server.ts';
import { useServer } from '../support/use-server.ts';
import { lastMailTo, linkIn, signupFields } from './accounts-helpers.ts';

/** A server whose visitors arrive over https (PUBLIC_SCHEME), behind a proxy it believes. */
const app = useServer({ trustProxy: true, env: { PUBLIC_SCHEME: 'https', PAYMENT_PROVIDER: 'test' } });

describe('with PUBLIC_SCHEME=https', () => {
  it.each([
    ['a page', DEMO.amber.host, '/'],
    ['an API answer', DEMO.curvy.host, '/api/settings.php'],
    ['an unknown host', 'nowhere.example', '/'],
  ])('sends HSTS on %s, for the exact host only', async (_label, host, path) => {
    const res = await app.request(path, { host });
    expect(res.headers['strict-transport-security']).toBe('max-age=31536000');
  });

  it('writes e-mailed links with https and the canonical domain, whatever X-Forwarded-Proto says', async () => {
    const visitor = app.visitor(`www.${DEMO.rainbow.host}`);
    const fields = signupFields();
    const res = await visitor.send('POST', '/api/signup.php', fields, { 'x-forwarded-proto': 'http' });
    expect(res.status, res.body).toBe(201);
    const { url } = linkIn(lastMailTo(app.server, fields.email), '/api/activate.php');
    // The test server names its port in links (PUBLIC_PORT): scheme and domain are what matter.
    expect(url.protocol).toBe('https:');
    expect(url.hostname).toBe(DEMO.rainbow.host);
  });

  it("lets the session cookie follow the request's scheme", async () => {
    const visitor = app.visitor();
    const res = await visitor.send('POST', '/api/signup.php', signupFields(), {
      'x-forwarded-proto': 'http',
    });
    expect(res.cookies.find((c) => c.startsWith('session='))).toBeDefined();
    expect(res.cookies.find((c) => c.startsWith('session='))).not.toMatch(/;\s*secure/i);
  });
});
