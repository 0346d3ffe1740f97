import http from 'node:http';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { DEMO } from '../support/server.ts';
import { useServer } from '../support/use-server.ts';

/*
 * The installed app per site (API.md "Away from the site"): each host's manifest is made of its
 * own tenant (name, colours, language), its icons are real PNGs drawn on first request and kept
 * in DATA_DIR, the service worker is served at the root of every site with headers that let a
 * new build through, and hosts that are no site get nothing.
 */

/** A site without English: its pages live under `/de/`, its service worker must not move. */
const NIGHT = { id: 'nachtfalter', host: 'nachtfalter.localhost', name: 'Nachtfalter Treffpunkt' };
const app = useServer({
  sites: [
    {
      id: NIGHT.id,
      domains: [NIGHT.host],
      name: NIGHT.name,
      niche: 'general',
      theme: 'midnight',
      locales: ['de', 'nl'],
      domain_language: 'de-DE',
    },
  ],
});

interface Manifest {
  id: string;
  name: string;
  short_name: string;
  start_url: string;
  scope: string;
  display: string;
  theme_color: string;
  background_color: string;
  icons: { src: string; sizes: string; type: string; purpose: string }[];
}

async function manifestOf(host: string, path = '/manifest.webmanifest'): Promise<Manifest> {
  const res = await app.request(path, { host });
  expect(res.status, `${host}${path}`).toBe(200);
  expect(res.headers['content-type']).toMatch(/^application\/manifest\+json/);
  return res.json<Manifest>();
}

/** A GET whose body stays bytes (the test client reads text). */
function getBytes(
  host: string,
  path: string,
): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }> {
  return new Promise((resolve, reject) => {
    http
      .get({ host: '127.0.0.1', port: app.server.port, path, headers: { host }, agent: false }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
        );
        res.on('error', reject);
      })
      .on('error', reject);
  });
}

describe('the manifest of each site', () => {
  it("carries the site's own name and colours, never another brand's", async () => {
    const amber = await manifestOf(DEMO.amber.host);
    const rainbow = await manifestOf(DEMO.rainbow.host);
    const curvy = await manifestOf(DEMO.curvy.host);
    expect([amber.name, amber.theme_color, amber.background_color]).toEqual([
      'Amber Hearts',
      '#ffb300',
      '#ffffff',
    ]);
    expect([rainbow.name, rainbow.theme_color]).toEqual(['Rainbow Lane', '#8e24aa']);
    expect([curvy.name, curvy.theme_color, curvy.background_color]).toEqual([
      'Kurvenreich',
      '#2a1631',
      '#1d0f22',
    ]);
    for (const manifest of [amber, rainbow, curvy]) {
      expect(manifest).toMatchObject({ display: 'standalone', scope: '/', id: '/' });
      expect(manifest.short_name.length).toBeLessThanOrEqual(12);
    }
    // Each brand's icons are its own.
    expect(amber.icons[0]!.src).not.toBe(rainbow.icons[0]!.src);
  });

  it("opens the members page in the manifest's language", async () => {
    expect((await manifestOf(DEMO.curvy.host)).start_url).toBe('/members');
    expect((await manifestOf(DEMO.curvy.host, '/de/manifest.webmanifest')).start_url).toBe('/de/members');
    expect((await manifestOf(DEMO.curvy.host, '/nl/manifest.webmanifest')).start_url).toBe('/nl/members');
    expect((await manifestOf(NIGHT.host, '/de/manifest.webmanifest')).start_url).toBe('/de/members');
  });

  it('is cached briefly by browsers', async () => {
    const res = await app.request('/manifest.webmanifest', { host: DEMO.rainbow.host });
    expect(res.headers['cache-control']).toBe('public, max-age=3600');
  });

  it('is linked from pages in their language, with the theme colour and the iOS icon', async () => {
    const manifest = await manifestOf(DEMO.curvy.host);
    const version = /\/app-icons\/([0-9a-f]+)-/.exec(manifest.icons[0]!.src)![1];
    for (const [path, href] of [
      ['/pages/faq', '/manifest.webmanifest'],
      ['/de/', '/de/manifest.webmanifest'],
      ['/nl/login', '/nl/manifest.webmanifest'],
      ['/de/pages/faq', '/de/manifest.webmanifest'],
    ]) {
      // Kurvenreich speaks German unless the visitor chose English (its unprefixed pages).
      const html = (await app.request(path!, { host: DEMO.curvy.host, headers: { cookie: 'locale=en' } }))
        .body;
      expect(html, path).toContain(`<link rel="manifest" href="${href}">`);
      expect(html).toContain(`<link rel="apple-touch-icon" href="/app-icons/${version}-apple-180.png">`);
      expect(html).toContain('<meta name="theme-color" content="#2a1631">');
    }
  });
});

