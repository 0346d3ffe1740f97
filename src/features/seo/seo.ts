import type { PhotoStatus } from '../../db/database.ts';
import { DEFAULT_LOCALE, type Locale } from '../../i18n/locales.ts';
import { fallbackLocale, isUnprefixedPage, localePath, rootLocaleRedirect } from '../../server/request.ts';
import { LANDERS } from '../../tenancy/niche.schema.ts';
import type { Site } from '../../tenancy/site.ts';
import { FOOTER_PAGES } from '../pages/index.ts';
import { cleanPhone } from '../shell/links.ts';

/**
 * What search engines and link previews see of a site: which pages may be indexed, their
 * canonical addresses and language alternates, the sitemap, robots.txt, share cards and the
 * organisation behind the site. Pure functions of the site and the route; the components and
 * endpoints only print them.
 */

/** Public pages besides the index, the landers and the footer pages. */
const PUBLIC_PAGES = ['/pricing', '/complaints'] as const;

const LANDER_ROUTE = new RegExp(`^/landers/(${LANDERS.join('|')})(?:/[^/]+)?/?$`);
const FOOTER_ROUTE = new RegExp(`^/pages/(${FOOTER_PAGES.join('|')})$`);

/**
 * Whether a route (the path without its locale prefix) may be indexed. An allow-list: the
 * member area, account pages and member profiles (landing pages included) are never indexed,
 * whatever a page forgets to say.
 */
export function isIndexableRoute(routePath: string): boolean {
  return (
    routePath === '/' ||
    LANDER_ROUTE.test(routePath) ||
    FOOTER_ROUTE.test(routePath) ||
    (PUBLIC_PAGES as readonly string[]).includes(routePath)
  );
}

/**
 * The one address of a page's content. Lander slugs are free labels for campaigns, so every
 * slug of a lander shows the same page: its canonical address carries the niche's own slug.
 */
export function canonicalRoute(site: Site, routePath: string): string {
  const lander = LANDER_ROUTE.exec(routePath);
  if (lander) return `/landers/${lander[1]}/${site.nicheConfig.landing_slug}`;
  return routePath;
}

export interface Alternate {
  hreflang: string;
  href: string;
}

/**
 * The languages a route can be reached in without a redirect. A site whose own language is not
 * English sends a visitor without a language cookie from every unprefixed page to its language
 * (spec §4), so its English pages are no address to give search engines.
 */
export function routeLocales(site: Site, route: string): Locale[] {
  if (!isUnprefixedPage(route) || rootLocaleRedirect(site, undefined) === undefined) return site.locales;
  return site.locales.filter((locale) => locale !== DEFAULT_LOCALE);
}

/** The page in each of the site's languages, and `x-default` for visitors of any other. */
export function alternates(site: Site, origin: string, route: string): Alternate[] {
  const links: Alternate[] = routeLocales(site, route).map((locale) => ({
    hreflang: locale,
    href: origin + localePath(locale, route),
  }));
  links.push({ hreflang: 'x-default', href: origin + localePath(fallbackLocale(site), route) });
  return links;
}

/** Open Graph locales are language_TERRITORY; each language's main territory. */
const OG_LOCALES: Record<Locale, string> = {
  da: 'da_DK',
  de: 'de_DE',
  en: 'en_GB',
  es: 'es_ES',
  fi: 'fi_FI',
  fr: 'fr_FR',
  it: 'it_IT',
  nb: 'nb_NO',
  nl: 'nl_NL',
  pl: 'pl_PL',
  sv: 'sv_SE',
};

export function ogLocale(locale: Locale): string {
  return OG_LOCALES[locale];
}

/** A photo offered as a page's share image: its public address and moderation status. */
export interface ShareImageCandidate {
  url: string;
  status: PhotoStatus;
}

/**
 * Spec §4: a main image is used as the share image only while its status is active, so a photo
 * awaiting moderation or rejected never appears in link previews. Relative URLs are made
 * absolute on the site's origin (previews fetch them from elsewhere).
 */
export function shareImageUrl(
  origin: string,
  image: ShareImageCandidate | null | undefined,
): string | undefined {
  if (!image || image.status !== 'active') return undefined;
  return /^https?:\/\//.test(image.url)
    ? image.url
    : origin + (image.url.startsWith('/') ? image.url : `/${image.url}`);
}

/**
 * JSON-LD for the company behind the site and the site itself (schema.org Organization and
 * WebSite), with the customer-service contact.
 */
export function organizationJsonLd(site: Site, origin: string, locale: Locale): Record<string, unknown> {
  const company = site.company;
  const phone = cleanPhone(site.supportPhone);
  const organizationId = `${origin}/#organization`;
  // Only this brand: a site never advertises its sister brands (they may share a company but
  // are separate products to their visitors); the legal pages list every trade name.
  const tradenames = site.name === company.name ? [] : [site.name];
  return {
    '@context': 'https://schema.org',
    '@graph': [
      {
        '@type': 'Organization',
        '@id': organizationId,
        name: company.name,
        legalName: company.name,
        ...(tradenames.length ? { alternateName: tradenames } : {}),
        url: `${origin}/`,
        email: site.supportEmail,
        telephone: phone,
        ...(company.vat_numbers[0] ? { vatID: company.vat_numbers[0] } : {}),
        address: {
          '@type': 'PostalAddress',
          streetAddress: company.address,
          addressLocality: company.city,
          addressCountry: company.country,
        },
        contactPoint: {
          '@type': 'ContactPoint',
          contactType: 'customer service',
          email: site.supportEmail,
          telephone: phone,
          availableLanguage: site.locales,
        },
      },
      {
        '@type': 'WebSite',
        '@id': `${origin}/#website`,
        url: `${origin}/`,
        name: site.name,
        inLanguage: locale,
        publisher: { '@id': organizationId },
      },
    ],
  };
}

/** JSON for inside a `<script>` element: `<` escaped, so no value can close the element. */
export function scriptSafeJson(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

/** The site's public routes, each listed once in the sitemap with its language versions. */
export function sitemapRoutes(site: Site): string[] {
  return [
    '/',
    ...LANDERS.map((lander) => canonicalRoute(site, `/landers/${lander}`)),
    ...FOOTER_PAGES.map((page) => `/pages/${page}`),
    ...PUBLIC_PAGES,
  ];
}

function xmlEscape(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

/**
 * `sitemap.xml` of one site: every public page in every language the site shows, each with its
 * alternates, on the site's canonical origin only.
 */
export function sitemapXml(site: Site, origin: string): string {
  const entries: string[] = [];
  for (const route of sitemapRoutes(site)) {
    const links = alternates(site, origin, route)
      .map((a) => `<xhtml:link rel="alternate" hreflang="${a.hreflang}" href="${xmlEscape(a.href)}"/>`)
      .join('');
    for (const locale of routeLocales(site, route)) {
      entries.push(`<url><loc>${xmlEscape(origin + localePath(locale, route))}</loc>${links}</url>`);
    }
  }
  return (
    '<?xml version="1.0" encoding="UTF-8"?>\n' +
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">\n' +
    entries.join('\n') +
    '\n</urlset>\n'
  );
}

/** `robots.txt` of one site: everything but the API may be crawled; pages say noindex themselves. */
export function robotsTxt(origin: string): string {
  return [
    'User-agent: *',
    'Disallow: /api/',
    'Disallow: /checkout/',
    '',
    `Sitemap: ${origin}/sitemap.xml`,
    '',
  ].join('\n');
}
