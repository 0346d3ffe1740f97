/*
 * The service worker's decisions as pure functions (no worker globals), so they are tested on
 * their own and the worker (sw.worker.ts) only wires them to its events. The worker is built
 * from these modules into one classic script (scripts/build/inline-scripts.ts): keep them free of
 * imports other than constants.
 */

/** The platform's locales (src/i18n/locales.ts); English has no URL prefix. */
const LOCALES = ['da', 'de', 'en', 'es', 'fi', 'fr', 'it', 'nb', 'nl', 'pl', 'sv'] as const;
type Locale = (typeof LOCALES)[number];
const DEFAULT_LOCALE: Locale = 'en';

/** The folder of the build's hashed files: a name there never names other bytes. */
export const HASHED_ASSETS_PREFIX = '/_astro/';

/** The page shown for a navigation when the network is down (one per language). */
export const OFFLINE_ROUTE = '/offline';

/**
 * The worker's caches: the offline pages (each install puts its language's page, newer bytes
 * replace older ones), and hashed assets, kept across installs (their names never change bytes).
 * Any other cache of ours is an older version's and is deleted when a worker activates.
 */
export const OFFLINE_CACHE = 'kindred-offline-v1';
export const ASSET_CACHE = 'kindred-assets-v1';
export const CACHE_PREFIX = 'kindred-';
/** Hashed files kept at most; older builds' files go first. */
export const ASSET_CACHE_LIMIT = 300;

export function isKnownLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (LOCALES as readonly string[]).includes(value);
}

/** A path in a locale: English without prefix, the others under `/<locale>`. */
export function pathInLocale(locale: string, path: string): string {
  return !isKnownLocale(locale) || locale === DEFAULT_LOCALE ? path : `/${locale}${path}`;
}

/** The locale a page's path names by its prefix, English when it has none. */
export function localeOfPath(pathname: string): Locale {
  const prefix = /^\/([a-z]{2})(?:\/|$)/.exec(pathname)?.[1];
  return isKnownLocale(prefix) ? prefix : DEFAULT_LOCALE;
}

/**
 * How the worker answers a request:
 * - `asset`: from its cache first (a hashed build file is the same bytes forever);
 * - `navigation`: from the network, the offline page in the page's language when that fails;
 * - `network`: not touched at all. Member pages, JSON, the event stream, photos and everything
 *   else always come from the server: a cached member answer could show one member's data
 *   after a logout, or stale credits and messages.
 */
export type RequestKind = 'asset' | 'navigation' | 'network';

export interface RequestFacts {
  url: string;
  method: string;
  /** `Request.mode`: `navigate` for a page load. */
  mode: string;
}

export function requestKind(request: RequestFacts, origin: string): RequestKind {
  if (request.method !== 'GET') return 'network';
  let url: URL;
  try {
    url = new URL(request.url);
  } catch {
    return 'network';
  }
  if (url.origin !== origin) return 'network';
  if (request.mode === 'navigate') return 'navigation';
  // No query: a hashed name with a query is not the file the build made.
  if (url.pathname.startsWith(HASHED_ASSETS_PREFIX) && url.search === '') return 'asset';
  return 'network';
}

/** A rule of the browser's static routing (`InstallEvent.addRoutes`), as far as the worker uses it. */
export interface StaticRoute {
  condition: {
    requestMode?: string;
    requestMethod?: string;
    runningStatus?: 'running' | 'not-running';
    urlPattern?: { baseURL: string; pathname: string; search?: string };
  };
  source: 'fetch-event' | 'network' | { cacheName: string };
}

/**
 * What the browser decides before it wakes the worker (the first rule that matches wins):
 * - page loads go to the fetch handler (the offline page);
 * - a hashed build file goes to the fetch handler while the worker runs (it is kept), and is
 *   read from the asset cache without starting the worker when it does not (a miss goes to the
 *   network);
 * - every other request of the site goes straight to the network, as `requestKind` has it.
 * A request that starts the old version while the browser stops it for a new one cancels that
 * takeover, and Chromium can then lose the next page load; so after a page load nothing starts
 * the worker, and the JSON calls and the event stream never wait for it. Browsers without the
 * API ask the fetch handler, which answers the same.
 */
export function staticRoutes(origin: string): StaticRoute[] {
  const hashed = { baseURL: origin, pathname: `${HASHED_ASSETS_PREFIX}*`, search: '' };
  return [
    { condition: { requestMode: 'navigate' }, source: 'fetch-event' },
    {
      condition: { requestMethod: 'GET', urlPattern: hashed, runningStatus: 'running' },
      source: 'fetch-event',
    },
    { condition: { requestMethod: 'GET', urlPattern: hashed }, source: { cacheName: ASSET_CACHE } },
    { condition: { urlPattern: { baseURL: origin, pathname: '/*' } }, source: 'network' },
  ];
}

/** The offline page in the language of a page's address. */
export function offlinePageOf(pageUrl: string): string {
  try {
    return pathInLocale(localeOfPath(new URL(pageUrl).pathname), OFFLINE_ROUTE);
  } catch {
    return OFFLINE_ROUTE;
  }
}

/**
 * The offline page a failed navigation gets: in the language of the page asked for when the
 * worker holds that one, else in the language of the member's latest page (the worker keeps
 * the page of the latest language last: `cached` is in the order kept).
 */
export function offlinePageFor(navigationUrl: string, cached: readonly string[]): string {
  const wanted = offlinePageOf(navigationUrl);
  return cached.includes(wanted) ? wanted : (cached.at(-1) ?? OFFLINE_ROUTE);
}

/**
 * The offline pages a new version fetches as it installs: those the version before kept, then
 * those of the pages open now, in that order; the English one when there are neither.
 */
export function offlinePagesToInstall(kept: readonly string[], openPages: readonly string[]): string[] {
  const paths = new Set([...kept, ...openPages.map(offlinePageOf)]);
  return paths.size ? [...paths] : [OFFLINE_ROUTE];
}

/**
 * What a push carries and the service worker shows (the sending side, push.payload.ts, writes exactly this): the notification's title and
 * text, the page a click opens, a tag (one notification per conversation, one for likes, so a
 * burst replaces itself), the app badge, and optionally an icon.
 */
export interface PushPayload {
  title: string;
  body: string;
  url: string;
  tag: string;
  badge?: number;
  icon?: string;
}

/** The payload of a push message, or null when it is not one of ours (it is then ignored). */
export function parsePushPayload(text: string | null | undefined): PushPayload | null {
  if (!text) return null;
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    return null;
  }
  if (typeof data !== 'object' || data === null) return null;
  const { title, body, url, tag, badge, icon } = data as Record<string, unknown>;
  if (
    typeof title !== 'string' ||
    typeof body !== 'string' ||
    typeof url !== 'string' ||
    typeof tag !== 'string'
  )
    return null;
  const payload: PushPayload = { title, body, url, tag };
  if (typeof badge === 'number' && Number.isFinite(badge) && badge >= 0) payload.badge = Math.floor(badge);
  if (typeof icon === 'string') payload.icon = icon;
  return payload;
}

/**
 * Where a notification's click leads: its URL on this site, never elsewhere (a payload naming
 * another origin opens the site's members page instead).
 */
export function notificationTarget(url: unknown, origin: string): string {
  const home = `${origin}/members`;
  if (typeof url !== 'string' || url === '') return home;
  try {
    const target = new URL(url, origin);
    return target.origin === origin ? target.href : home;
  } catch {
    return home;
  }
}
