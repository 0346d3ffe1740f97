import { describe, expect, it } from 'vitest';
import {
  localeOfPath,
  notificationTarget,
  offlinePageFor,
  offlinePageOf,
  offlinePagesToInstall,
  parsePushPayload,
  pathInLocale,
  requestKind,
  staticRoutes,
  type RequestFacts,
  type StaticRoute,
} from './pwa.worker-rules.ts';

const ORIGIN = 'https://rainbow.example';
const get = (path: string, mode = 'cors') => ({ url: `${ORIGIN}${path}`, method: 'GET', mode });

describe('which requests the worker answers', () => {
  it('takes hashed build files from its cache', () => {
    expect(requestKind(get('/_astro/MemberNav.Bx9k2.js'), ORIGIN)).toBe('asset');
    expect(requestKind(get('/_astro/member.amber.D1s8.css', 'no-cors'), ORIGIN)).toBe('asset');
  });

  it('never caches member JSON, pages, photos, the event stream or unhashed files', () => {
    for (const path of [
      '/api/chats.php',
      '/api/user.php',
      '/api/events.php',
      '/media/amber/ab/x-main.webp',
      '/favicon.svg',
      '/manifest.webmanifest',
      '/sw.js',
      '/app-icons/0123456789abcdef-192.png',
      // a query makes it not the build's file
      '/_astro/x.js?v=2',
    ])
      expect(requestKind(get(path), ORIGIN), path).toBe('network');
  });

  it('sends page loads to the network, with the offline page only as a fallback', () => {
    expect(requestKind(get('/chats', 'navigate'), ORIGIN)).toBe('navigation');
    expect(requestKind(get('/de/members', 'navigate'), ORIGIN)).toBe('navigation');
  });

  it('leaves other origins and other methods alone', () => {
    expect(requestKind({ url: 'https://cdn.example/_astro/x.js', method: 'GET', mode: 'cors' }, ORIGIN)).toBe(
      'network',
    );
    expect(requestKind({ url: `${ORIGIN}/_astro/x.js`, method: 'POST', mode: 'cors' }, ORIGIN)).toBe(
      'network',
    );
    expect(requestKind({ url: `${ORIGIN}/chats`, method: 'POST', mode: 'navigate' }, ORIGIN)).toBe('network');
    expect(requestKind({ url: 'not a url', method: 'GET', mode: 'cors' }, ORIGIN)).toBe('network');
  });
});

/** The browser's choice by the static routes: the first rule whose every condition holds. */
function routed(
  routes: readonly StaticRoute[],
  request: RequestFacts,
  running = true,
): 'fetch-event' | 'network' | 'cache' {
  const rule = routes.find(({ condition }) => {
    if (condition.requestMode !== undefined && condition.requestMode !== request.mode) return false;
    if (condition.requestMethod !== undefined && condition.requestMethod !== request.method) return false;
    if (condition.runningStatus !== undefined && (condition.runningStatus === 'running') !== running)
      return false;
    return condition.urlPattern === undefined || new URLPattern(condition.urlPattern).test(request.url);
  });
  const source = rule?.source ?? 'fetch-event';
  return typeof source === 'object' ? 'cache' : source;
}

describe('which requests wake the worker at all (static routes)', () => {
  const routes = staticRoutes(ORIGIN);
  const requests: RequestFacts[] = [
    get('/_astro/MemberNav.Bx9k2.js'),
    get('/_astro/member.amber.D1s8.css', 'no-cors'),
    get('/_astro/x.js?v=2'),
    get('/chats', 'navigate'),
    get('/de/members', 'navigate'),
    get('/api/chats.php'),
    get('/api/events.php'),
    get('/media/amber/ab/x-main.webp', 'no-cors'),
    get('/sw.js'),
    { url: `${ORIGIN}/api/chat.php`, method: 'POST', mode: 'cors' },
    { url: `${ORIGIN}/_astro/x.js`, method: 'POST', mode: 'cors' },
    { url: 'https://cdn.example/_astro/x.js', method: 'GET', mode: 'cors' },
  ];

  it('never sends past the worker a request it would answer, running or not', () => {
    for (const running of [true, false])
      for (const request of requests)
        if (routed(routes, request, running) === 'network')
          expect(requestKind(request, ORIGIN), request.url).toBe('network');
  });

  it('sends JSON calls, the event stream and photos straight to the network', () => {
    for (const path of [
      '/api/chats.php',
      '/api/events.php',
      '/media/amber/ab/x-main.webp',
      '/_astro/x.js?v=2',
    ])
      expect(routed(routes, get(path)), path).toBe('network');
    expect(routed(routes, { url: `${ORIGIN}/api/chat.php`, method: 'POST', mode: 'cors' })).toBe('network');
  });

  it('wakes the worker for page loads; a build file only while it runs, else the cache answers', () => {
    expect(routed(routes, get('/chats', 'navigate'), false)).toBe('fetch-event');
    expect(routed(routes, get('/_astro/MemberNav.Bx9k2.js'), true)).toBe('fetch-event');
    expect(routed(routes, get('/_astro/MemberNav.Bx9k2.js'), false)).toBe('cache');
  });
});

