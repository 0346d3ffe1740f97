/**
 * Astro's route cache for the embedded default (astro.config.mjs `cache.provider`): Astro's own
 * memory cache, with the two things it cannot know.
 *
 * 1. Who is personal. Astro consults the cache before any middleware runs and keys it on the
 *    URL alone, so a logged-in member would get the visitor's page. Requests whose cookies
 *    change the page (caching.policy.ts) go straight to the app: never served from the cache,
 *    never stored in it.
 * 2. When a tenant file changes. Entries are tagged with their site's network; a reload drops
 *    the pages of every network whose sites changed. A member's change that another process
 *    handled arrives as a signal from it (`dropPublicPages`).
 *
 * The key is the request URL (scheme, Host, path with its locale prefix, the whole query: a
 * `?ref=` must reach the tracking step, so no parameter is ignored) plus the request headers the
 * page names in `Vary` (the country header behind a trusted proxy). Only answers the middleware
 * marked shareable (`context.cache.set`) are stored. A page is rendered once when it is missing or
 * has expired, while other requests for it wait; no stale copies are served, since the memory
 * cache would start one background render per stale request.
 */
import type { CacheProvider } from 'astro';
import memoryProvider from 'astro/cache/memory';
import { getPlatform, type Platform } from '../../server/platform.ts';
import type { TenancySnapshot } from '../../tenancy/registry.ts';
import { changedNetworks, networkTag, PAGES_DROP_SIGNAL } from './caching.policy.ts';
import { requestCookieDependence } from './caching.middleware.ts';

export interface PageCacheConfig {
  /** Pages kept at most (least recently used go first). Landers are 20–40 KB each. */
  maxEntries?: number;
}

const DEFAULT_MAX_ENTRIES = 2000;

function dropNetworks(platform: Platform, store: CacheProvider, networks: readonly string[]): void {
  store.invalidate({ tags: networks.map(networkTag) }).catch((error: unknown) => {
    platform.log.error(`page cache: could not drop the pages of ${networks.join(', ')}: ${String(error)}`);
  });
}

/**
 * Drops the cached pages of networks whose sites a reload changed (every process watches the
 * tenants folder and reloads by itself), and of networks another process dropped for a member's
 * change (`dropPublicPages`, told on the cluster signals).
 */
function invalidateOnChanges(platform: Platform, store: CacheProvider): void {
  let previous: TenancySnapshot = platform.registry.snapshot;
  platform.registry.onChange((next) => {
    const networks = changedNetworks(previous.sites, next.sites);
    previous = next;
    if (networks.length > 0) dropNetworks(platform, store, networks);
  });
  platform.signals.subscribe(PAGES_DROP_SIGNAL, (network) => dropNetworks(platform, store, [network]));
}

export default function pageCacheProvider(config: PageCacheConfig | undefined): CacheProvider {
  const store = memoryProvider({ max: config?.maxEntries ?? DEFAULT_MAX_ENTRIES, query: { exclude: [] } });
  const lookup = store.onRequest!.bind(store);
  /** Pages being rendered for the cache, by URL; requests for the same URL wait for them. */
  const rendering = new Map<string, Promise<void>>();
  let watching: Platform | undefined;
  return {
    name: 'kindred-pages',
    async onRequest(context, next) {
      const { request, url } = context;
      if (request.method !== 'GET' || url.pathname.startsWith('/api/')) return next();
      const platform = await getPlatform();
      if (watching !== platform) {
        watching = platform;
        invalidateOnChanges(platform, store);
      }
      const site = platform.registry.resolveHost(request.headers.get('host'));
      if (!site || requestCookieDependence(request, url.pathname, site)) return next();
      // One render per cold or expired page: a lander an ad campaign points at gets hundreds of
      // requests a second, and rendering each one would queue them all behind the database.
      const key = url.href;
      const pending = rendering.get(key);
      if (pending) {
        await pending;
        return lookup(context, next);
      }
      let finished!: () => void;
      rendering.set(key, new Promise<void>((resolve) => (finished = resolve)));
      try {
        return await lookup(context, next);
      } finally {
        rendering.delete(key);
        finished();
      }
    },
    invalidate: (options) => store.invalidate(options),
  };
}
