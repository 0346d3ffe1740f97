/**
 * Which answers may be shared between visitors, and for how long. Pure rules: the route cache
 * (caching.provider.ts), the middleware step (caching.middleware.ts) and the nginx configuration
 * in deploy/nginx/ all follow them, and the tests pin them.
 *
 * The one thing a shared cache must never do is hand one person's page to another. So a page
 * is shared only when nothing about the visitor but the URL, the site, the locale (in the URL),
 * the scheme and the country (both named in `Vary` behind a trusted proxy) can change it.
 */
import { isUnprefixedPage, LOCALE_COOKIE, readCookie } from '../../server/request.ts';
import { TRACKING_COOKIE } from '../tracking/index.ts';

/**
 * Names the session cookie may have: `__Host-session` over https (bound to the exact host),
 * `session` over plain http where the `__Host-` prefix is refused by browsers.
 */
export const SESSION_COOKIES = ['__Host-session', 'session'] as const;

/** The cluster signal that carries a network whose pages every process drops. */
export const PAGES_DROP_SIGNAL = 'pages.drop';

/** Seconds a shared page is served without asking the app again. */
export const SHARED_FRESH_SECONDS = 60;

/**
 * For anonymous landers and footer pages. Browsers always ask again (`max-age=0`): a visitor
 * who logs in must not see the logged-out page from the browser's cache on the way back. Shared
 * caches (our route cache, nginx) keep it for a minute (`s-maxage`); both bypass it for
 * requests with a session cookie.
 */
export const SHARED_CACHE_CONTROL = `public, max-age=0, s-maxage=${SHARED_FRESH_SECONDS}`;
/** For every answer to a logged-in request, and to any request whose cookies change the page. */
export const PERSONAL_CACHE_CONTROL = 'private, no-store';

/**
 * Why a request's answer depends on its cookies, or undefined when it does not:
 * - `session`: a logged-in member (or a stale session cookie: never assume it is anonymous);
 * - `locale_choice`: an unprefixed page redirects to the language the visitor chose with the
 *   switcher;
 * - `traffic_source`: on a site that opens signups only to partner traffic, the signup form
 *   differs for a visitor whose tracking cookie names a partner.
 */
export type CookieDependence = 'session' | 'locale_choice' | 'traffic_source';

export interface SiteCacheFacts {
  /** The site's `signups` setting is `with_trafficsource`. */
  signupsNeedTrafficSource: boolean;
}

export function cookieDependence(
  cookieHeader: string | null,
  pathname: string,
  site: SiteCacheFacts,
): CookieDependence | undefined {
  if (!cookieHeader) return undefined;
  if (SESSION_COOKIES.some((name) => readCookie(cookieHeader, name) !== undefined)) return 'session';
  if (isUnprefixedPage(pathname) && readCookie(cookieHeader, LOCALE_COOKIE) !== undefined)
    return 'locale_choice';
  if (site.signupsNeedTrafficSource && readCookie(cookieHeader, TRACKING_COOKIE) !== undefined)
    return 'traffic_source';
  return undefined;
}

/**
 * Routes (the path without its locale prefix) whose anonymous answer is the same for every
 * visitor: the index, the landers, the profile landers and the footer pages.
 */
const SHARED_ROUTES: readonly RegExp[] = [
  /^\/$/,
  /^\/landers\/(?!media\/)[^/]+(?:\/.*)?$/,
  /^\/members\/[^/]+\/(?:landing|signup)$/,
  /^\/members\/[^/]+\/landing[23](?:\/.*)?$/,
  /^\/pages\/[^/]+$/,
  /^\/(?:complaints|pricing)$/,
];

export function isSharedRoute(routePath: string): boolean {
  return SHARED_ROUTES.some((route) => route.test(routePath));
}

/** What the request and its answer say about sharing; gathered by the middleware step. */
export interface Exchange {
  method: string;
  /** The path without its locale prefix. */
  routePath: string;
  cookieDependence: CookieDependence | undefined;
  status: number;
  /** The answer's own Cache-Control, if the page or endpoint set one. */
  cacheControl: string | null;
  contentType: string | null;
  setsCookie: boolean;
}

export type CacheDecision =
  /** Anonymous and the same for everyone: cache it in shared caches. */
  | 'shared'
  /** Depends on the visitor's cookies: no cache may keep it. */
  | 'personal'
  /** Leave the answer's own headers alone (an API answer, a redirect, an immutable asset). */
  | 'as_is';

const REFUSES_SHARING = /\b(?:private|no-store|no-cache)\b/i;

export function cacheDecision(exchange: Exchange): CacheDecision {
  const { cacheControl } = exchange;
  if (exchange.cookieDependence) {
    // Hashed assets are the same bytes for everyone, whoever asks.
    return cacheControl && /\bimmutable\b/i.test(cacheControl) ? 'as_is' : 'personal';
  }
  if (exchange.setsCookie) return cacheControl && REFUSES_SHARING.test(cacheControl) ? 'as_is' : 'personal';
  if (exchange.method !== 'GET' && exchange.method !== 'HEAD') return 'as_is';
  if (exchange.status !== 200) return 'as_is';
  // A page that asked not to be shared (a form's answer, an account page) keeps its word.
  if (cacheControl) return 'as_is';
  if (!exchange.contentType?.startsWith('text/html')) return 'as_is';
  return isSharedRoute(exchange.routePath) ? 'shared' : 'as_is';
}

/** Cache tags of a site's shared pages: a change to any site of a network drops the network's pages. */
export function networkTag(network: string): string {
  return `network:${network}`;
}

/** Adds header names to a `Vary` value, once each, keeping what is there. */
export function mergeVary(existing: string | null, names: readonly string[]): string {
  const list = (existing ?? '')
    .split(',')
    .map((name) => name.trim())
    .filter(Boolean);
  const seen = new Set(list.map((name) => name.toLowerCase()));
  for (const name of names) {
    if (!seen.has(name.toLowerCase())) {
      list.push(name);
      seen.add(name.toLowerCase());
    }
  }
  return list.join(', ');
}

/**
 * Networks whose shared pages a tenant reload makes stale: those of every site that appeared,
 * went, or changed in any setting (before and after, when a site moved to another network).
 * Sites of one network show each other's members, so a change to one stales them all.
 */
export function changedNetworks<S extends { network: string }>(
  before: ReadonlyMap<string, S>,
  after: ReadonlyMap<string, S>,
): string[] {
  const networks = new Set<string>();
  for (const id of new Set([...before.keys(), ...after.keys()])) {
    const old = before.get(id);
    const now = after.get(id);
    // A reload keeps the object of every site whose file it left alone: no need to compare those.
    if (old === now || (old && now && JSON.stringify(old) === JSON.stringify(now))) continue;
    if (old) networks.add(old.network);
    if (now) networks.add(now.network);
  }
  return [...networks].sort();
}
