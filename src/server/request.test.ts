import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { LOCALES } from '../i18n/locales.ts';
import { resolveSite, type Site } from '../tenancy/site.ts';
import type { Niche } from '../tenancy/niche.schema.ts';
import type { Theme } from '../tenancy/theme.schema.ts';
import {
  clientIp,
  isHeaderSafe,
  isUnprefixedPage,
  localePath,
  originAllowed,
  pageLocaleRedirect,
  readCookie,
  requestScheme,
  rootLocaleRedirect,
  routeLocale,
  sameSitePath,
  siteOrigin,
  visitorCountry,
} from './request.ts';

const niche = {
  id: 'general',
  landing_slug: 'dating',
  default_lander: 'gallery',
  audience: {
    genders: ['male', 'female'],
    seeking: ['male', 'female'],
    min_age: 18,
    max_age: 99,
    body_types: [],
  },
  signup_defaults: { gender: 'male', seeking: 'female' },
  default_search: { gender: 'female', min_age: 18, max_age: 45 },
  copy: { index_title: 'a', description: 'b', headline: 'c', tagline: 'd' },
  imagery: { avatar_style: 'personas', hero_gradient: ['#000000', '#ffffff'] },
  featured_interests: [],
  adult_interests: false,
} satisfies Niche;
const theme: Theme = {
  id: 'amber',
  label: 'Amber',
  colors: { primary: '#ffb300', secondary: '#d2561b', theme_color: '#ffb300' },
  color_scheme: 'light',
};

function site(extra: Partial<Parameters<typeof resolveSite>[1]> = {}): Site {
  return resolveSite(
    'tenants/t.json',
    { id: 't', domains: ['example.test', 'other.test'], name: 'T', niche: 'general', ...extra },
    niche,
    theme,
  );
}

describe('routeLocale', () => {
  it('serves unprefixed paths in English', () => {
    expect(routeLocale('/members', '', site())).toEqual({ kind: 'serve', locale: 'en', path: '/members' });
  });
  it('strips a visible prefix and serves in that locale', () => {
    expect(routeLocale('/de/members', '', site())).toEqual({ kind: 'serve', locale: 'de', path: '/members' });
    expect(routeLocale('/de', '', site())).toEqual({ kind: 'serve', locale: 'de', path: '/' });
    expect(routeLocale('/de/', '', site())).toEqual({ kind: 'serve', locale: 'de', path: '/' });
  });
  it('redirects /en/ permanently to the unprefixed path, keeping the query', () => {
    expect(routeLocale('/en/pages/faq', '?x=1', site())).toEqual({
      kind: 'redirect',
      location: '/pages/faq?x=1',
      permanent: true,
    });
    expect(routeLocale('/en', '', site())).toEqual({ kind: 'redirect', location: '/', permanent: true });
  });
  it('answers 404 for a locale the site does not show', () => {
    expect(routeLocale('/fi/', '', site({ locales: ['de', 'en'] })).kind).toBe('not_found');
  });
  it('leaves two-letter paths that are not locales alone', () => {
    expect(routeLocale('/xx/y', '', site())).toEqual({ kind: 'serve', locale: 'en', path: '/xx/y' });
    expect(routeLocale('/dex', '', site())).toEqual({ kind: 'serve', locale: 'en', path: '/dex' });
  });
  it('moves unprefixed pages to the site language when English is not shown', () => {
    const s = site({ locales: ['de', 'nl'], domain_language: 'de-DE' });
    expect(routeLocale('/pages/faq', '', s)).toEqual({
      kind: 'redirect',
      location: '/de/pages/faq',
      permanent: false,
    });
  });
  it('serves the service worker at the root of every site, even one without English', () => {
    const s = site({ locales: ['de', 'nl'], domain_language: 'de-DE' });
    expect(routeLocale('/sw.js', '?locale=de', s)).toEqual({ kind: 'serve', locale: 'de', path: '/sw.js' });
    expect(routeLocale('/sw.js', '', site())).toEqual({ kind: 'serve', locale: 'en', path: '/sw.js' });
  });
  it('is a pure function of the URL: every locale round-trips through localePath', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...LOCALES.filter((l) => l !== 'en')),
        fc.stringMatching(/^(\/[a-z0-9-]{1,8}){0,3}$/),
        (locale, path) => {
          const p = path === '' ? '/' : path;
          const route = routeLocale(localePath(locale, p), '', site());
          expect(route).toEqual({ kind: 'serve', locale, path: p });
        },
      ),
    );
  });
});

