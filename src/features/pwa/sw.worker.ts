import {
  ASSET_CACHE,
  ASSET_CACHE_LIMIT,
  CACHE_PREFIX,
  notificationTarget,
  OFFLINE_CACHE,
  offlinePageFor,
  offlinePageOf,
  offlinePagesToInstall,
  parsePushPayload,
  requestKind,
  staticRoutes,
  type StaticRoute,
} from './pwa.worker-rules.ts';

/*
 * The service worker of every site (served per host as `/sw.js`, scope `/`; built into one
 * classic script by scripts/build/inline-scripts.ts). What it does, and what it never does:
 * - it keeps the offline page in the language of the member's pages and shows it for a page load
 *   when the network is down. The language is not part of the script's address: a member who
 *   changes language gets no new version, so no takeover races the page loads that follow;
 * - it answers hashed build files (`/_astro/…`) from its cache first; member pages and JSON
 *   always come from the server (pwa.worker-rules.ts says which request is which);
 * - a new version waits until the page tells it a safe moment has come (pwa.store.ts);
 * - it shows pushes, sets the app badge from them, tells open pages (chats and likes reload),
 *   and opens a notification's page when it is clicked.
 */

/** The parts of the worker's global scope used here (the project compiles against the DOM's types). */
interface ExtendableEventLike extends Event {
  waitUntil(promise: Promise<unknown>): void;
}
interface InstallEventLike extends ExtendableEventLike {
  /** The static routing API (Chromium 123+); absent elsewhere. */
  addRoutes?(routes: StaticRoute[]): Promise<void>;
}
interface FetchEventLike extends ExtendableEventLike {
  request: Request;
  /** The page's answer, asked for while the worker started (navigation preload), if enabled. */
  preloadResponse?: Promise<Response | undefined>;
  respondWith(response: Response | Promise<Response>): void;
}
interface PushEventLike extends ExtendableEventLike {
  data: { text(): string } | null;
}
interface NotificationEventLike extends ExtendableEventLike {
  notification: Notification;
}
interface MessageEventLike extends ExtendableEventLike {
  data: unknown;
}
interface WindowClientLike {
  url: string;
  focus(): Promise<unknown>;
  navigate(url: string): Promise<unknown>;
  postMessage(message: unknown): void;
}
interface WorkerScope {
  location: Location;
  registration: ServiceWorkerRegistration & {
    navigationPreload?: { enable(): Promise<void> };
  };
  clients: {
    matchAll(options: { type: 'window'; includeUncontrolled: boolean }): Promise<readonly WindowClientLike[]>;
    openWindow(url: string): Promise<unknown>;
    claim(): Promise<void>;
  };
  skipWaiting(): Promise<void>;
  navigator: { setAppBadge?(count?: number): Promise<void>; clearAppBadge?(): Promise<void> };
  addEventListener(type: 'install', listener: (event: InstallEventLike) => void): void;
  addEventListener(type: 'activate', listener: (event: ExtendableEventLike) => void): void;
  addEventListener(type: 'fetch', listener: (event: FetchEventLike) => void): void;
  addEventListener(type: 'push', listener: (event: PushEventLike) => void): void;
  addEventListener(type: 'notificationclick', listener: (event: NotificationEventLike) => void): void;
  addEventListener(type: 'message', listener: (event: MessageEventLike) => void): void;
}

const worker = self as unknown as WorkerScope;
const ORIGIN = worker.location.origin;

worker.addEventListener('install', (event) => {
  // Only page loads, and build files while it runs, wake the worker (pwa.worker-rules.ts). A
  // browser that refuses the rules (a rejected promise) sends everything to the fetch handler,
  // as one without the API does.
  if (event.addRoutes) event.waitUntil(event.addRoutes(staticRoutes(ORIGIN)).catch(() => undefined));
  // The member's offline pages, fetched now while the network is there. A new version then waits
  // (no skipWaiting here): the page picks the moment (pwa.store.ts).
  event.waitUntil(installOfflinePages());
});

/** Fetches an offline page afresh, or fails. */
async function fetchOfflinePage(path: string): Promise<Response> {
  const response = await fetch(path, { cache: 'no-store', credentials: 'omit' });
  // A redirected answer (an unprefixed page of a site in another language moves to it) cannot
  // answer a page load: the browser takes it for a network error. It is not kept.
  if (!response.ok || response.redirected) throw new Error(`offline page ${path}: ${response.status}`);
  return response;
}

/**
 * Keeps `page` as the offline cache's last entry. The cache lists its entries in the order they
 * were put; the old entry is deleted first, so the order does not hang on where a browser puts
 * an entry that replaces another.
 */
async function keepLast(cache: Cache, path: string, page: Response): Promise<void> {
  await cache.delete(path);
  await cache.put(path, page);
}

/** The offline cache's pages, in the order kept (the latest language last). */
async function keptOfflinePages(cache: Cache): Promise<string[]> {
  return (await cache.keys()).map((key) => new URL(key.url).pathname);
}

/**
 * This version's offline pages: the languages the version before kept, and those of the pages
 * open now (the member's, as they register the worker). One that cannot be fetched is left out,
 * not the version: the worker also shows the member's pushes, which need no offline page.
 */
async function installOfflinePages(): Promise<void> {
  const cache = await caches.open(OFFLINE_CACHE);
  const open = await worker.clients.matchAll({ type: 'window', includeUncontrolled: true });
  const paths = offlinePagesToInstall(
    await keptOfflinePages(cache),
    open.map((client) => client.url),
  );
  const pages = await Promise.allSettled(paths.map(fetchOfflinePage));
  for (const [index, path] of paths.entries()) {
    const page = pages[index]!;
    if (page.status === 'fulfilled') await keepLast(cache, path, page.value);
  }
}

