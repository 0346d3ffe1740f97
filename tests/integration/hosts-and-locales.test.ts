import { describe, expect, it } from 'vitest';
import { DEMO, DEMO_NAMES } from '../support/server.ts';
import { useServer } from '../support/use-server.ts';

const app = useServer();

function cookieNamed(cookies: string[], name: string): string | undefined {
  return cookies.find((c) => c.split('=')[0]!.trim() === name);
}

describe('host resolution', () => {
  it('answers an unknown host with a plain 404 that names no brand', async () => {
    const res = await app.request('/', { host: 'nowhere.example' });
    expect(res.status).toBe(404);
    for (const name of DEMO_NAMES) expect(res.body).not.toContain(name);
    expect(res.body).not.toMatch(/localhost/i);
  });

  it('answers an unknown host 404 on API paths too', async () => {
    const res = await app.request('/api/settings.php', { host: 'nowhere.example' });
    expect(res.status).toBe(404);
    for (const name of DEMO_NAMES) expect(res.body).not.toContain(name);
  });

  it.each([
    ['an empty Host header', 'GET / HTTP/1.1\r\nHost: \r\nConnection: close\r\n\r\n'],
    ['no Host header (HTTP/1.0)', 'GET / HTTP/1.0\r\n\r\n'],
  ])('answers a request with %s with 400 or 404, naming no brand', async (_label, text) => {
    const answer = await app.server.raw(text);
    expect(answer).toMatch(/^HTTP\/1\.[01] (400|404) /);
    for (const name of DEMO_NAMES) expect(answer).not.toContain(name);
  });

  it.each([
    ['RAINBOW.LOCALHOST', DEMO.rainbow.name],
    ['rainbow.localhost:8080', DEMO.rainbow.name],
    ['www.rainbow.localhost', DEMO.rainbow.name],
    ['WWW.Silver.Localhost:443', DEMO.silver.name],
    ['127.0.0.1', DEMO.amber.name],
  ])('folds Host %s onto its site', async (host, name) => {
    const res = await app.request('/api/settings.php', { host });
    expect(res.status).toBe(200);
    expect(res.json<{ settings: { name: string } }>().settings.name).toBe(name);
  });
});

describe('locale routing', () => {
  it('redirects /en/… permanently to the unprefixed path', async () => {
    const res = await app.request('/en/pages/terms', { host: DEMO.amber.host });
    expect(res.status).toBe(301);
    expect(res.headers.location).toBe('/pages/terms');
  });

  it('keeps the query string when redirecting /en/…', async () => {
    const res = await app.request('/en/x?a=1', { host: DEMO.amber.host });
    expect(res.status).toBe(301);
    expect(res.headers.location).toBe('/x?a=1');
  });

  it("sends / to the site's domain_language without a cookie, uncached", async () => {
    const res = await app.request('/', { host: DEMO.curvy.host });
    expect(res.status).toBe(302);
    expect(res.headers.location).toBe('/de/');
    expect(res.headers['cache-control']).toMatch(/no-store/);
  });

  it('serves / on an English site without a redirect', async () => {
    const res = await app.request('/', { host: DEMO.amber.host });
    expect(res.status).toBe(200);
    expect(res.body).toMatch(/<html[^>]*\blang="en"/);
  });

  it('serves / in English when the visitor chose English', async () => {
    const res = await app.request('/', { host: DEMO.curvy.host, headers: { cookie: 'locale=en' } });
    expect(res.status).toBe(200);
    expect(res.body).toMatch(/<html[^>]*\blang="en"/);
    expect(res.body).toContain(DEMO.curvy.name);
  });

  it('follows a remembered choice on an English site', async () => {
    const res = await app.request('/', { host: DEMO.amber.host, headers: { cookie: 'locale=de' } });
    expect(res.status).toBe(302);
    expect(res.headers.location).toBe('/de/');
  });

  it('ignores a remembered locale the site does not show', async () => {
    const res = await app.request('/', { host: DEMO.curvy.host, headers: { cookie: 'locale=fi' } });
    expect(res.status).toBe(302);
    expect(res.headers.location).toBe('/de/');
  });

  it('renders /de/ in German', async () => {
    const res = await app.request('/de/', { host: DEMO.curvy.host });
    expect(res.status).toBe(200);
    expect(res.body).toMatch(/<html[^>]*\blang="de"/);
    expect(res.body).toContain('Einloggen');
  });

  it('renders /de/ in German on a site whose own language is English', async () => {
    const res = await app.request('/de/', { host: DEMO.amber.host });
    expect(res.status).toBe(200);
    expect(res.body).toMatch(/<html[^>]*\blang="de"/);
  });

  it('answers 404 for a locale prefix the site does not show', async () => {
    const res = await app.request('/fi/', { host: DEMO.curvy.host });
    expect(res.status).toBe(404);
    expect(res.body).toContain(DEMO.curvy.name);
  });

  it('does not set a cookie for visiting a prefixed page', async () => {
    const res = await app.request('/de/', { host: DEMO.curvy.host });
    expect(res.status).toBe(200);
    expect(res.cookies).toEqual([]);
  });

  it.each(['/login', '/pricing', '/landers/video', '/members/k2x9profile/landing', '/pages/faq?x=1'])(
    "sends %s, like /, to the site's domain_language without a cookie, uncached",
    async (path) => {
      const res = await app.request(path, {
        host: DEMO.curvy.host,
        headers: { 'accept-language': 'de-DE,de;q=0.9' },
      });
      expect(res.status).toBe(302);
      expect(res.headers.location).toBe(`/de${path}`);
      expect(res.headers['cache-control']).toMatch(/no-store/);
      const page = await app.request(res.headers.location!, { host: DEMO.curvy.host });
      expect(page.body).toMatch(/<html[^>]*\blang="de"/);
    },
  );

  it('answers in German to a browser of any language with no cookie', async () => {
    const res = await app.request('/login', {
      host: DEMO.curvy.host,
      headers: { 'accept-language': 'en-GB' },
    });
    expect(res.status).toBe(302);
    expect(res.headers.location).toBe('/de/login');
  });

  it('serves an unprefixed page in English to a visitor who chose English', async () => {
    const res = await app.request('/pricing', { host: DEMO.curvy.host, headers: { cookie: 'locale=en' } });
    expect(res.status).toBe(200);
    expect(res.body).toMatch(/<html[^>]*\blang="en"/);
    // The chosen language decides the answer, so no shared cache may keep it.
    expect(res.headers['cache-control']).toMatch(/private|no-store/);
  });

  it('leaves English sites, files and the API where they are', async () => {
    expect((await app.request('/login', { host: DEMO.amber.host })).status).toBe(200);
    expect((await app.request('/robots.txt', { host: DEMO.curvy.host })).status).toBe(200);
    expect((await app.request('/api/settings.php', { host: DEMO.curvy.host })).status).toBe(200);
  });

  it('does not set a cookie for the root redirect either', async () => {
    const res = await app.request('/', { host: DEMO.curvy.host });
    expect(res.cookies).toEqual([]);
  });
});