describe('app icons', () => {
  it('are PNGs of the stated sizes, cached forever under a name that changes with them', async () => {
    for (const host of [DEMO.amber.host, DEMO.rainbow.host]) {
      const manifest = await manifestOf(host);
      expect(manifest.icons.map((icon) => `${icon.sizes} ${icon.purpose}`)).toEqual([
        '192x192 any',
        '512x512 any',
        '512x512 maskable',
      ]);
      for (const icon of manifest.icons) {
        const res = await getBytes(host, icon.src);
        expect(res.status, icon.src).toBe(200);
        expect(res.headers['content-type']).toBe('image/png');
        expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
        const meta = await sharp(res.body).metadata();
        expect(`${meta.width}x${meta.height}`).toBe(icon.sizes);
        expect(meta.format).toBe('png');
      }
    }
  });

  it('are drawn once and kept in DATA_DIR', async () => {
    const manifest = await manifestOf(DEMO.silver.host);
    const icon = manifest.icons[1]!;
    const file = join(app.server.dataDir, 'app-icons', DEMO.silver.id, icon.src.split('/').pop()!);
    expect(existsSync(file)).toBe(false);
    const first = await getBytes(DEMO.silver.host, icon.src);
    expect(first.status).toBe(200);
    const made = statSync(file).mtimeMs;
    const again = await getBytes(DEMO.silver.host, icon.src);
    expect(again.body.equals(first.body)).toBe(true);
    expect(statSync(file).mtimeMs).toBe(made);
    expect(readdirSync(join(app.server.dataDir, 'app-icons', DEMO.silver.id))).toEqual([
      icon.src.split('/').pop(),
    ]);
  });

  it("answer 404 for another site's icon, an old version and a made-up kind", async () => {
    const rainbowIcon = (await manifestOf(DEMO.rainbow.host)).icons[0]!.src;
    expect((await getBytes(DEMO.amber.host, rainbowIcon)).status).toBe(404);
    expect((await getBytes(DEMO.amber.host, '/app-icons/0123456789abcdef-192.png')).status).toBe(404);
    const version = /\/app-icons\/([0-9a-f]+)-/.exec(rainbowIcon)![1];
    expect((await getBytes(DEMO.rainbow.host, `/app-icons/${version}-64.png`)).status).toBe(404);
    expect((await getBytes(DEMO.rainbow.host, `/app-icons/${version}-192.svg`)).status).toBe(404);
  });
});

describe('the service worker', () => {
  it('is served at the root of every site, checked again on every visit', async () => {
    for (const host of [DEMO.amber.host, DEMO.curvy.host, NIGHT.host]) {
      const res = await app.request('/sw.js', { host });
      expect(res.status, host).toBe(200);
      expect(res.headers['content-type']).toBe('text/javascript; charset=utf-8');
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.headers['content-security-policy']).toMatch(/^default-src 'self'/);
      expect(res.headers['service-worker-allowed']).toBeUndefined();
      expect(res.body).toContain('notificationclick');
      // One classic script: no module syntax left after the build.
      expect(res.body).not.toMatch(/^\s*(import|export)\s/m);
    }
  });

  it('is never stored for a logged-in member by a shared cache', async () => {
    const member = await app.make.loggedIn();
    const res = await app.request('/sw.js', { headers: { cookie: member.cookie } });
    expect(res.status).toBe(200);
    expect(res.headers['cache-control']).toMatch(/no-store|no-cache/);
  });
});

describe('the offline page', () => {
  it('speaks the language of its URL and stands alone (no script files, the theme inline)', async () => {
    const en = await app.request('/offline', { host: DEMO.rainbow.host });
    const de = await app.request('/de/offline', { host: DEMO.curvy.host });
    expect(en.status).toBe(200);
    expect(de.status).toBe(200);
    expect(en.body).toContain('You are offline');
    expect(en.body).toContain('Rainbow Lane');
    expect(de.body).toContain('Du bist offline');
    expect(de.body).toContain('Kurvenreich');
    for (const html of [en.body, de.body]) {
      expect(html).not.toMatch(/<script[^>]+src=/);
      expect(html).not.toMatch(/<link rel="stylesheet"/);
      expect(html).toContain('noindex');
    }
  });

  it('stays English at /offline on a German site, for the worker to keep for its English members', async () => {
    // The worker fetches the page without cookies and keeps no redirected answer (sw.worker.ts).
    const en = await app.request('/offline', { host: DEMO.curvy.host });
    expect(en.status).toBe(200);
    expect(en.body).toContain('You are offline');
    expect(en.body).toContain('Kurvenreich');
    // Every other unprefixed page of the site still moves to German.
    expect((await app.request('/login', { host: DEMO.curvy.host })).status).toBe(302);
  });
});

describe('unknown hosts', () => {
  it('get no manifest, worker, icon or offline page', async () => {
    const icon = (await manifestOf(DEMO.amber.host)).icons[0]!.src;
    for (const path of ['/manifest.webmanifest', '/sw.js', icon, '/offline']) {
      const res = await app.request(path, { host: 'nobody.example' });
      expect(res.status, path).toBe(404);
      expect(res.body).not.toContain('Amber');
    }
  });
});

describe('landers and footer pages', () => {
  it('carry no service worker registration', async () => {
    for (const path of ['/', '/landers/video', '/pages/faq']) {
      const html = (await app.request(path)).body;
      expect(html, path).not.toContain('sw.js');
    }
  });
});
