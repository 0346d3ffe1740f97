import { describe, expect, it } from 'vitest';
import { DEMO, DEMO_SITES } from '../support/server.ts';
import { useServer } from '../support/use-server.ts';

/*
 * What search engines and link previews see: canonical URLs on the site's own domain, language
 * alternates for the languages it shows, share cards, the organisation as JSON-LD, noindex
 * outside the public pages, and robots.txt and sitemap.xml per host.
 */
const app = useServer();
const origin = (host: string) => `http://${host}:${app.server.port}`;

function attr(html: string, tag: RegExp, name: string): string | undefined {
  const element = tag.exec(html)?.[0];
  return element ? new RegExp(`\\b${name}="([^"]*)"`).exec(element)?.[1]?.replace(/&amp;/g, '&') : undefined;
}
const canonical = (html: string) => attr(html, /<link rel="canonical"[^>]*>/, 'href');
const meta = (html: string, property: string) =>
  attr(html, new RegExp(`<meta (?:property|name)="${property.replace(/[.:]/g, '\\$&')}"[^>]*>`), 'content');
const robots = (html: string) =>
  [...html.matchAll(/<meta name="robots" content="([^"]*)"/g)].map((m) => m[1]);
function alternates(html: string): Record<string, string> {
  return Object.fromEntries(
    [...html.matchAll(/<link rel="alternate" hreflang="([^"]+)" href="([^"]+)"/g)].map((m) => [m[1]!, m[2]!]),
  );
}
function jsonLd(html: string): { '@graph': Record<string, unknown>[] } {
  const text = /<script type="application\/ld\+json">([\s\S]*?)<\/script>/.exec(html)?.[1];
  if (!text) throw new Error('no JSON-LD on the page');
  return JSON.parse(text);
}

describe('canonical URLs', () => {
  it("use the site's canonical domain, not the Host the request came on", async () => {
    const res = await app.request('/pages/terms?utm_source=x', { host: '127.0.0.1' });
    expect(canonical(res.body)).toBe(`${origin('localhost')}/pages/terms`);
    expect(meta(res.body, 'og:url')).toBe(`${origin('localhost')}/pages/terms`);
  });

  it("point every slug of a lander at the niche's own slug", async () => {
    const res = await app.request('/de/landers/collagelanding/fb-ad-17', { host: DEMO.curvy.host });
    expect(res.status).toBe(200);
    expect(canonical(res.body)).toBe(`${origin(DEMO.curvy.host)}/de/landers/collagelanding/curvy`);
  });
});

describe('language alternates', () => {
  it('list the languages the site shows at an address of their own, and x-default in its fallback language', async () => {
    const res = await app.request('/nl/pages/privacy', { host: DEMO.curvy.host });
    const base = origin(DEMO.curvy.host);
    // English has no address of its own here: an unprefixed page leads to the site's German.
    expect(alternates(res.body)).toEqual({
      de: `${base}/de/pages/privacy`,
      nl: `${base}/nl/pages/privacy`,
      'x-default': `${base}/de/pages/privacy`,
    });
    expect(meta(res.body, 'og:locale')).toBe('nl_NL');
  });

  it('cover all eleven languages on a site that shows them all', async () => {
    const res = await app.request('/pricing', { host: DEMO.rainbow.host });
    const links = alternates(res.body);
    expect(Object.keys(links).sort()).toEqual([
      'da',
      'de',
      'en',
      'es',
      'fi',
      'fr',
      'it',
      'nb',
      'nl',
      'pl',
      'sv',
      'x-default',
    ]);
    expect(links['x-default']).toBe(`${origin(DEMO.rainbow.host)}/pricing`);
  });
});

describe('indexing', () => {
  it.each(['/', '/pages/faq', '/pricing', '/complaints', '/landers/gallery'])(
    '%s may be indexed',
    async (path) => {
      const res = await app.request(path, { host: DEMO.amber.host });
      expect(res.status).toBe(200);
      expect(robots(res.body)).toEqual([]);
      expect(canonical(res.body)).toBeDefined();
    },
  );

  it.each(['/login', '/signup', '/lang-config', '/no-such-page'])('%s is never indexed', async (path) => {
    const res = await app.request(path, { host: DEMO.amber.host });
    expect(robots(res.body).length, `${path} answered ${res.status}`).toBeGreaterThan(0);
    expect(robots(res.body).every((r) => r!.includes('noindex'))).toBe(true);
    expect(canonical(res.body)).toBeUndefined();
    expect(alternates(res.body)).toEqual({});
  });
});

