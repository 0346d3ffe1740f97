import type { AstroCookies } from 'astro';
import { DEFAULT_LOCALE, isLocale, type Locale } from '../i18n/locales.ts';
import { normalizeHost } from '../tenancy/host.ts';
import type { Site } from '../tenancy/site.ts';
import { resolveSitePath } from '../lib/site-path.ts';

/** Name of the cookie that remembers the visitor's language choice (spec §4: 365 days). */
export const LOCALE_COOKIE = 'locale';
export const LOCALE_COOKIE_MAX_AGE = 365 * 24 * 60 * 60;

export type LocaleRoute =
  /** Serve `path` (the URL without its locale prefix) in `locale`. */
  | { kind: 'serve'; locale: Locale; path: string }
  /** Redirect to `location` (permanent: `/en/…` has one canonical URL, `/…`). */
  | { kind: 'redirect'; location: string; permanent: boolean }
  | { kind: 'not_found'; locale: Locale };

/**
 * Files that answer at the root of every site, whatever languages it shows: a service worker's
 * script may not be redirected (the registration fails), and its scope is its folder.
 */
const ROOT_FILES: ReadonlySet<string> = new Set(['/sw.js']);

/**
 * The locale of a page is a pure function of its URL: no prefix is English, `/de/…` German.
 * `/en/…` redirects permanently to `/…`; a prefix of a locale the site does not show is a 404.
 * On a site that does not show English, unprefixed pages move to the site's own language.
 */
export function routeLocale(pathname: string, search: string, site: Site): LocaleRoute {
  if (ROOT_FILES.has(pathname)) return { kind: 'serve', locale: fallbackLocale(site), path: pathname };
  const match = /^\/([a-z]{2})(\/.*)?$/.exec(pathname);
  const prefix = match?.[1];
  if (prefix && isLocale(prefix)) {
    const rest = match?.[2] || '/';
    if (prefix === DEFAULT_LOCALE) return { kind: 'redirect', location: rest + search, permanent: true };
    if (!site.locales.includes(prefix)) return { kind: 'not_found', locale: fallbackLocale(site) };
    return { kind: 'serve', locale: prefix, path: rest };
  }
  if (!site.locales.includes(DEFAULT_LOCALE)) {
    return {
      kind: 'redirect',
      location: localePath(fallbackLocale(site), pathname) + search,
      permanent: false,
    };
  }
  return { kind: 'serve', locale: DEFAULT_LOCALE, path: pathname };
}

/** The locale a site falls back to: its `domain_language` when visible, else its first locale. */
export function fallbackLocale(site: Site): Locale {
  return site.domainLocale ?? (site.locales.includes(DEFAULT_LOCALE) ? DEFAULT_LOCALE : site.locales[0]!);
}

/**
 * The language of an API answer: the client's `X-Locale`, else the visitor's chosen locale (its
 * cookie), else the site's, each only when the site shows it.
 */
export function apiLocale(site: Site, asked: string | null, chosen: Locale | undefined): Locale {
  if (isLocale(asked) && site.locales.includes(asked)) return asked;
  return chosen && site.locales.includes(chosen) ? chosen : fallbackLocale(site);
}

/**
 * Spec §4: a remembered choice wins; without one, the site's `domain_language` (first two
 * letters) picks the locale. Returns the prefix to redirect to, or undefined to stay.
 */
export function rootLocaleRedirect(site: Site, cookieLocale: string | undefined): Locale | undefined {
  const chosen = isLocale(cookieLocale) && site.locales.includes(cookieLocale) ? cookieLocale : undefined;
  const target = chosen ?? site.domainLocale;
  return target && target !== DEFAULT_LOCALE ? target : undefined;
}

/** Paths that are not pages in a language: files, media, the API and the benchmark's bare routes. */
const UNLOCALIZED_PATHS = /^\/(?:api|media|_astro|bench|landers\/media)(?:\/|$)|\/[^/]*\.[a-z0-9]+$/i;

