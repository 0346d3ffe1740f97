import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { FOOTER_PAGES, LANDERS } from '../support/routes.ts';
import { useServer } from '../support/use-server.ts';

/*
 * The budget of landers (the index and the profile landers among them) and footer pages, measured on the built server's real answers: at most 3 KB gzip of inline
 * script, no script file and no island that loads before the visitor interacts, HTML at most
 * 30 KB gzip; the CSS and the media have budgets of their own.
 */

const PAGES = [
  '/',
  ...LANDERS.map((l) => `/landers/${l}`),
  ...LANDERS.map((l) => `/landers/${l}/some-slug`),
  '/members/{id}/landing',
  ...FOOTER_PAGES,
];
const INLINE_SCRIPT_BUDGET = 3 * 1024;
/**
 * Raw inline CSS of a lander (the index and member's landers among them): its theme's lean entry
 * cut to its rules at build; tests/integration/landers-styles.test.ts holds it for every theme
 * and niche.
 */
const LANDER_CSS_BUDGET = 20 * 1024;
const HTML_BUDGET = 30 * 1024;
const MAP_BUDGET = 40 * 1024;
/** The signup modal with React and its validation, loaded when a visitor asks to sign up. */
const SIGNUP_BUNDLE_BUDGET = 110 * 1024;

const app = useServer({ seedSize: 60 });

const gz = (text: string) => gzipSync(text, { level: 9 }).length;

function inlineScripts(html: string): string[] {
  return (
    [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)]
      // JSON data blocks (JSON-LD, the signup modal's props) are not script: they never run.
      .filter((m) => !/\bsrc=/.test(m[1]!) && !/type="application\/(ld\+)?json"/.test(m[1]!))
      .map((m) => m[2]!)
  );
}

describe.each(['localhost', 'curvy.localhost'])('the landers of %s', (host) => {
  it.each(PAGES)('%s keeps its budget', async (pattern) => {
    const prefix = host === 'curvy.localhost' ? '/de' : '';
    let path = pattern;
    if (pattern.includes('{id}')) {
      // A public member of the site, found through the like modal (`?t=`), which links the profile.
      const gallery = await app.request(`${prefix}/landers/gallery?t=30`, { host });
      path = pattern.replace('{id}', /\/members\/([a-z0-9]+)"/.exec(gallery.body)![1]!);
    }
    const res = await app.request(prefix + path, { host });
    expect(res.status).toBe(200);
    const html = res.body;
    const scriptBytes = gz(inlineScripts(html).join('\n'));
    expect(scriptBytes, 'inline script, gzip').toBeLessThanOrEqual(INLINE_SCRIPT_BUDGET);
    expect(html, 'a script file loaded at once').not.toMatch(/<script\b[^>]*\bsrc=/i);
    expect(html, 'a module preloaded at once').not.toMatch(/<link\b[^>]*rel="modulepreload"/i);
    // Islands may only wait for the visitor (e.g. the signup modal); none hydrates on load.
    for (const island of html.match(/<astro-island\b[^>]*>/g) ?? []) {
      expect(island).not.toMatch(/\bclient="(load|idle|visible|media)"/);
    }
    expect(gz(html), 'HTML, gzip').toBeLessThanOrEqual(HTML_BUDGET);
    if (!FOOTER_PAGES.includes(pattern)) {
      const css = /<style>([\s\S]*?)<\/style>/.exec(html)?.[1] ?? '';
      expect(css.length, 'inline CSS, raw').toBeLessThanOrEqual(LANDER_CSS_BUDGET);
    }
    // Every inline script is allowed by its hash: the CSP never needs 'unsafe-inline'.
    const csp = String(res.headers['content-security-policy'] ?? '');
    expect(csp).not.toContain("'unsafe-inline'");
    const { createHash } = await import('node:crypto');
    for (const script of inlineScripts(html)) {
      expect(csp).toContain(`sha256-${createHash('sha256').update(script).digest('base64')}`);
    }
  });

  it('opens signup from a small inline loader; the modal is one file loaded on demand', async () => {
    const res = await app.request(host === 'curvy.localhost' ? '/de/landers/gallery' : '/landers/gallery', {
      host,
    });
    expect(res.body).not.toContain('<astro-island');
    // On a lander the modal links the lander's cut sheet with its rules, after the page's sheet.
    const root =
      /<div id="signup-modal" data-src="([^"]+)" data-css="([^"]+)" data-css-after-theme(?:="")? data-href="([^"]+)"/.exec(
        res.body,
      );
    expect(root, 'the signup root').not.toBeNull();
    expect(root![3]).toBe(host === 'curvy.localhost' ? '/de/signup' : '/signup');
    const props = /<script type="application\/json" id="signup-modal-props">([^<]*)<\/script>/.exec(res.body);
    expect(JSON.parse(props![1]!)).toMatchObject({ settings: { minAge: 18 } });
    // The build precompressed it: a phone downloads the gzip (or brotli) bytes.
    const bundle = await app.request(root![1]!, { host, headers: { 'accept-encoding': 'gzip' } });
    expect(bundle.status).toBe(200);
    expect(bundle.headers['content-encoding']).toBe('gzip');
    expect(bundle.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(bundle.body).not.toMatch(/^import |\bimport\(/m);
    expect(bundle.wireBytes, 'signup modal, gzip').toBeLessThanOrEqual(SIGNUP_BUNDLE_BUDGET);
    const brotli = await app.request(root![1]!, { host, headers: { 'accept-encoding': 'gzip, br' } });
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(brotli.wireBytes).toBeLessThan(bundle.wireBytes);
    const plain = await app.request(root![1]!, { host });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(bundle.body);
    expect((await app.request(root![2]!, { host })).status).toBe(200);
  });

  it('loads the swipe deck only on interaction, from its own file', async () => {
    const res = await app.request(
      host === 'curvy.localhost' ? '/de/landers/tinderswipe' : '/landers/tinderswipe',
      { host },
    );
    const src = /data-lazy-script="([^"]+)"/.exec(res.body)?.[1];
    expect(src).toMatch(/^\/_astro\/.+\.js$/);
    const file = await app.request(src!, { host });
    expect(file.status).toBe(200);
    expect(gz(file.body), 'deck script, gzip').toBeLessThanOrEqual(4 * 1024);
  });
});

describe('media of the landers', () => {
  it('keeps the map within its budget', async () => {
    for (const host of ['localhost', 'curvy.localhost']) {
      const map = await app.request('/landers/media/map.svg', { host });
      expect(map.status).toBe(200);
      expect(gz(map.body), `map of ${host}, gzip`).toBeLessThanOrEqual(MAP_BUDGET);
    }
  });

  it('loads the map lazily, as an image of this site', async () => {
    const res = await app.request('/landers/maplanding');
    expect(res.body).toMatch(/<img[^>]*src="\/landers\/media\/map\.svg"[^>]*loading="lazy"/);
    expect(res.body).not.toMatch(/(src|href)="https?:\/\/(?!localhost)/);
  });
});