describe('GET /api/locale.php (the language switcher)', () => {
  it('remembers the choice for 365 days and goes back with 303', async () => {
    const res = await app.request('/api/locale.php?locale=de&next=/de/', { host: DEMO.amber.host });
    expect(res.status).toBe(303);
    expect(res.headers.location).toBe('/de/');
    const cookie = cookieNamed(res.cookies, 'locale');
    expect(cookie, res.cookies.join('\n')).toBeDefined();
    expect(cookie).toMatch(/^locale=de;/);
    expect(cookie).toMatch(/;\s*Max-Age=31536000(;|$)/i);
    expect(cookie).toMatch(/;\s*HttpOnly(;|$)/i);
    expect(cookie).toMatch(/;\s*SameSite=Lax(;|$)/i);
    expect(cookie).toMatch(/;\s*Path=\/(;|$)/i);
    // Served over plain http here: a Secure cookie would never come back.
    expect(cookie).not.toMatch(/;\s*Secure(;|$)/i);
  });

  it('lets a visitor come back to English', async () => {
    const res = await app.request('/api/locale.php?locale=en&next=/', { host: DEMO.curvy.host });
    expect(res.status).toBe(303);
    expect(res.headers.location).toBe('/');
    expect(cookieNamed(res.cookies, 'locale')).toMatch(/^locale=en;/);
  });

  it('sets no cookie for a locale the site does not show', async () => {
    const res = await app.request('/api/locale.php?locale=fi&next=/fi/', { host: DEMO.curvy.host });
    expect(res.status).toBe(303);
    expect(cookieNamed(res.cookies, 'locale')).toBeUndefined();
  });

  it.each([
    '//evil.example/',
    'https://evil.example/',
    '/\\evil.example',
    '\\\\evil.example',
    'javascript:alert(1)',
    '//evil.example@localhost/',
  ])('stays on the site when next is %s', async (next) => {
    const res = await app.request(`/api/locale.php?locale=de&next=${encodeURIComponent(next)}`, {
      host: DEMO.amber.host,
    });
    expect(res.status).toBe(303);
    const location = String(res.headers.location);
    const resolved = new URL(location, 'http://localhost/');
    expect(resolved.host).toBe('localhost');
    expect(location.startsWith('/')).toBe(true);
    expect(location.startsWith('//')).toBe(false);
    expect(location).not.toContain('\\');
  });
});
