import { describe, expect, it } from 'vitest';
import { DEMO } from '../support/server.ts';
import { useServer } from '../support/use-server.ts';

const app = useServer();

describe('security headers', () => {
  it.each([
    ['a page', DEMO.amber.host, '/'],
    ['a German page', DEMO.curvy.host, '/de/'],
    ['a footer page', DEMO.rainbow.host, '/pages/terms'],
    ['the 404 page', DEMO.rainbow.host, '/no-such-page'],
    ['an API answer', DEMO.amber.host, '/api/settings.php'],
    ['an API error', DEMO.amber.host, '/api/settings.php?domain=nowhere.example'],
  ])('are on %s', async (_label, host, path) => {
    const res = await app.request(path, { host });
    const csp = String(res.headers['content-security-policy'] ?? '');
    expect(csp).toMatch(/frame-ancestors 'none'/);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['referrer-policy']).toBeTruthy();
  });

  it('give pages a CSP that allows no inline script without a hash', async () => {
    const res = await app.request('/', { host: DEMO.amber.host });
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toMatch(/default-src 'self'/);
    expect(csp).not.toMatch(/script-src[^;]*'unsafe-inline'/);
  });

  it('merge into one CSP header, not two', async () => {
    const res = await app.request('/', { host: DEMO.amber.host });
    expect(Array.isArray(res.headers['content-security-policy'])).toBe(false);
  });
});

describe('Origin check on mutating requests', () => {
  it.each([
    ['refuses a foreign Origin with 403 forbidden_origin', '/api/settings.php', () => 'http://evil.example'],
    [
      "refuses another site's Origin, even one on the same server",
      '/api/locale.php',
      () => `http://${DEMO.curvy.host}:${app.server.port}`,
    ],
  ])('%s', async (_name, path, origin) => {
    const res = await app.request(path, {
      host: DEMO.amber.host,
      method: 'POST',
      headers: { origin: origin() },
      body: {},
    });
    expect(res.status).toBe(403);
    expect(res.json<{ error: string }>().error).toBe('forbidden_origin');
  });

  it('refuses the opaque Origin "null"', async () => {
    const res = await app.request('/api/settings.php', {
      host: DEMO.rainbow.host,
      method: 'DELETE',
      headers: { origin: 'null' },
    });
    expect(res.status).toBe(403);
  });

  it.each([
    ['its own origin', `http://${DEMO.rainbow.host}:${4500}`],
    ['its own origin without a port', `http://${DEMO.rainbow.host}`],
  ])('lets a request with %s past the check', async (_label, origin) => {
    const res = await app.request('/api/settings.php', {
      host: DEMO.rainbow.host,
      method: 'POST',
      headers: { origin },
      body: {},
    });
    expect(res.status).not.toBe(403);
  });

  it('lets a request without Origin past the check', async () => {
    const res = await app.request('/api/settings.php', {
      host: DEMO.rainbow.host,
      method: 'POST',
      body: {},
    });
    expect(res.status).not.toBe(403);
  });

  it('does not check safe methods', async () => {
    const res = await app.request('/api/settings.php', {
      host: DEMO.rainbow.host,
      headers: { origin: 'http://evil.example' },
    });
    expect(res.status).toBe(200);
  });
});
