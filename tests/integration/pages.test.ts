import { describe, expect, it } from 'vitest';
import { DEMO, DEMO_SITES } from '../support/server.ts';
import { useServer } from '../support/use-server.ts';

const app = useServer();

/** The hrefs of the links inside the page's <footer>. */
function footerLinks(html: string): string[] {
  const footer = /<footer\b[\s\S]*?<\/footer>/i.exec(html)?.[0] ?? '';
  return [...footer.matchAll(/<a\b[^>]*\bhref="([^"]*)"/gi)].map((m) => m[1]!);
}

function title(html: string): string | undefined {
  return /<title>([^<]*)<\/title>/i.exec(html)?.[1];
}

describe('pages of each site', () => {
  it.each(DEMO_SITES)('$host shows its own brand on its index', async (site) => {
    const path = site.host === DEMO.curvy.host ? '/de/' : '/';
    const res = await app.request(path, { host: site.host });
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.body).toContain(site.name);
    for (const other of DEMO_SITES.filter((s) => s.name !== site.name))
      expect(res.body).not.toContain(other.name);
  });

  it('titles the index with the site name', async () => {
    const res = await app.request('/', { host: DEMO.rainbow.host });
    expect(title(res.body)).toContain(DEMO.rainbow.name);
  });
});

describe('the 404 page', () => {
  it.each([
    [DEMO.amber.host, '/no-such-page'],
    [DEMO.rainbow.host, '/pages/no-such-page'],
  ])('on %s %s says the page could not be found, with a link home', async (host, path) => {
    const res = await app.request(path, { host });
    expect(res.status).toBe(404);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.body).toContain('This page could not be found.');
    expect(res.body).toMatch(/<a\b[^>]*href="\/"/);
  });

  it('speaks German under /de/ and links to the German home', async () => {
    const res = await app.request('/de/no-such-page', { host: DEMO.curvy.host });
    expect(res.status).toBe(404);
    expect(res.body).toMatch(/<html[^>]*\blang="de"/);
    expect(res.body).toMatch(/<a\b[^>]*href="\/de\/"/);
  });
});

describe('the footer', () => {
  it('has nine links', async () => {
    const res = await app.request('/', { host: DEMO.amber.host });
    expect(footerLinks(res.body)).toHaveLength(9);
  });

  it('links pages that exist, in the page language', async () => {
    const res = await app.request('/de/', { host: DEMO.curvy.host });
    const links = footerLinks(res.body);
    expect(links).toHaveLength(9);
    for (const href of links) {
      expect(href.startsWith('/de/'), href).toBe(true);
      const page = await app.request(href, { host: DEMO.curvy.host });
      expect(page.status, href).toBe(200);
      expect(page.body, href).toContain(DEMO.curvy.name);
    }
  });

  it.each(['/pages/terms', '/pages/privacy', '/pricing', '/complaints'])(
    'page %s is served in the brand',
    async (path) => {
      const res = await app.request(path, { host: DEMO.rainbow.host });
      expect(res.status).toBe(200);
      expect(res.body).toContain(DEMO.rainbow.name);
    },
  );
});