/**
 * After a page load, the offline page in that page's language, kept last: fetched when the
 * worker does not hold it yet, moved to the end when it does. Nothing happens while offline.
 */
async function keepOfflinePageOf(pageUrl: string): Promise<void> {
  const path = offlinePageOf(pageUrl);
  const cache = await caches.open(OFFLINE_CACHE);
  const kept = await keptOfflinePages(cache);
  if (kept.at(-1) === path) return;
  const page = kept.includes(path)
    ? await cache.match(path)
    : await fetchOfflinePage(path).catch(() => undefined);
  if (page) await keepLast(cache, path, page);
}

worker.addEventListener('activate', (event) => {
  event.waitUntil(
    (async () => {
      for (const name of await caches.keys()) {
        if (name.startsWith(CACHE_PREFIX) && name !== OFFLINE_CACHE && name !== ASSET_CACHE)
          await caches.delete(name);
      }
      await trimAssets();
      // A page load goes to the server while the worker starts, instead of after: the worker
      // adds no wait to member pages, which always come from the network.
      await worker.registration.navigationPreload?.enable().catch(() => undefined);
      // Open member pages come under this version at once, so a notification click can steer them.
      await worker.clients.claim();
    })(),
  );
});

worker.addEventListener('message', (event) => {
  const data = event.data as { type?: unknown } | null;
  if (data?.type === 'skip-waiting') event.waitUntil(worker.skipWaiting());
});

worker.addEventListener('fetch', (event) => {
  const { request } = event;
  const kind = requestKind({ url: request.url, method: request.method, mode: request.mode }, ORIGIN);
  if (kind === 'asset') event.respondWith(cachedAsset(request));
  else if (kind === 'navigation') {
    const answer = pageOrOffline(request, event.preloadResponse);
    event.respondWith(answer.then(({ response }) => response));
    // Only a page that came from the network moves the offline pages: a failed load reads them.
    event.waitUntil(
      answer
        .then(({ online }) => (online ? keepOfflinePageOf(request.url) : undefined))
        .catch(() => undefined),
    );
  }
  // Everything else is not answered here: the browser asks the server as if there were no worker.
});

/** A hashed build file: from the cache, else from the network and kept. */
async function cachedAsset(request: Request): Promise<Response> {
  const cache = await caches.open(ASSET_CACHE);
  const hit = await cache.match(request);
  if (hit) return hit;
  const response = await fetch(request);
  if (response.ok && response.type === 'basic') await cache.put(request, response.clone());
  return response;
}

/** A page load goes to the server; only when the network fails does the offline page answer. */
async function pageOrOffline(
  request: Request,
  preload: Promise<Response | undefined> | undefined,
): Promise<{ response: Response; online: boolean }> {
  try {
    return { response: (await preload) ?? (await fetch(request)), online: true };
  } catch (error) {
    const cache = await caches.open(OFFLINE_CACHE);
    const page = await cache.match(offlinePageFor(request.url, await keptOfflinePages(cache)));
    if (page) return { response: page, online: false };
    throw error;
  }
}

/** Keeps the asset cache bounded: the oldest entries (the first put) go first. */
async function trimAssets(): Promise<void> {
  const cache = await caches.open(ASSET_CACHE);
  const keys = await cache.keys();
  for (const key of keys.slice(0, Math.max(0, keys.length - ASSET_CACHE_LIMIT))) await cache.delete(key);
}

worker.addEventListener('push', (event) => {
  const payload = parsePushPayload(event.data?.text());
  if (!payload) return;
  event.waitUntil(
    (async () => {
      await worker.registration.showNotification(payload.title, {
        body: payload.body,
        tag: payload.tag,
        icon: payload.icon,
        data: { url: payload.url },
        // A burst of messages in one conversation shares a tag: the newest one alerts again.
        renotify: true,
      } as NotificationOptions);
      await setBadge(payload.badge);
      // Open pages reload their chats and likes (spec §4).
      const windows = await worker.clients.matchAll({ type: 'window', includeUncontrolled: true });
      for (const client of windows) client.postMessage({ type: 'push', payload });
    })(),
  );
});

/** The app badge from a push; unsupported devices and refusals are ignored (spec §8). */
async function setBadge(count: number | undefined): Promise<void> {
  if (count === undefined) return;
  try {
    if (count > 0) await worker.navigator.setAppBadge?.(count);
    else await worker.navigator.clearAppBadge?.();
  } catch {
    // not an installed app, or the device refuses badges
  }
}

worker.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const target = notificationTarget((event.notification.data as { url?: unknown } | null)?.url, ORIGIN);
  // Started before waitUntil, so the work runs however the event came.
  const opened = openTarget(target);
  event.waitUntil(opened);
});

/** Brings an open window of the site to the event's page, or opens one. */
async function openTarget(target: string): Promise<void> {
  const windows = await worker.clients.matchAll({ type: 'window', includeUncontrolled: true });
  const open = windows.find((client) => client.url === target) ?? windows[0];
  if (open) {
    // Focus needs the click's permission; a refusal must not stop the navigation.
    await open.focus().catch(() => undefined);
    if (open.url === target) return;
    try {
      await open.navigate(target);
      return;
    } catch {
      // a window this worker does not control cannot be steered: open a new one
    }
  }
  await worker.clients.openWindow(target);
}
