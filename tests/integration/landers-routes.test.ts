import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { DEMO_SITES, REPO_ROOT } from '../support/server.ts';
import { FOOTER_PAGES, LANDERS, LOCALES } from '../support/routes.ts';
import { useServer } from '../support/use-server.ts';

/*
 * Every route of issue 4 renders for every demo site in every language it shows: no 404, no
 * message key left untranslated, no placeholder left unfilled.
 */

const MESSAGE_KEYS = new Set(
  Object.keys(JSON.parse(readFileSync(join(REPO_ROOT, 'src/i18n/locales/en.json'), 'utf8')) as object),
);

function siteLocales(id: string): string[] {
  const tenant = JSON.parse(readFileSync(join(REPO_ROOT, 'tenants', `${id}.json`), 'utf8')) as {
    locales?: string[];
  };
  return LOCALES.filter((l) => !tenant.locales || tenant.locales.includes(l));
}

function prefixed(locale: string, path: string): string {
  return locale === 'en' ? path : `/${locale}${path === '/' ? '/' : path}`;
}

/** What a visitor reads: the text between tags, without scripts and styles. */
function visibleText(html: string): string {
  return html
    .replace(/<(script|style)\b[\s\S]*?<\/\1>/gi, ' ')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&amp;/g, '&');
}

