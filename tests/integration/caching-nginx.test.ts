import { readdirSync, readFileSync, statSync } from 'node:fs';
import http from 'node:http';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePortIn, startNginx, type RunningNginx } from '../../scripts/bench/nginx.ts';
import type { TestMember, TestSession } from '../support/factories.ts';
import { nginxBinary, useServerBehindNginx } from '../support/nginx.ts';
import { DEMO, requestTo, type RequestOptions } from '../support/server.ts';
import { expectLoggedIn } from '../support/visitor.ts';
import { jpeg, mediaPath, upload } from './photos-helpers.ts';

/*
 * The shipped nginx configuration (deploy/nginx/kindred.conf) in front of the built server, as in
 * production (TRUST_PROXY=1): anonymous pages are cached per host, nothing personal is ever
 * served from the cache or stored in it, and no answer that sets a cookie is stored.
 */

const SKIP_REASON = 'nginx is not installed (Debian: apt-get install nginx; ./dev test installs it)';

/** Every response nginx stored, as text (each cache file holds the upstream's status line and headers). */
function storedResponses(cacheDir: string): string[] {
  const files: string[] = [];
  const walk = (dir: string) => {
    for (const name of readdirSync(dir)) {
      const path = join(dir, name);
      if (statSync(path).isDirectory()) walk(path);
      else files.push(readFileSync(path).toString('latin1'));
    }
  };
  walk(cacheDir);
  return files;
}

/** The raw cache file whose key names `path`. */
function cacheFileOf(cacheDir: string, path: string): Buffer {
  const found: Buffer[] = [];
  const walk = (dir: string) => {
    for (const name of readdirSync(dir)) {
      const file = join(dir, name);
      if (statSync(file).isDirectory()) walk(file);
      else if (readFileSync(file).toString('latin1').includes(`${path}\n`)) found.push(readFileSync(file));
    }
  };
  walk(cacheDir);
  expect(found).toHaveLength(1);
  return found[0]!;
}

const cacheStatus = (res: { headers: Record<string, unknown> }) => res.headers['x-cache-status'];