/**
 * Whether `pathname` is a page without a locale prefix: the one language rule (spec §4) applies
 * to every such page alike, so a German site is German from whatever page a visitor lands on.
 */
export function isUnprefixedPage(pathname: string): boolean {
  if (UNLOCALIZED_PATHS.test(pathname)) return false;
  const prefix = /^\/([a-z]{2})(?:\/|$)/.exec(pathname)?.[1];
  return !(prefix && isLocale(prefix));
}

/**
 * Pages whose language is their address alone, never a visitor's choice or the site's language:
 * the service worker fetches the offline page without cookies and keeps no redirected answer,
 * so `/offline` must stay English for the English members of a German site to have one.
 */
const PAGES_IN_THE_LANGUAGE_OF_THEIR_ADDRESS = new Set(['/offline']);

/**
 * The locale an unprefixed page moves to (its prefix), or undefined to serve it in English:
 * `rootLocaleRedirect`'s rule, for every page and not only `/`. Only reads are moved; a form
 * posted to an unprefixed path is answered where it was sent.
 */
export function pageLocaleRedirect(
  site: Site,
  method: string,
  pathname: string,
  cookieLocale: string | undefined,
): Locale | undefined {
  if (method !== 'GET' && method !== 'HEAD') return undefined;
  if (!isUnprefixedPage(pathname)) return undefined;
  if (PAGES_IN_THE_LANGUAGE_OF_THEIR_ADDRESS.has(pathname) && site.locales.includes(DEFAULT_LOCALE))
    return undefined;
  return rootLocaleRedirect(site, cookieLocale);
}

/** `/members` in `de` is `/de/members`; English has no prefix. */
export function localePath(locale: Locale, path: string): string {
  const clean = path.startsWith('/') ? path : `/${path}`;
  if (locale === DEFAULT_LOCALE) return clean;
  return clean === '/' ? `/${locale}/` : `/${locale}${clean}`;
}

/**
 * The origin of a site as visitors reach it: its canonical domain (never the request's Host),
 * the public scheme and, where a port must be named, PUBLIC_PORT.
 */
export function siteOrigin(site: Site, scheme: 'http' | 'https', publicPort: number | undefined): string {
  const defaultPort = scheme === 'https' ? 443 : 80;
  const port = publicPort && publicPort !== defaultPort ? `:${publicPort}` : '';
  return `${scheme}://${site.primaryDomain}${port}`;
}

/** Methods that change nothing: exempt from the origin check. */
export const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** Paths that accept requests without a same-site Origin (API.md: beacons, checkout form, webhooks). */
const ORIGIN_EXEMPT = [
  /^\/api\/payment-webhook\.php$/,
  // A mail client's one-click unsubscribe (RFC 8058) and the mail server's reports: neither
  // comes from the site's pages; a signed token and a bearer secret authorise them.
  /^\/api\/unsubscribe\.php$/,
  /^\/api\/mail-events\.php$/,
];

/**
 * Whether a mutating request may proceed: its `Origin`, when present, must be one of the site's
 * own domains (any port, the scheme we serve). Without Origin (old browsers, server-to-server)
 * the session cookie's SameSite=Lax already keeps cross-site form posts out.
 */
export function originAllowed(origin: string | null, domains: readonly string[], pathname: string): boolean {
  if (ORIGIN_EXEMPT.some((re) => re.test(pathname))) return true;
  if (origin === null) return true;
  if (origin === 'null') return false;
  try {
    const host = normalizeHost(new URL(origin).host);
    return domains.some((d) => normalizeHost(d) === host);
  } catch {
    return false;
  }
}

/**
 * The visitor's country: the trusted proxy's header when believed (`known`), else the site's
 * fallback country.
 */
export function visitorCountry(
  headerValue: string | null,
  trustProxy: boolean,
  site: Site,
): { country: string; known: boolean } {
  const value = headerValue?.trim().toUpperCase();
  if (trustProxy && value && /^[A-Z]{2}$/.test(value) && value !== 'XX')
    return { country: value, known: true };
  return { country: site.defaultCountry, known: false };
}