describe('rootLocaleRedirect', () => {
  it('prefers a remembered visible choice, then domain_language, else stays', () => {
    const s = site({ domain_language: 'de-AT', locales: ['de', 'en', 'nl'] });
    expect(rootLocaleRedirect(s, undefined)).toBe('de');
    expect(rootLocaleRedirect(s, 'nl')).toBe('nl');
    expect(rootLocaleRedirect(s, 'en')).toBeUndefined();
    expect(rootLocaleRedirect(s, 'fi')).toBe('de'); // not visible: ignored
    expect(rootLocaleRedirect(site(), undefined)).toBeUndefined();
    expect(rootLocaleRedirect(site({ domain_language: 'no' }), undefined)).toBe('nb');
  });
});

describe('pageLocaleRedirect', () => {
  const german = () => site({ domain_language: 'de-DE', locales: ['de', 'en', 'nl'] });

  it('moves every unprefixed page of a German site to German, as /', () => {
    for (const path of [
      '/',
      '/login',
      '/pricing',
      '/landers/video',
      '/members/abc/landing',
      '/pages/faq',
      '/summer',
    ])
      expect(pageLocaleRedirect(german(), 'GET', path, undefined), path).toBe('de');
    expect(pageLocaleRedirect(german(), 'HEAD', '/login', undefined)).toBe('de');
  });

  it('keeps a remembered choice, and English sites in English', () => {
    expect(pageLocaleRedirect(german(), 'GET', '/login', 'en')).toBeUndefined();
    expect(pageLocaleRedirect(german(), 'GET', '/login', 'nl')).toBe('nl');
    expect(pageLocaleRedirect(site(), 'GET', '/login', undefined)).toBeUndefined();
  });

  it('leaves the offline page in English where the site shows English (the worker fetches it without cookies)', () => {
    expect(pageLocaleRedirect(german(), 'GET', '/offline', undefined)).toBeUndefined();
    expect(pageLocaleRedirect(german(), 'GET', '/offline', 'nl')).toBeUndefined();
    expect(
      pageLocaleRedirect(
        site({ domain_language: 'de-DE', locales: ['de', 'nl'] }),
        'GET',
        '/offline',
        undefined,
      ),
    ).toBe('de');
  });

  it('leaves prefixed pages, files, media, the API and posted forms alone', () => {
    for (const path of [
      '/de/login',
      '/nl/',
      '/api/settings.php',
      '/media/x/y.webp',
      '/landers/media/map.svg',
      '/robots.txt',
      '/sitemap.xml',
      '/_astro/a.css',
      '/bench/bare',
    ])
      expect(pageLocaleRedirect(german(), 'GET', path, undefined), path).toBeUndefined();
    expect(pageLocaleRedirect(german(), 'POST', '/login', undefined)).toBeUndefined();
  });

  it('tells pages from other paths', () => {
    expect(isUnprefixedPage('/xx/y')).toBe(true); // not a locale: an English page
    expect(isUnprefixedPage('/dex')).toBe(true);
    expect(isUnprefixedPage('/de')).toBe(false);
    expect(isUnprefixedPage('/favicon.ico')).toBe(false);
  });
});

