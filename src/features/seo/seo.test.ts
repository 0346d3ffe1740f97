import { describe, expect, it } from 'vitest';
import type { TenantInput } from '../../tenancy/tenant.schema.ts';
import { resolveTestSite } from '../../tenancy/cli/test-support.ts';
import {
  alternates,
  canonicalRoute,
  isIndexableRoute,
  organizationJsonLd,
  robotsTxt,
  scriptSafeJson,
  shareImageUrl,
  sitemapRoutes,
  sitemapXml,
} from './seo.ts';

function site(input: Partial<TenantInput> = {}) {
  return resolveTestSite({ id: 's', domains: ['curvy.example'], name: 'Curvy', niche: 'bbw', ...input });
}
const ORIGIN = 'https://curvy.example';

describe('isIndexableRoute', () => {
  it.each([
    '/',
    '/landers/gallery',
    '/landers/gallery/summer-2025',
    '/pages/terms',
    '/pages/return-policy',
    '/pricing',
    '/complaints',
  ])('%s may be indexed', (route) => expect(isIndexableRoute(route)).toBe(true));

  it.each([
    '/members',
    '/members/0123456789abcdef',
    '/members/0123456789abcdef/landing',
    '/members/0123456789abcdef/landing2/x',
    '/likes/m/0123456789abcdef',
    '/chats',
    '/credits',
    '/login',
    '/signup',
    '/profile',
    '/lang-config',
    '/pages/nope',
    '/landers/unknown',
    '/404',
  ])('%s is never indexed', (route) => expect(isIndexableRoute(route)).toBe(false));
});

describe('canonicalRoute', () => {
  it("points every slug of a lander at the niche's own slug", () => {
    const s = site();
    expect(canonicalRoute(s, '/landers/collagelanding/facebook-ad-7')).toBe('/landers/collagelanding/curvy');
    expect(canonicalRoute(s, '/landers/collagelanding')).toBe('/landers/collagelanding/curvy');
    expect(canonicalRoute(s, '/pages/terms')).toBe('/pages/terms');
  });
});

describe('alternates', () => {
  it('lists the visible locales and an x-default in the fallback language', () => {
    const s = site({ locales: ['de', 'en', 'nl'], domain_language: 'nl' });
    expect(alternates(s, ORIGIN, '/pricing')).toEqual([
      { hreflang: 'de', href: `${ORIGIN}/de/pricing` },
      { hreflang: 'nl', href: `${ORIGIN}/nl/pricing` },
      { hreflang: 'x-default', href: `${ORIGIN}/nl/pricing` },
    ]);
    const english = site({ locales: ['de', 'en', 'nl'], domain_language: 'en' });
    expect(alternates(english, ORIGIN, '/pricing')).toEqual([
      { hreflang: 'de', href: `${ORIGIN}/de/pricing` },
      { hreflang: 'en', href: `${ORIGIN}/pricing` },
      { hreflang: 'nl', href: `${ORIGIN}/nl/pricing` },
      { hreflang: 'x-default', href: `${ORIGIN}/pricing` },
    ]);
  });
});

describe('the pages of a site whose own language is not English', () => {
  it('have no English alternate, since every unprefixed page sends visitors to the site language', () => {
    const s = site({ locales: ['de', 'en'], domain_language: 'de' });
    expect(alternates(s, ORIGIN, '/').map((a) => a.hreflang)).toEqual(['de', 'x-default']);
    expect(alternates(s, ORIGIN, '/pricing').map((a) => a.hreflang)).toEqual(['de', 'x-default']);
    expect(sitemapXml(s, ORIGIN)).not.toContain(`<loc>${ORIGIN}/</loc>`);
    expect(sitemapXml(s, ORIGIN)).not.toContain(`<loc>${ORIGIN}/pricing</loc>`);
    expect(sitemapXml(s, ORIGIN)).toContain(`<loc>${ORIGIN}/de/pricing</loc>`);
  });
});

describe('shareImageUrl (spec §4)', () => {
  it('offers an active main image, made absolute', () => {
    expect(shareImageUrl(ORIGIN, { url: '/media/a.webp', status: 'active' })).toBe(`${ORIGIN}/media/a.webp`);
    expect(shareImageUrl(ORIGIN, { url: 'https://cdn.example/a.webp', status: 'active' })).toBe(
      'https://cdn.example/a.webp',
    );
  });

  it('never offers an image awaiting moderation or rejected, or none at all', () => {
    expect(shareImageUrl(ORIGIN, { url: '/media/a.webp', status: 'pending' })).toBeUndefined();
    expect(shareImageUrl(ORIGIN, { url: '/media/a.webp', status: 'rejected' })).toBeUndefined();
    expect(shareImageUrl(ORIGIN, null)).toBeUndefined();
  });
});

describe('sitemap and robots.txt', () => {
  it('list the public pages of one site in each of its languages, on its own origin', () => {
    const s = site({ locales: ['de', 'nl'] });
    const xml = sitemapXml(s, ORIGIN);
    const locs = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]!);
    expect(locs).toHaveLength(sitemapRoutes(s).length * 2);
    expect(locs).toContain(`${ORIGIN}/de/`);
    expect(locs).toContain(`${ORIGIN}/nl/landers/collagelanding/curvy`);
    expect(locs).toContain(`${ORIGIN}/de/pages/privacy`);
    expect(locs.every((loc) => loc.startsWith(`${ORIGIN}/de/`) || loc.startsWith(`${ORIGIN}/nl/`))).toBe(
      true,
    );
    expect(robotsTxt(ORIGIN)).toContain(`Sitemap: ${ORIGIN}/sitemap.xml`);
  });
});

describe('organizationJsonLd', () => {
  it('describes the company and its customer service', () => {
    const data = organizationJsonLd(site(), ORIGIN, 'en') as { '@graph': Record<string, unknown>[] };
    const organization = data['@graph'][0]!;
    expect(organization['@type']).toBe('Organization');
    expect(organization.name).toBe('Example Community Services B.V.');
    expect(organization.telephone).toBe('+31200000000');
    expect(organization.contactPoint).toMatchObject({
      contactType: 'customer service',
      email: 'support@curvy.example',
    });
  });

  it('cannot close its script element, whatever a tenant file says', () => {
    expect(scriptSafeJson({ name: '</script><script>alert(1)</script>' })).not.toContain('</script>');
    expect(JSON.parse(scriptSafeJson({ name: '</script>' }))).toEqual({ name: '</script>' });
  });
});