/** The scheme the visitor used: the proxy's word when trusted, else the configured public scheme. */
export function requestScheme(
  forwardedProto: string | null,
  trustProxy: boolean,
  publicScheme: 'http' | 'https',
): 'http' | 'https' {
  if (trustProxy && forwardedProto) {
    const first = forwardedProto.split(',')[0]!.trim().toLowerCase();
    if (first === 'https' || first === 'http') return first;
  }
  return publicScheme;
}

/** The client's IP: the first X-Forwarded-For hop when the proxy is trusted. */
export function clientIp(
  forwardedFor: string | null,
  trustProxy: boolean,
  socketAddress: string | undefined,
): string {
  if (trustProxy && forwardedFor) {
    const first = forwardedFor.split(',')[0]!.trim();
    if (first) return first;
  }
  return socketAddress ?? 'unknown';
}

/** Reads one cookie from a Cookie header without a parser dependency. */
export function readCookie(header: string | null, name: string): string | undefined {
  if (!header) return undefined;
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq === -1) continue;
    if (part.slice(0, eq).trim() === name) {
      try {
        return decodeURIComponent(part.slice(eq + 1).trim());
      } catch {
        return undefined;
      }
    }
  }
  return undefined;
}

/**
 * A redirect target taken from input (`?next=`): a path of this site only (no scheme, no
 * protocol-relative `//host`, no backslash tricks), answered as the URL parser writes it, so
 * every byte is printable ASCII: NUL, CR/LF, invalid UTF-8 and lone surrogates come out
 * percent-escaped or replaced, never raw in a `Location` header. Anything else is `fallback`.
 */
export function sameSitePath(next: string | null | undefined, fallback: string): string {
  if (!next || !/^\/(?![/\\])/.test(next) || /[\s\\]/.test(next)) return fallback;
  const path = resolveSitePath(next);
  return path !== null && isHeaderSafe(path) ? path : fallback;
}

/**
 * Whether a text built from input may go into a response header as is: printable ASCII and
 * spaces only (no control character that ends a header line, nothing a Latin-1 header would
 * mangle).
 */
export function isHeaderSafe(value: string): boolean {
  return /^[\x20-\x7e]*$/.test(value);
}

/** The path of a same-site `Referer` (the page a form was on), or `fallback` for any other. */
export function sameSiteRefererPath(referer: string | null, host: string, fallback: string): string {
  try {
    const url = new URL(referer ?? '');
    return url.host === host ? url.pathname : fallback;
  } catch {
    return fallback;
  }
}

/** Remembers an explicit language choice for a year (spec §4); only the switcher and the account set it. */
export function setLocaleCookie(cookies: AstroCookies, locale: Locale, scheme: 'http' | 'https'): void {
  cookies.set(LOCALE_COOKIE, locale, {
    path: '/',
    maxAge: LOCALE_COOKIE_MAX_AGE,
    sameSite: 'lax',
    httpOnly: true,
    secure: scheme === 'https',
  });
}

/**
 * Whether a browser says a request came from another site: `Sec-Fetch-Site` other than
 * same-origin (a sister brand on a neighbouring subdomain is "same-site" to the browser, but
 * another site to us), or an `Origin` or `Referer` that is none of the site's own domains.
 * A request that says nothing (a script, an old browser) is not cross-site.
 */
export function crossSiteRequest(headers: Headers, site: Site): boolean {
  const fetchSite = headers.get('sec-fetch-site')?.toLowerCase();
  if (fetchSite === 'cross-site' || fetchSite === 'same-site') return true;
  const own = (value: string) => {
    try {
      const host = normalizeHost(new URL(value).host);
      return site.domains.some((d) => normalizeHost(d) === host);
    } catch {
      return false;
    }
  };
  const origin = headers.get('origin');
  if (origin !== null && !own(origin)) return true;
  const referer = headers.get('referer');
  return referer !== null && referer !== '' && !own(referer);
}
