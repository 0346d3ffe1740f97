import { describe, expect, it } from 'vitest';
import {
  cacheDecision,
  changedNetworks,
  cookieDependence,
  isSharedRoute,
  mergeVary,
  SESSION_COOKIES,
  type Exchange,
} from './caching.policy.ts';
import { sessionCookieName } from '../accounts/session-cookie.ts';

const OPEN_SITE = { signupsNeedTrafficSource: false };
const PARTNER_SITE = { signupsNeedTrafficSource: true };

describe('cookieDependence', () => {
  it('treats a request without cookies, or with unrelated ones, as anonymous', () => {
    expect(cookieDependence(null, '/landers/video', OPEN_SITE)).toBeUndefined();
    expect(cookieDependence('', '/', OPEN_SITE)).toBeUndefined();
    expect(cookieDependence('consent=1; theme=dark', '/landers/video', OPEN_SITE)).toBeUndefined();
  });

  it('finds a session cookie under either name, wherever it stands, even empty', () => {
    expect(cookieDependence('session=abc', '/', OPEN_SITE)).toBe('session');
    expect(cookieDependence('a=1; __Host-session=abc; b=2', '/pages/terms', OPEN_SITE)).toBe('session');
    expect(cookieDependence('session=', '/landers/video', OPEN_SITE)).toBe('session');
  });

  it('does not mistake a cookie whose name merely contains "session"', () => {
    expect(cookieDependence('mysession=abc; session_hint=1', '/', OPEN_SITE)).toBeUndefined();
  });

  it('lets the chosen language matter on unprefixed pages, which it redirects', () => {
    expect(cookieDependence('locale=de', '/', OPEN_SITE)).toBe('locale_choice');
    expect(cookieDependence('locale=de', '/landers/video', OPEN_SITE)).toBe('locale_choice');
    expect(cookieDependence('locale=de', '/pricing', OPEN_SITE)).toBe('locale_choice');
    expect(cookieDependence('locale=de', '/de/', OPEN_SITE)).toBeUndefined();
    expect(cookieDependence('locale=de', '/de/landers/video', OPEN_SITE)).toBeUndefined();
    expect(cookieDependence('locale=de', '/landers/media/map.svg', OPEN_SITE)).toBeUndefined();
  });

  it('lets the tracking cookie matter only where signups need a traffic source', () => {
    expect(cookieDependence('tracking=t1', '/de/landers/video', PARTNER_SITE)).toBe('traffic_source');
    expect(cookieDependence('tracking=t1', '/de/landers/video', OPEN_SITE)).toBeUndefined();
  });
});

describe('isSharedRoute', () => {
  it.each([
    '/',
    '/landers/video',
    '/landers/gallery/summer-sale',
    '/landers/tinderswipe/a/b',
    '/members/p123/landing',
    '/members/p123/signup',
    '/members/p123/landing2',
    '/members/p123/landing3/any-slug',
    '/pages/terms',
    '/pages/privacy',
    '/complaints',
    '/pricing',
  ])('shares %s', (path) => expect(isSharedRoute(path)).toBe(true));

  it.each([
    '/members',
    '/members/p123',
    '/members/p123/chat',
    '/chats',
    '/credits',
    '/profile',
    '/login',
    '/signup',
    '/landers/media/map.svg',
    '/api/settings.php',
    '/pages/terms/extra',
    '/404',
  ])('never shares %s', (path) => expect(isSharedRoute(path)).toBe(false));
});

function exchange(overrides: Partial<Exchange> = {}): Exchange {
  return {
    method: 'GET',
    routePath: '/landers/video',
    cookieDependence: undefined,
    status: 200,
    cacheControl: null,
    contentType: 'text/html',
    setsCookie: false,
    ...overrides,
  };
}