describe('the offline page', () => {
  it('is at the locale path of the page asked for', () => {
    expect(pathInLocale('en', '/offline')).toBe('/offline');
    expect(pathInLocale('de', '/offline')).toBe('/de/offline');
    expect(pathInLocale('xx', '/offline')).toBe('/offline');
    expect(localeOfPath('/nl/chats/1')).toBe('nl');
    expect(localeOfPath('/nl')).toBe('nl');
    expect(localeOfPath('/chats')).toBe('en');
    expect(localeOfPath('/xx/chats')).toBe('en');
  });

  it("follows the page's language when the worker holds it, else the latest one kept", () => {
    const cached = ['/offline', '/de/offline'];
    expect(offlinePageFor(`${ORIGIN}/de/chats`, cached)).toBe('/de/offline');
    expect(offlinePageFor(`${ORIGIN}/chats`, cached)).toBe('/offline');
    expect(offlinePageFor(`${ORIGIN}/fr/chats`, cached)).toBe('/de/offline');
    expect(offlinePageFor(`${ORIGIN}/fr/chats`, ['/de/offline', '/offline'])).toBe('/offline');
    expect(offlinePageFor(`${ORIGIN}/fr/chats`, [])).toBe('/offline');
    expect(offlinePageFor('not a url', ['/de/offline'])).toBe('/de/offline');
  });

  it('is kept in the language of every page a new version finds, besides those kept before', () => {
    expect(offlinePagesToInstall([], [])).toEqual(['/offline']);
    expect(offlinePagesToInstall([], [`${ORIGIN}/nl/members`, `${ORIGIN}/nl/likes`])).toEqual([
      '/nl/offline',
    ]);
    expect(offlinePagesToInstall(['/de/offline'], [`${ORIGIN}/members`])).toEqual([
      '/de/offline',
      '/offline',
    ]);
    expect(offlinePagesToInstall(['/de/offline'], [`${ORIGIN}/de/chats`])).toEqual(['/de/offline']);
    expect(offlinePageOf(`${ORIGIN}/xx/chats`)).toBe('/offline');
    expect(offlinePageOf(`${ORIGIN}/sv`)).toBe('/sv/offline');
  });
});

describe('push payloads', () => {
  const payload = { title: 'Sam', body: 'Hi there', url: '/chats/c1', tag: 'chat:c1' };

  it('reads the format the sending side writes', () => {
    expect(parsePushPayload(JSON.stringify(payload))).toEqual(payload);
    expect(parsePushPayload(JSON.stringify({ ...payload, badge: 3, icon: '/app-icons/x-192.png' }))).toEqual({
      ...payload,
      badge: 3,
      icon: '/app-icons/x-192.png',
    });
  });

  it('ignores what is not one of ours, and badges that are no count', () => {
    expect(parsePushPayload(null)).toBeNull();
    expect(parsePushPayload('not json')).toBeNull();
    expect(parsePushPayload('[]')).toBeNull();
    expect(parsePushPayload(JSON.stringify({ ...payload, title: 1 }))).toBeNull();
    expect(parsePushPayload(JSON.stringify({ ...payload, badge: -1 }))).toEqual(payload);
    expect(parsePushPayload(JSON.stringify({ ...payload, badge: 'x' }))).toEqual(payload);
  });
});

describe('a notification click', () => {
  it('opens its page on the site itself', () => {
    expect(notificationTarget('/likes/received', ORIGIN)).toBe(`${ORIGIN}/likes/received`);
    expect(notificationTarget(`${ORIGIN}/chats/c1`, ORIGIN)).toBe(`${ORIGIN}/chats/c1`);
  });

  it('never leads to another origin', () => {
    expect(notificationTarget('https://evil.example/x', ORIGIN)).toBe(`${ORIGIN}/members`);
    expect(notificationTarget('//evil.example/x', ORIGIN)).toBe(`${ORIGIN}/members`);
    expect(notificationTarget(undefined, ORIGIN)).toBe(`${ORIGIN}/members`);
    expect(notificationTarget('', ORIGIN)).toBe(`${ORIGIN}/members`);
  });
});