describe('originAllowed', () => {
  const s = site();
  it('accepts the site’s own domains on any port and without Origin', () => {
    expect(originAllowed('http://example.test:4321', s.domains, '/api/user.php')).toBe(true);
    expect(originAllowed('https://www.other.test', s.domains, '/api/user.php')).toBe(true);
    expect(originAllowed(null, s.domains, '/api/user.php')).toBe(true);
  });
  it('refuses other origins, opaque origins and garbage', () => {
    expect(originAllowed('https://evil.test', s.domains, '/api/user.php')).toBe(false);
    expect(originAllowed('https://example.test.evil.test', s.domains, '/api/user.php')).toBe(false);
    expect(originAllowed('null', s.domains, '/api/user.php')).toBe(false);
    expect(originAllowed('not a url', s.domains, '/api/user.php')).toBe(false);
  });
  it('lets payment webhooks through (they are verified with the provider)', () => {
    expect(originAllowed('https://provider.test', s.domains, '/api/payment-webhook.php')).toBe(true);
  });
});

describe('proxy headers', () => {
  const s = site({ default_country: 'NL', countries: ['NL', 'DE'] });
  it('believes the country header only when the proxy is trusted', () => {
    expect(visitorCountry('de', true, s)).toEqual({ country: 'DE', known: true });
    expect(visitorCountry('DE', false, s)).toEqual({ country: 'NL', known: false });
    expect(visitorCountry('XX', true, s)).toEqual({ country: 'NL', known: false });
    expect(visitorCountry('<script>', true, s)).toEqual({ country: 'NL', known: false });
  });
  it('reads scheme and client IP from the first hop only when trusted', () => {
    expect(requestScheme('https, http', true, 'http')).toBe('https');
    expect(requestScheme('https', false, 'http')).toBe('http');
    expect(clientIp('203.0.113.9, 10.0.0.1', true, '127.0.0.1')).toBe('203.0.113.9');
    expect(clientIp('203.0.113.9', false, '127.0.0.1')).toBe('127.0.0.1');
  });
});

describe('helpers', () => {
  it('builds the site origin from its canonical domain', () => {
    expect(siteOrigin(site(), 'https', undefined)).toBe('https://example.test');
    expect(siteOrigin(site(), 'http', 4321)).toBe('http://example.test:4321');
    expect(siteOrigin(site(), 'https', 443)).toBe('https://example.test');
  });
  it('reads cookies and survives malformed values', () => {
    expect(readCookie('a=1; locale=de; b=2', 'locale')).toBe('de');
    expect(readCookie('locale=%E0%A4%A', 'locale')).toBeUndefined();
    expect(readCookie(null, 'locale')).toBeUndefined();
  });
});

describe('sameSitePath', () => {
  it('keeps a path of this site with its query and fragment', () => {
    expect(sameSitePath('/de/members?page=2#top', '/')).toBe('/de/members?page=2#top');
  });

  it('refuses other hosts, schemes and backslash tricks', () => {
    for (const next of [
      '//evil.example/x',
      '/\\evil.example',
      'https://evil.example/',
      'x',
      '',
      null,
      '/a b',
    ])
      expect(sameSitePath(next, '/fallback')).toBe('/fallback');
  });

  it('never answers a byte a Location header cannot carry', () => {
    expect(sameSitePath('/a\u0000b', '/')).toBe('/a%00b');
    expect(sameSitePath('/x\r\nSet-Cookie: a=1', '/')).toBe('/');
    expect(sameSitePath('/\ufffd%A', '/')).toBe('/%EF%BF%BD%A');
    expect(sameSitePath('/\ud800x', '/')).toBe('/%EF%BF%BDx');
    fc.assert(
      fc.property(fc.string({ unit: 'binary' }), (tail) => {
        const path = sameSitePath(`/${tail}`, '/');
        expect(isHeaderSafe(path)).toBe(true);
        expect(() => new Headers({ location: path })).not.toThrow();
        expect(path.startsWith('/') && !path.startsWith('//')).toBe(true);
      }),
    );
  }, 30_000);
});