describe('share cards', () => {
  it('carry the title, description and URL, and no image on site pages', async () => {
    const res = await app.request('/de/pages/cookies', { host: DEMO.curvy.host });
    const title = /<title>([^<]*)<\/title>/.exec(res.body)?.[1];
    expect(meta(res.body, 'og:title')).toBe(title);
    expect(meta(res.body, 'twitter:title')).toBe(title);
    // The page's own description first: two missing descriptions would compare equal.
    const description = meta(res.body, 'description');
    expect(description).toMatch(/\p{L}{3}.*\p{L}{3}/u);
    expect(meta(res.body, 'og:description')).toBe(description);
    expect(meta(res.body, 'twitter:description')).toBe(description);
    expect(meta(res.body, 'og:site_name')).toBe(DEMO.curvy.name);
    expect(meta(res.body, 'og:type')).toBe('website');
    expect(meta(res.body, 'twitter:card')).toBe('summary');
    expect(meta(res.body, 'og:image')).toBeUndefined();
  });
});

describe('JSON-LD', () => {
  it.each(DEMO_SITES)('$host describes its own company and customer service', async (site) => {
    const path = site.host === DEMO.curvy.host ? '/de/pages/service' : '/pages/service';
    const [organization, website] = jsonLd((await app.request(path, { host: site.host })).body)['@graph'];
    const curvy = site.host === DEMO.curvy.host;
    expect(organization).toMatchObject({
      '@type': 'Organization',
      name: curvy ? 'Kurven Demo GmbH' : 'Amber Demo Media B.V.',
      telephone: curvy ? '+493055501234' : '+31205550100',
      url: `${origin(site.host)}/`,
      contactPoint: { '@type': 'ContactPoint', contactType: 'customer service' },
    });
    expect(website).toMatchObject({ '@type': 'WebSite', name: site.name });
  });
});

describe('robots.txt', () => {
  it.each(DEMO_SITES)('$host points at its own sitemap', async (site) => {
    const res = await app.request('/robots.txt', { host: site.host });
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain/);
    expect(res.body).toContain('User-agent: *');
    expect(res.body).toContain('Disallow: /api/');
    expect(res.body.match(/^Sitemap: .*$/gm)).toEqual([`Sitemap: ${origin(site.host)}/sitemap.xml`]);
  });
});

describe('sitemap.xml', () => {
  const locs = (xml: string) => [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]!);

  it("lists only the host's own public pages, in the languages it shows, and each of them answers", async () => {
    const res = await app.request('/sitemap.xml', { host: DEMO.curvy.host });
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/xml/);
    const base = origin(DEMO.curvy.host);
    const urls = locs(res.body);
    // The English pages are left out: without a language cookie they lead to the site's German.
    expect(urls.length).toBe(19 * 2);
    expect(urls).not.toContain(`${base}/`);
    expect(urls).not.toContain(`${base}/pricing`);
    for (const url of urls) {
      expect(url.startsWith(`${base}/`), url).toBe(true);
      expect(url.slice(base.length), url).toMatch(
        /^\/(de\/|nl\/)?(landers\/[a-z]+\/curvy|pages\/[a-z-]+|pricing|complaints)?$/,
      );
    }
    expect(urls).toContain(`${base}/de/`);
    expect(urls).toContain(`${base}/nl/pages/privacy`);
    expect(urls).toContain(`${base}/de/landers/collagelanding/curvy`);
    for (const url of urls) {
      const page = await app.request(url.slice(base.length), { host: DEMO.curvy.host });
      expect(page.status, url).toBe(200);
      expect(robots(page.body), url).toEqual([]);
    }
  });

  it.each(DEMO_SITES)('$host names no other site', async (site) => {
    const xml = (await app.request('/sitemap.xml', { host: site.host })).body;
    for (const other of DEMO_SITES.filter((s) => s.host !== site.host)) {
      expect(xml).not.toContain(`//${other.host}:`);
    }
    expect(locs(xml).length).toBe(site.host === DEMO.curvy.host ? 19 * 2 : 19 * 11);
  });
});