describe('cacheDecision', () => {
  it('shares an anonymous lander', () => {
    expect(cacheDecision(exchange())).toBe('shared');
    expect(cacheDecision(exchange({ method: 'HEAD', contentType: 'text/html; charset=utf-8' }))).toBe(
      'shared',
    );
  });

  it('makes every answer to a logged-in request personal, whatever the page said', () => {
    expect(cacheDecision(exchange({ cookieDependence: 'session' }))).toBe('personal');
    expect(
      cacheDecision(exchange({ cookieDependence: 'session', cacheControl: 'public, max-age=300' })),
    ).toBe('personal');
    expect(
      cacheDecision(
        exchange({
          cookieDependence: 'session',
          routePath: '/api/user.php',
          contentType: 'application/json',
        }),
      ),
    ).toBe('personal');
    expect(cacheDecision(exchange({ cookieDependence: 'traffic_source' }))).toBe('personal');
  });

  it('leaves hashed, immutable assets cacheable for members too', () => {
    expect(
      cacheDecision(
        exchange({ cookieDependence: 'session', cacheControl: 'public, max-age=31536000, immutable' }),
      ),
    ).toBe('as_is');
  });

  it('never shares an answer that sets a cookie', () => {
    expect(cacheDecision(exchange({ setsCookie: true }))).toBe('personal');
    expect(cacheDecision(exchange({ setsCookie: true, cacheControl: 'public, max-age=60' }))).toBe(
      'personal',
    );
    // Already uncacheable: its own words stand.
    expect(cacheDecision(exchange({ setsCookie: true, cacheControl: 'no-store' }))).toBe('as_is');
  });

  it('leaves errors, redirects, mutations, other routes and other types alone', () => {
    expect(cacheDecision(exchange({ status: 404 }))).toBe('as_is');
    expect(cacheDecision(exchange({ status: 500 }))).toBe('as_is');
    expect(cacheDecision(exchange({ status: 302 }))).toBe('as_is');
    expect(cacheDecision(exchange({ method: 'POST', routePath: '/complaints' }))).toBe('as_is');
    expect(cacheDecision(exchange({ routePath: '/members' }))).toBe('as_is');
    expect(cacheDecision(exchange({ contentType: 'application/json' }))).toBe('as_is');
    expect(cacheDecision(exchange({ contentType: null }))).toBe('as_is');
  });

  it('keeps a page at its word when it asked not to be shared', () => {
    expect(cacheDecision(exchange({ routePath: '/complaints', cacheControl: 'no-store' }))).toBe('as_is');
  });
});

describe('changedNetworks', () => {
  const site = (network: string, name = 'A') => ({ network, name });

  it('is empty when nothing changed', () => {
    const sites = new Map([['a', site('n1')]]);
    expect(changedNetworks(sites, new Map([['a', site('n1')]]))).toEqual([]);
  });

  it('names the network of a changed, added or removed site', () => {
    const before = new Map([
      ['a', site('n1')],
      ['b', site('n2')],
      ['c', site('n3')],
    ]);
    const after = new Map([
      ['a', site('n1', 'Renamed')],
      ['c', site('n3')],
      ['d', site('n4')],
    ]);
    expect(changedNetworks(before, after)).toEqual(['n1', 'n2', 'n4']);
  });

  it('names both networks when a site moves', () => {
    expect(changedNetworks(new Map([['a', site('old')]]), new Map([['a', site('new')]]))).toEqual([
      'new',
      'old',
    ]);
  });
});

describe('mergeVary', () => {
  it('adds names once, case-insensitively, keeping what was there', () => {
    expect(mergeVary(null, ['x-country-code', 'X-Forwarded-Proto'])).toBe(
      'x-country-code, X-Forwarded-Proto',
    );
    expect(mergeVary('X-Country-Code', ['x-country-code', 'X-Forwarded-Proto'])).toBe(
      'X-Country-Code, X-Forwarded-Proto',
    );
  });
});

describe('SESSION_COOKIES', () => {
  it('names the cookie accounts sets, over http and https', () => {
    expect([...SESSION_COOKIES].sort()).toEqual(
      [sessionCookieName('http'), sessionCookieName('https')].sort(),
    );
  });
});