describe.skipIf(!nginxBinary)(
  `nginx in front of the app${nginxBinary ? '' : ` (skipped: ${SKIP_REASON})`}`,
  () => {
    const app = useServerBehindNginx({ seedSize: 40 });
    const { upstream } = app;
    let member: TestMember & TestSession;
    const viaNginx = (path: string, options: RequestOptions = {}) => requestTo(app.nginx.port, path, options);

    beforeAll(async () => {
      member = await upstream.make.loggedIn();
    });

    it('sends every plain-http request to https, path and query kept', async () => {
      for (const [host, path] of [
        [DEMO.amber.host, '/landers/gallery?utm_source=x'],
        [DEMO.curvy.host, '/api/user.php'],
      ] as const) {
        const res = await requestTo(app.nginx.redirectPort, path, { host });
        expect(res.status).toBe(301);
        expect(res.headers.location).toBe(`https://${host}${path}`);
      }
    });

    it('caches an anonymous lander and answers the second request from the cache', async () => {
      const first = await viaNginx('/landers/gallery');
      expect(first.status).toBe(200);
      expect(cacheStatus(first)).toBe('MISS');
      const second = await viaNginx('/landers/gallery');
      expect(cacheStatus(second)).toBe('HIT');
      expect(second.body).toBe(first.body);
    });

    it('keeps a gzip copy and a plain copy of a page, whatever the browser writes', async () => {
      const path = '/landers/gallery/encodings';
      const plain = await viaNginx(path);
      expect(plain.headers['content-encoding']).toBeUndefined();
      const gzip = await viaNginx(path, { headers: { 'accept-encoding': 'gzip, deflate, br, zstd' } });
      expect(cacheStatus(gzip)).toBe('MISS');
      expect(gzip.headers['content-encoding']).toBe('gzip');
      expect(gzip.wireBytes).toBeLessThan(Buffer.byteLength(gzip.body) / 3);
      expect(gzip.body).toBe(plain.body);
      // Other spellings of the same wish share the copies.
      for (const accept of ['gzip', 'deflate, gzip;q=0.8']) {
        const again = await viaNginx(path, { headers: { 'accept-encoding': accept } });
        expect(cacheStatus(again), accept).toBe('HIT');
        expect(again.headers['content-encoding'], accept).toBe('gzip');
      }
      for (const accept of ['identity', 'gzip;q=0', 'br']) {
        const again = await viaNginx(path, { headers: { 'accept-encoding': accept } });
        expect(cacheStatus(again), accept).toBe('HIT');
        expect(again.headers['content-encoding'], accept).toBeUndefined();
      }
    });

    it('sends the precompressed build assets', async () => {
      const html = (await viaNginx('/landers/gallery')).body;
      const bundle = /data-src="([^"]+)"/.exec(html)![1]!;
      const res = await viaNginx(bundle, { headers: { 'accept-encoding': 'gzip' } });
      expect(res.status).toBe(200);
      expect(res.headers['content-encoding']).toBe('gzip');
      expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    });

    it('never serves a logged-in member from the cache, nor stores what a member sees', async () => {
      await expectLoggedIn(upstream.server, DEMO.amber.host, member);
      const path = '/landers/video';
      const asMember = await viaNginx(path, { headers: { cookie: member.cookie } });
      expect(asMember.status).toBe(200);
      expect(cacheStatus(asMember)).toBe('BYPASS');
      expect(asMember.headers['cache-control']).toBe('private, no-store');
      // Had the member's page been stored, this would be a HIT.
      expect(cacheStatus(await viaNginx(path))).toBe('MISS');
      expect(cacheStatus(await viaNginx(path))).toBe('HIT');
      for (const cookie of [member.cookie, `consent=1; ${member.cookie}`, '__Host-session=anything']) {
        const again = await viaNginx(path, { headers: { cookie } });
        expect(cacheStatus(again), cookie).toBe('BYPASS');
        expect(again.headers['cache-control'], cookie).toBe('private, no-store');
      }
      expect(storedResponses(app.nginx.cacheDir).filter((entry) => /private|no-store/i.test(entry))).toEqual(
        [],
      );
    });

    it('never stores an answer that sets a cookie', async () => {
      for (let i = 0; i < 2; i++) {
        const tracked = await viaNginx('/landers/maplanding?ref=partner-7');
        expect(tracked.cookies.join()).toMatch(/tracking=/);
        expect(cacheStatus(tracked)).toBe('MISS');
        const cleared = await viaNginx('/landers/maplanding', { headers: { cookie: 'session=ended' } });
        expect(cleared.cookies.join()).toMatch(/session=;/);
        expect(cacheStatus(cleared)).toBe('BYPASS');
      }
      expect(storedResponses(app.nginx.cacheDir).filter((entry) => /^set-cookie:/im.test(entry))).toEqual([]);
    });

    it('never lets two hosts share an entry', async () => {
      const path = '/landers/iconslanding';
      await viaNginx(path, { host: DEMO.amber.host });
      expect(cacheStatus(await viaNginx(path, { host: DEMO.amber.host }))).toBe('HIT');
      for (const site of [DEMO.rainbow, DEMO.silver]) {
        const other = await viaNginx(path, { host: site.host });
        expect(cacheStatus(other), site.host).toBe('MISS');
        expect(other.body, site.host).toMatch(new RegExp(`rel="canonical" href="http://${site.host}[:/]`));
      }
    });

    it('sends the chosen language to the app, not to the cached index', async () => {
      await viaNginx('/');
      expect(cacheStatus(await viaNginx('/'))).toBe('HIT');
      const chosen = await viaNginx('/', { headers: { cookie: 'locale=nl' } });
      expect(chosen.status).toBe(302);
      expect(chosen.headers.location).toBe('/nl/');
    });

    it('does not let a client choose its country or scheme for the app', async () => {
      const path = '/pages/terms';
      const plain = await viaNginx(path);
      const forged = await viaNginx(path, {
        headers: { 'x-country-code': 'NL', 'x-forwarded-proto': 'https' },
      });
      expect(forged.body).toBe(plain.body);
      expect(forged.body).not.toContain('https://localhost');
    });

    it('keeps a public member photo 60 seconds at most, and never what a member fetches', async () => {
      const owner = await upstream.make.loggedIn();
      const res = await upload(upstream, owner, await jpeg(21));
      expect(res.status).toBe(201);
      const path = mediaPath((res.body.photo as { filename: string }).filename);
      const asked = Math.floor(Date.now() / 1000);
      const first = await viaNginx(path);
      expect(first.status).toBe(200);
      expect(cacheStatus(first)).toBe('MISS');
      expect(cacheStatus(await viaNginx(path))).toBe('HIT');
      // The stored entry's end of freshness (nginx's cache header: a version, then valid_sec).
      const entry = cacheFileOf(app.nginx.cacheDir, path);
      const validUntil = Number(entry.readBigInt64LE(8));
      expect(validUntil - asked).toBeGreaterThan(0);
      expect(validUntil - asked).toBeLessThanOrEqual(61);
      const mine = await viaNginx(path, { headers: { cookie: owner.cookie } });
      expect(mine.status).toBe(200);
      expect(cacheStatus(mine)).toBe('BYPASS');
    });

    it('never caches the API', async () => {
      await viaNginx('/api/companyinfo.php');
      const again = await viaNginx('/api/companyinfo.php');
      expect(again.status).toBe(200);
      expect(cacheStatus(again)).toBeUndefined();
    });
  },
);

describe.skipIf(!nginxBinary)('nginx and a careless upstream', () => {
  // nginx's own rule, whatever the app says: an answer with Set-Cookie is never stored, even
  // when it claims to be public.
  let upstream: http.Server;
  let nginx: RunningNginx;

  beforeAll(async () => {
    const port = await freePortIn({ first: 4800, last: 4849 });
    upstream = http.createServer((req, res) => {
      res.setHeader('content-type', 'text/html');
      res.setHeader('cache-control', 'public, max-age=60, s-maxage=60');
      if (req.url === '/with-cookie') res.setHeader('set-cookie', 'visitor=someone; Path=/');
      res.end(`<p>${req.url}</p>`);
    });
    await new Promise<void>((done) => upstream.listen(port, '127.0.0.1', done));
    nginx = await startNginx({ upstreamPorts: [port], workerProcesses: 1 });
  });
  afterAll(async () => {
    await nginx?.stop();
    await new Promise((done) => upstream?.close(done));
  });

  it('stores a public answer without a cookie, and never one that sets a cookie', async () => {
    await requestTo(nginx.port, '/plain');
    expect(cacheStatus(await requestTo(nginx.port, '/plain'))).toBe('HIT');
    for (let i = 0; i < 3; i++) {
      const res = await requestTo(nginx.port, '/with-cookie');
      expect(res.cookies).toEqual(['visitor=someone; Path=/']);
      expect(cacheStatus(res)).toBe('MISS');
    }
    expect(storedResponses(nginx.cacheDir).filter((entry) => /set-cookie/i.test(entry))).toEqual([]);
  });
});
