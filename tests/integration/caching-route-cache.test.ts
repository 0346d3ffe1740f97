import { beforeAll, describe, expect, it } from 'vitest';
import type { TestMember, TestSession } from '../support/factories.ts';
import { DEMO } from '../support/server.ts';
import { useServer } from '../support/use-server.ts';
import { expectLoggedIn } from '../support/visitor.ts';
import { eventually } from '../support/polling.ts';

/*
 * The embedded route cache (src/features/caching): anonymous landers and footer pages are served
 * from memory, keyed by host, path (with its locale prefix) and query; nothing personal is ever
 * served from it or stored in it; a tenant change drops the pages of the network it touches.
 * Every test uses paths of its own, so the order of the tests does not matter.
 */

const app = useServer({ privateTenants: true, seedSize: 40 });
/** A logged-in member of the first demo site (the tests are about caches, not about logging in). */
let member: TestMember & TestSession;

beforeAll(async () => {
  member = await app.make.loggedIn();
});

const cacheState = (res: { headers: Record<string, unknown> }) => res.headers['x-astro-cache'];
const titleOf = (html: string) => /<title>([^<]*)<\/title>/.exec(html)?.[1] ?? '';

describe('the route cache', () => {
  it('answers a second anonymous request for a lander, the index and a footer page from memory', async () => {
    for (const path of ['/landers/gallery', '/', '/pages/terms', '/de/landers/gallery']) {
      const first = await app.request(path);
      expect(first.status, path).toBe(200);
      expect(cacheState(first), path).toBe('MISS');
      expect(first.headers['cache-control'], path).toBe('public, max-age=0, s-maxage=60');
      const second = await app.request(path);
      expect(cacheState(second), path).toBe('HIT');
      expect(second.body, path).toBe(first.body);
      // Astro's internal directives stay inside the server.
      expect(second.headers['cdn-cache-control'], path).toBeUndefined();
      expect(second.headers['cache-tag'], path).toBeUndefined();
    }
  });

  it('stores and serves gzip to clients that take it, and never to those that do not', async () => {
    const path = '/landers/gallery/compressed';
    const gzip = { 'accept-encoding': 'gzip, deflate, br' };
    const first = await app.request(path, { headers: gzip });
    expect(first.headers['content-encoding']).toBe('gzip');
    expect(first.headers['vary']).toMatch(/accept-encoding/i);
    expect(first.wireBytes).toBeLessThan(first.body.length / 3);
    const hit = await app.request(path, { headers: gzip });
    expect(cacheState(hit)).toBe('HIT');
    expect(hit.headers['content-encoding']).toBe('gzip');
    expect(hit.body).toBe(first.body);
    // The gzip entry is cached now: a client without gzip still gets plain bytes.
    const plain = await app.request(path);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.wireBytes).toBe(Buffer.byteLength(plain.body));
    expect(plain.body).toBe(first.body);
    const refused = await app.request(path, { headers: { 'accept-encoding': 'gzip;q=0, identity' } });
    expect(refused.headers['content-encoding']).toBeUndefined();
  });

  it('compresses a member’s private page too, and stores it nowhere', async () => {
    const res = await app.request('/landers/gallery/member-compressed', {
      headers: { cookie: member.cookie, 'accept-encoding': 'gzip' },
    });
    expect(res.status).toBe(200);
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect(cacheState(res)).toBeUndefined();
  });

  it('renders a cold page once while the other requests for it wait', async () => {
    const path = '/landers/gallery/a-campaign-just-launched';
    const answers = await Promise.all(Array.from({ length: 12 }, () => app.request(path)));
    expect(answers.map((res) => res.status)).toEqual(Array(12).fill(200));
    const states = answers.map(cacheState);
    expect(states.filter((state) => state === 'MISS')).toHaveLength(1);
    expect(states.filter((state) => state === 'HIT')).toHaveLength(11);
    expect(new Set(answers.map((res) => res.body)).size).toBe(1);
  });

  it('keys on the locale prefix and the query', async () => {
    const english = await app.request('/landers/video');
    const german = await app.request('/de/landers/video');
    expect(cacheState(german)).toBe('MISS');
    expect(german.body).toContain('lang="de"');
    expect(english.body).toContain('lang="en"');
    expect(cacheState(await app.request('/landers/video?t=5'))).toBe('MISS');
    expect(cacheState(await app.request('/landers/video?t=5'))).toBe('HIT');
  });

  it('never serves a logged-in member from the cache, nor stores what a member sees', async () => {
    await expectLoggedIn(app.server, DEMO.amber.host, member);
    const path = '/landers/collagelanding';
    // The member comes first: had the answer been stored, the visitor would now get a HIT.
    const asMember = await app.request(path, { headers: { cookie: member.cookie } });
    expect(asMember.status).toBe(200);
    expect(cacheState(asMember)).toBeUndefined();
    expect(asMember.headers['cache-control']).toBe('private, no-store');
    const visitor = await app.request(path);
    expect(cacheState(visitor)).toBe('MISS');
    expect(cacheState(await app.request(path))).toBe('HIT');
    // Now the page is cached: the member still gets a fresh, private answer, every time.
    for (let i = 0; i < 3; i++) {
      const again = await app.request(path, { headers: { cookie: `theme=dark; ${member.cookie}` } });
      expect(cacheState(again)).toBeUndefined();
      expect(again.headers['cache-control']).toBe('private, no-store');
    }
    expect((await app.request(path)).body).toBe(visitor.body);
  });

  it('marks every answer to a request with a session cookie private, valid or not', async () => {
    for (const path of ['/', '/pages/privacy', '/api/companyinfo.php', '/robots.txt']) {
      const res = await app.request(path, { headers: { cookie: 'session=not-a-session' } });
      expect(res.headers['cache-control'], path).toBe('private, no-store');
      expect(cacheState(res), path).toBeUndefined();
    }
  });

  it('never lets two hosts share an entry', async () => {
    const path = '/landers/iconslanding';
    const amber = await app.request(path, { host: DEMO.amber.host });
    expect(cacheState(amber)).toBe('MISS');
    expect(titleOf(amber.body)).toContain(DEMO.amber.name);
    expect(cacheState(await app.request(path, { host: DEMO.amber.host }))).toBe('HIT');
    for (const site of [DEMO.rainbow, DEMO.silver]) {
      const other = await app.request(path, { host: site.host });
      expect(cacheState(other), site.host).toBe('MISS');
      expect(titleOf(other.body), site.host).toContain(site.name);
      expect(other.body, site.host).toMatch(new RegExp(`rel="canonical" href="http://${site.host}[:/]`));
    }
  });

  it('never stores an answer that sets a cookie', async () => {
    // Arriving with a tracking parameter: stored, cookie set, redirected to the clean URL.
    for (let i = 0; i < 2; i++) {
      const tracked = await app.request('/landers/maplanding?ref=partner-7');
      expect(tracked.status).toBe(302);
      expect(tracked.cookies.join()).toMatch(/tracking=/);
      expect(cacheState(tracked)).toBeUndefined();
      expect(tracked.headers['cache-control']).toMatch(/no-store/);
    }
    // The language switcher's link sets the locale cookie.
    for (let i = 0; i < 2; i++) {
      const switched = await app.request('/api/locale.php?locale=de&next=/de/landers/maplanding');
      expect(switched.cookies.join()).toMatch(/locale=de/);
      expect(cacheState(switched)).toBeUndefined();
      expect(switched.headers['cache-control']).toMatch(/no-store/);
    }
  });

  it('never serves a cached lander in place of a tracking redirect', async () => {
    const path = '/landers/socialnetwork';
    await app.request(path);
    expect(cacheState(await app.request(path))).toBe('HIT');
    const tracked = await app.request(`${path}?network=partner&sub1=a`);
    expect(tracked.status).toBe(302);
    expect(tracked.headers.location).toBe(path);
  });

  it('does not serve the cached index to a visitor whose chosen language redirects it', async () => {
    await app.request('/');
    expect(cacheState(await app.request('/'))).toBe('HIT');
    const chosen = await app.request('/', { headers: { cookie: 'locale=nl' } });
    expect(chosen.status).toBe(302);
    expect(chosen.headers.location).toBe('/nl/');
  });

  it('caches nothing but pages that are the same for everyone', async () => {
    for (const path of ['/api/settings.php', '/landers/no-such-lander', '/login', '/signup']) {
      await app.request(path);
      const again = await app.request(path);
      expect(cacheState(again), path).toBeUndefined();
      expect(again.headers['cache-control'] ?? '', path).not.toMatch(/public/);
    }
  });

  it('drops the pages of a network when one of its tenant files changes, and keeps the others', async () => {
    const amberPath = '/landers/alonetonight';
    const curvyPath = '/de/landers/alonetonight';
    for (const [host, path] of [
      [DEMO.amber.host, amberPath],
      [DEMO.rainbow.host, amberPath],
      [DEMO.curvy.host, curvyPath],
    ] as const) {
      await app.request(path, { host });
      expect(cacheState(await app.request(path, { host })), host).toBe('HIT');
    }

    const file = JSON.parse(app.tenants.read('localhost.json')) as Record<string, unknown>;
    app.tenants.write('localhost.json', { ...file, name: 'Amber Hearts Renamed' });
    await app.server.waitForOutput('tenants reloaded');

    const renamed = await eventually(
      () => app.request(amberPath),
      (res) => res.body.includes('Amber Hearts Renamed'),
    );
    expect(cacheState(renamed)).toBe('MISS');
    // Rainbow shares the amber network (and its members): dropped too.
    expect(cacheState(await app.request(amberPath, { host: DEMO.rainbow.host }))).toBe('MISS');
    // Kurvenreich is a network of its own: untouched.
    expect(cacheState(await app.request(curvyPath, { host: DEMO.curvy.host }))).toBe('HIT');
  });
});