/** Problems a visitor would see on a page: raw message keys, unfilled placeholders or plurals. */
function untranslated(html: string): string[] {
  const text = visibleText(html);
  // A key shows as a whole run of word characters and dots (keys are made of nothing else).
  const keys = [...new Set(text.match(/[\w.]+/g) ?? [])].filter((run) => MESSAGE_KEYS.has(run));
  const placeholders = [...text.matchAll(/\{[a-z_]+\}|\{\s*\w+\s*,\s*plural\b|\{#/g)].map((m) => m[0]);
  return [...keys, ...placeholders];
}

const app = useServer({ seedSize: 60 });
/** A public member of each site, found through the like modal (`?t=`), which links the profile. */
const memberOf = new Map<string, string>();

beforeAll(async () => {
  for (const site of DEMO_SITES) {
    const locale = siteLocales(site.id)[0]!;
    const res = await app.request(prefixed(locale === 'de' ? 'de' : 'en', '/landers/gallery?t=30'), {
      host: site.host,
    });
    const id = /\/members\/([a-z0-9]+)"/.exec(res.body)?.[1];
    if (id) memberOf.set(site.host, id);
  }
});

/** Requests with a few in flight, so the walk takes seconds, not minutes. */
async function walk(
  requests: Array<{ host: string; path: string }>,
  check: (r: { host: string; path: string }, status: number, body: string) => void,
) {
  const queue = [...requests];
  await Promise.all(
    Array.from({ length: 4 }, async () => {
      for (let next = queue.shift(); next; next = queue.shift()) {
        // English pages of a site in another language are read by visitors who chose English.
        const res = await app.request(next.path, { host: next.host, headers: { cookie: 'locale=en' } });
        check(next, res.status, res.body);
      }
    }),
  );
}

describe('every route of the landers and footer pages', () => {
  it('finds a public member on each demo site for the profile landers', () => {
    for (const site of DEMO_SITES) expect(memberOf.get(site.host), site.host).toBeTruthy();
  });

  it('renders for every site in every visible locale, translated', async () => {
    const requests: Array<{ host: string; path: string }> = [];
    for (const site of DEMO_SITES) {
      const id = memberOf.get(site.host);
      const routes = [
        '/',
        ...LANDERS.map((l) => `/landers/${l}`),
        ...LANDERS.map((l) => `/landers/${l}/any-slug-at-all`),
        ...FOOTER_PAGES,
        '/lang-config',
        ...(id
          ? [
              `/members/${id}/landing`,
              `/members/${id}/landing2`,
              `/members/${id}/landing3/x`,
              `/members/${id}/signup`,
            ]
          : []),
      ];
      for (const locale of siteLocales(site.id)) {
        for (const route of routes) requests.push({ host: site.host, path: prefixed(locale, route) });
      }
    }
    const failures: string[] = [];
    await walk(requests, ({ host, path }, status, body) => {
      if (status !== 200) failures.push(`${host}${path}: ${status}`);
      else {
        const problems = untranslated(body);
        if (problems.length) failures.push(`${host}${path}: ${problems.join(', ')}`);
      }
    });
    expect(failures).toEqual([]);
    expect(requests.length).toBeGreaterThan(500);
  }, 240_000);
});

describe('landers', () => {
  it('answer any slug and 404 only for an unknown lander', async () => {
    expect((await app.request('/landers/gallery/whatever-the-ad-said')).status).toBe(200);
    expect((await app.request('/landers/no-such-lander')).status).toBe(404);
    expect((await app.request('/landers/no-such-lander/slug')).status).toBe(404);
  });

  it('show the niche default lander at the index', async () => {
    const curvy = await app.request('/de/', { host: 'curvy.localhost' });
    expect(curvy.body).toContain('data-lander="collagelanding"');
    const silver = await app.request('/', { host: 'silver.localhost' });
    expect(silver.body).toContain('data-lander="alonetonight"');
  });

  it('lead every call to action to signup, without script', async () => {
    const res = await app.request('/landers/iconslanding');
    expect(res.body).toMatch(/<a[^>]*href="\/signup"[^>]*data-signup/);
    const de = await app.request('/de/landers/iconslanding');
    expect(de.body).toMatch(/<a[^>]*href="\/de\/signup"[^>]*data-signup/);
  });

  it('show only members public pages may show, fictional ones labelled', async () => {
    const res = await app.request('/landers/gallery');
    const cards = res.body.match(/<li class="member-card[^"]*"[\s\S]*?<\/li>/g) ?? [];
    expect(cards.length).toBeGreaterThan(0);
    // The seed makes fictional members; where one appears the warning is there in full.
    if (res.body.includes('badge-fictional')) expect(res.body).toContain('This profile is fictional');
  });

  it('write member counts in the form their number needs in each language', async () => {
    const nouns: Record<string, { one: string; other: string; few?: string; many?: string }> = {
      en: { one: 'member', other: 'members' },
      de: { one: 'Mitglied', other: 'Mitglieder' },
      fr: { one: 'membre', other: 'membres' },
      pl: { one: 'członek', few: 'członków', many: 'członków', other: 'członka' },
    };
    for (const [locale, forms] of Object.entries(nouns)) {
      const res = await app.request(prefixed(locale, '/landers/maplanding'));
      expect(res.status).toBe(200);
      const section = /class="container py-5 map-section"[\s\S]*?<\/section>/.exec(res.body)?.[0] ?? '';
      const counts = [...section.matchAll(/<strong>([^<]+)<\/strong>/g)].map((m) => m[1]!);
      expect(counts.length, locale).toBeGreaterThan(0);
      const rules = new Intl.PluralRules(locale);
      const number = new Intl.NumberFormat(locale);
      for (const text of counts) {
        const n = Number(text.replace(/\D/g, ''));
        const category = rules.select(n) as keyof typeof forms;
        expect(text).toBe(`${number.format(n)} ${forms[category] ?? forms.other}`);
      }
    }
  });

  it('draw the map for the site only, and serve no other file', async () => {
    const map = await app.request('/landers/media/map.svg', { host: 'curvy.localhost' });
    expect(map.status).toBe(200);
    expect(map.headers['content-type']).toMatch(/^image\/svg\+xml/);
    expect(map.body).toContain('<svg');
    expect((await app.request('/landers/media/../../kindred.sqlite')).status).toBe(404);
    expect((await app.request('/landers/media/video-000000000000.webm')).status).toBe(404);
  });
});

describe('profile landers', () => {
  it('are not indexable', async () => {
    const id = memberOf.get('localhost')!;
    const res = await app.request(`/members/${id}/landing`);
    expect(res.status).toBe(200);
    expect(res.body).toMatch(/<meta name="robots" content="noindex/);
  });

  it('are 404 for an unknown id and for a member of another network', async () => {
    expect((await app.request('/members/nosuchmember00000/landing')).status).toBe(404);
    const curvyMember = memberOf.get('curvy.localhost')!;
    expect((await app.request(`/members/${curvyMember}/landing`, { host: 'localhost' })).status).toBe(404);
    expect((await app.request(`/members/${curvyMember}/signup`, { host: 'rainbow.localhost' })).status).toBe(
      404,
    );
  });

  it('are 404 for a member outside the niche of the site', async () => {
    // Silver Sparks shows women over 50; Rainbow Lane men seeking men: nobody is on both.
    const silverMember = memberOf.get('silver.localhost')!;
    expect(
      (await app.request(`/members/${silverMember}/landing`, { host: 'rainbow.localhost' })).status,
    ).toBe(404);
  });
});

describe('campaign tokens', () => {
  it('redirect to their lander with the tracking parameters, uncached', async () => {
    const res = await app.request('/summer');
    expect(res.status).toBe(302);
    expect(res.headers.location).toBe('/landers/gallery/summer?network=demo-ads&ref=summer-campaign');
    expect(res.headers['cache-control']).toBe('no-store');
    const de = await app.request('/de/summer');
    expect(de.headers.location).toBe('/de/landers/gallery/summer?network=demo-ads&ref=summer-campaign');
  });

  it('are 404 when unknown, and never hide a page or a locale prefix', async () => {
    expect((await app.request('/winter')).status).toBe(404);
    expect((await app.request('/summer', { host: 'rainbow.localhost' })).status).toBe(404);
    expect((await app.request('/pricing')).status).toBe(200);
    expect((await app.request('/nl')).status).toBe(200);
  });
});

describe('lang-config', () => {
  it('offers the languages of the visitor country first, the others one click further', async () => {
    // Without a trusted proxy the country is the site's default: Kurvenreich's is DE.
    const res = await app.request('/de/lang-config', { host: 'curvy.localhost' });
    expect(res.status).toBe(200);
    const section = /<section[^>]*lang-config[\s\S]*?<\/section>/.exec(res.body)?.[0] ?? '';
    const [offered, more = ''] = section.split('lang-more');
    expect(offered).toContain('locale=de&amp;');
    expect(offered).toContain('locale=en&amp;');
    expect(offered).not.toContain('locale=nl&amp;');
    expect(more).toContain('locale=nl&amp;');
  });
});

describe('beacons', () => {
  it('log a bounce sent as text/plain, as navigator.sendBeacon does', async () => {
    const res = await app.request('/api/bounce.php', {
      method: 'POST',
      headers: { 'content-type': 'text/plain;charset=UTF-8', origin: `http://localhost:${app.server.port}` },
      body: JSON.stringify({ page: '/landers/gallery?ref=x', ms: 4200 }),
    });
    expect(res.status).toBe(204);
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('refuse a bounce that is not one, in the visitor language', async () => {
    const res = await app.request('/api/bounce.php', {
      method: 'POST',
      body: { page: 'https://elsewhere.example/', ms: -5 },
    });
    expect(res.status).toBe(422);
    expect(res.json()).toMatchObject({ error: 'validation', fields: { page: 'invalid', ms: 'invalid' } });
    const broken = await app.request('/api/bounce.php', {
      method: 'POST',
      headers: { 'content-type': 'text/plain' },
      body: '{not json',
    });
    expect(broken.status).toBe(422);
  });

  it('acknowledge the page-hidden beacon with its empty JSON body', async () => {
    expect((await app.request('/api/page-hidden.php', { method: 'POST', body: {} })).status).toBe(204);
    expect(
      (
        await app.request('/api/page-hidden.php', {
          method: 'POST',
          headers: { 'content-type': 'text/plain' },
          body: '',
        })
      ).status,
    ).toBe(204);
  });

  it('refuse a beacon from another site', async () => {
    const res = await app.request('/api/bounce.php', {
      method: 'POST',
      headers: { origin: 'http://rainbow.localhost' },
      body: { page: '/', ms: 1 },
    });
    expect(res.status).toBe(403);
  });
});
