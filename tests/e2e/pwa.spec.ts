import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  chromium,
  type Browser,
  type BrowserContext,
  type CDPSession,
  type Page,
  type Worker,
} from '@playwright/test';
import { OFFLINE_CACHE } from '../../src/features/pwa/pwa.worker-rules.ts';
import { DEMO } from '../support/server.ts';
import type { SiteRef } from '../support/factories.ts';
import { FULL_LAUNCH } from './browsers.ts';
import { accessibilityViolations, expect, picture, test } from './fixtures.ts';
import { sendText } from './chat-support.ts';
import { hydrated, SCREENSHOTS, url, useMemberJourney, visitorContext } from './accounts-support.ts';

/*
 * The installed app in Chromium (API.md "Away from the site"): two brands' manifests pass the
 * browser's own installability check, a member page registers the service worker, a page load
 * without network shows the offline page in the member's language, a push handed to the worker
 * through the DevTools protocol shows a notification (and makes the open page reload its chats
 * and likes), and the notification's click brings the window to its page. The install banner
 * and the iOS coaching are photographed at 360 and 1280 px (test-results/screenshots).
 */

const app = useMemberJourney();
test.describe.configure({ mode: 'serial' });
// Install prompts, notifications and the installability check are the full browser's.
test.use({ launchOptions: FULL_LAUNCH });

const SITES: Record<'amber' | 'rainbow' | 'curvy', SiteRef & { host: string; name: string; colour: string }> =
  {
    amber: {
      id: DEMO.amber.id,
      network: DEMO.amber.network,
      host: DEMO.amber.host,
      name: 'Amber Hearts',
      colour: '#ffb300',
    },
    rainbow: {
      id: DEMO.rainbow.id,
      network: DEMO.rainbow.network,
      host: DEMO.rainbow.host,
      name: 'Rainbow Lane',
      colour: '#8e24aa',
    },
    // German first: its unprefixed pages move to /de/ unless the visitor chose another language.
    curvy: {
      id: DEMO.curvy.id,
      network: DEMO.curvy.network,
      host: DEMO.curvy.host,
      name: 'Kurvenreich',
      colour: '#2a1631',
    },
  };

/** A browser profile of its own, logged in as a fresh member of `site`. */ async function loggedInContext(
  browser: Browser,
  site: SiteRef & { host: string },
  options: { language?: string; width?: number } = {},
): Promise<{ context: BrowserContext; origin: string }> {
  const me = await app.make.loggedIn({ site, language: options.language ?? 'en' });
  const context = await visitorContext(browser, { width: options.width ?? 1280 });
  const origin = url(app.server, '', site.host);
  await context.addCookies([{ name: 'session', value: me.token, url: `${origin}/` }]);
  return { context, origin };
}

/** Waits until the page's service worker is active and controls the page. */
async function workerReady(page: Page): Promise<string> {
  return page.evaluate(async () => {
    const registration = await navigator.serviceWorker.ready;
    if (!navigator.serviceWorker.controller)
      await new Promise((resolve) =>
        navigator.serviceWorker.addEventListener('controllerchange', resolve, { once: true }),
      );
    return registration.active?.scriptURL ?? '';
  });
}

test('two brands pass the browser installability check with their own manifests', async () => {
  // Chromium refuses to install from an incognito profile, which every `browser.newContext()`
  // is: the check runs in a profile on disk, as a member's browser has.
  const profile = mkdtempSync(join(tmpdir(), 'kindred-pwa-profile-'));
  const context = await chromium.launchPersistentContext(profile, FULL_LAUNCH);
  try {
    for (const site of [SITES.amber, SITES.rainbow]) {
      const me = await app.make.loggedIn({ site });
      const origin = url(app.server, '', site.host);
      await context.addCookies([{ name: 'session', value: me.token, url: `${origin}/` }]);
      await context.addInitScript(() => localStorage.setItem('entry-warning-dismissed', String(Date.now())));
      const page = await context.newPage();
      await page.goto(`${origin}/members`);
      await hydrated(page);
      const cdp = await context.newCDPSession(page);
      const manifest = (await cdp.send('Page.getAppManifest')) as {
        url: string;
        errors: unknown[];
        data?: string;
      };
      expect(manifest.url).toBe(`${origin}/manifest.webmanifest`);
      expect(manifest.errors).toEqual([]);
      const data = JSON.parse(manifest.data ?? '{}') as {
        name: string;
        theme_color: string;
        start_url: string;
      };
      expect([data.name, data.theme_color]).toEqual([site.name, site.colour]);
      await expect
        .poll(
          async () =>
            ((await cdp.send('Page.getInstallabilityErrors')) as { installabilityErrors: unknown[] })
              .installabilityErrors,
          { timeout: 15_000 },
        )
        .toEqual([]);
      await page.close();
    }
  } finally {
    await context.close();
    rmSync(profile, { recursive: true, force: true });
  }
});

for (const [language, prefix, heading] of [
  ['en', '', 'You are offline'],
  ['de', '/de', 'Du bist offline'],
] as const) {
  test(`the service worker registers, and without network a page load shows the offline page (${language})`, async ({
    browser,
    consoleErrors,
  }) => {
    void consoleErrors;
    const { context, origin } = await loggedInContext(browser, SITES.amber, { language });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('console', (m) => {
      if (m.type() === 'error') errors.push(m.text());
    });
    await page.goto(`${origin}${prefix}/members`);
    await hydrated(page);
    expect(await workerReady(page)).toBe(`${origin}/sw.js`);

    // A page load under the worker: its hashed files pass through the worker and are kept.
    await page.goto(`${origin}${prefix}/likes`);
    await hydrated(page);
    const stylesheet = await page
      .locator('link[rel="stylesheet"][href^="/_astro/"]')
      .first()
      .getAttribute('href');
    expect(stylesheet).toBeTruthy();

    await context.setOffline(true);
    await page.goto(`${origin}${prefix}/chats`).catch(() => undefined);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(heading);
    await expect(page.locator('html')).toHaveAttribute('lang', language);
    await picture(page, `${SCREENSHOTS}/pwa-offline-${language}.png`);
    expect(await accessibilityViolations(page)).toEqual([]);
    // Offline, a hashed file still comes from the worker's cache; member JSON never does.
    const offline = await page.evaluate(async (href) => {
      const asset = await fetch(href!).then(
        (r) => r.status,
        () => 'failed',
      );
      const user = await fetch('/api/user.php').then(
        (r) => r.status,
        () => 'failed',
      );
      return { asset, user };
    }, stylesheet);
    expect(offline).toEqual({ asset: 200, user: 'failed' });
    await context.setOffline(false);
    // Back online, the same address is the member's page again, never a kept copy.
    await page.reload();
    await expect(page.getByRole('heading', { level: 1 })).not.toHaveText(heading);
    expect(errors.filter((e) => /Content Security Policy|CSP/.test(e))).toEqual([]);
    await context.close();
  });
}

test('a change of language brings no new worker, and the offline page follows the language', async ({
  browser,
}) => {
  const { context, origin } = await loggedInContext(browser, SITES.amber);
  const page = await context.newPage();
  await page.goto(`${origin}/members`);
  await hydrated(page);
  expect(await workerReady(page)).toBe(`${origin}/sw.js`);

  // The member reads on in German: the same worker, nothing waits to take over.
  await page.goto(`${origin}/de/members`);
  await hydrated(page);
  const registration = () =>
    page.evaluate(async () => {
      const found = await navigator.serviceWorker.getRegistration('/');
      await found?.update();
      return { active: found?.active?.scriptURL, waiting: !!found?.waiting, installing: !!found?.installing };
    });
  expect(await registration()).toEqual({ active: `${origin}/sw.js`, waiting: false, installing: false });
  // The German offline page is kept once a German page has loaded under the worker.
  await page.goto(`${origin}/de/likes`);
  await hydrated(page);
  const keptOffline = () =>
    page.evaluate(async (name) => {
      const kept = await (await caches.open(name)).keys();
      return kept.map((request) => new URL(request.url).pathname);
    }, OFFLINE_CACHE);
  // Kept last: the latest language's page is the one a page in another language gets.
  await expect.poll(keptOffline, { timeout: 10_000 }).toEqual(['/offline', '/de/offline']);

  await context.setOffline(true);
  await page.goto(`${origin}/de/chats`).catch(() => undefined);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Du bist offline');
  // A page in a language the worker holds no offline page of: the latest language's.
  await page.goto(`${origin}/fr/chats`).catch(() => undefined);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Du bist offline');
  // Back in English: the English page, which the worker kept first.
  await page.goto(`${origin}/chats`).catch(() => undefined);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('You are offline');
  await context.setOffline(false);
  await context.close();
});

test('an English member of a German site gets the English offline page', async ({ browser }) => {
  const { context, origin } = await loggedInContext(browser, SITES.curvy);
  // The member chose English: the site's unprefixed pages stay English for them.
  await context.addCookies([{ name: 'locale', value: 'en', url: `${origin}/` }]);
  const page = await context.newPage();
  await page.goto(`${origin}/chats`);
  await hydrated(page);
  expect(await workerReady(page)).toBe(`${origin}/sw.js`);
  const keptOffline = () =>
    page.evaluate(async (name) => {
      const kept = await (await caches.open(name)).keys();
      return kept.map((request) => new URL(request.url).pathname);
    }, OFFLINE_CACHE);
  // The worker fetches it without cookies: `/offline` must not move to German for it.
  await expect.poll(keptOffline, { timeout: 10_000 }).toContain('/offline');

  await context.setOffline(true);
  await page.goto(`${origin}/likes`).catch(() => undefined);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('You are offline');
  await context.setOffline(false);
  await context.close();
});

/** The worker's registration id, as the DevTools protocol reports it for `origin`. */
async function registrationId(cdp: CDPSession, origin: string): Promise<string> {
  const found = new Promise<string>((resolve) => {
    cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations }) => {
      const ours = (registrations as { registrationId: string; scopeURL: string; isDeleted: boolean }[]).find(
        (r) => r.scopeURL === `${origin}/` && !r.isDeleted,
      );
      if (ours) resolve(ours.registrationId);
    });
  });
  await cdp.send('ServiceWorker.enable');
  return found;
}

test('a push shows a notification, reloads chats and likes, and its click opens its page', async ({
  browser,
}) => {
  const { context, origin } = await loggedInContext(browser, SITES.rainbow);
  await context.grantPermissions(['notifications'], { origin });
  const page = await context.newPage();
  await page.goto(`${origin}/members`);
  await hydrated(page);
  await workerReady(page);
  const worker: Worker =
    context.serviceWorkers().find((w) => w.url().startsWith(`${origin}/sw.js`)) ??
    (await context.waitForEvent('serviceworker'));

  const cdp = await context.newCDPSession(page);
  const id = await registrationId(cdp, origin);
  const payload = { title: 'Sam', body: 'Hello there', url: '/likes/received', tag: 'like:sam', badge: 3 };
  const chats = page.waitForRequest((r) => r.url().includes('/api/chats.php'));
  const likes = page.waitForRequest((r) => r.url().includes('/api/likes.php'));
  const deliver = () =>
    cdp.send('ServiceWorker.deliverPushMessage', {
      origin,
      registrationId: id,
      data: JSON.stringify(payload),
    });
  await deliver();

  const shown = () =>
    page.evaluate(async () =>
      (await (await navigator.serviceWorker.ready).getNotifications()).map((n) => ({
        title: n.title,
        body: n.body,
        tag: n.tag,
        data: n.data as unknown,
      })),
    );
  const expected = [{ title: 'Sam', body: 'Hello there', tag: 'like:sam', data: { url: '/likes/received' } }];
  try {
    await expect.poll(shown, { timeout: 8_000 }).toEqual(expected);
  } catch {
    // On a loaded machine the protocol's delivery to a worker it is starting was, rarely, seen
    // lost: deliver once more (the same tag makes it the same one notification).
    await deliver();
    await expect.poll(shown, { timeout: 8_000 }).toEqual(expected);
  }
  // Spec §4: the open page loads its chats and likes when a push arrives.
  await chats;
  await likes;

  // The DevTools protocol cannot click a notification: the click comes as the browser would
  // send it, a `notificationclick` event with the shown notification, dispatched in the worker.
  await worker.evaluate(async () => {
    const scope = self as unknown as {
      registration: ServiceWorkerRegistration;
      dispatchEvent(event: Event): boolean;
      NotificationEvent: new (type: string, init: { notification: Notification }) => Event;
    };
    const [notification] = await scope.registration.getNotifications();
    try {
      scope.dispatchEvent(new scope.NotificationEvent('notificationclick', { notification: notification! }));
    } catch {
      // waitUntil refuses an event the browser did not send; the work has started before it
    }
  });
  await page.waitForURL(`${origin}/likes/received`);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  expect(
    await page.evaluate(async () => (await (await navigator.serviceWorker.ready).getNotifications()).length),
  ).toBe(0);
  await context.close();
});

/**
 * Counts the page's listeners for the install offer as they are added: the member navigation
 * starts listening in an effect, which React may run after the islands count as hydrated.
 */
async function countOfferListeners(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const counted = window as unknown as { offerListeners: number };
    counted.offerListeners = 0;
    const add = window.addEventListener.bind(window) as (type: string, ...rest: unknown[]) => void;
    window.addEventListener = ((type: string, ...rest: unknown[]) => {
      if (type === 'beforeinstallprompt') counted.offerListeners++;
      add(type, ...rest);
    }) as typeof window.addEventListener;
  });
}

/**
 * Hands the page an install offer as Chromium makes one, recording whether it was used; once
 * the page listens for it (`countOfferListeners`), as Chromium makes its offer only after the
 * page has registered its service worker.
 */
async function offerInstall(page: Page): Promise<void> {
  await page.waitForFunction(() => (window as unknown as { offerListeners: number }).offerListeners > 0);
  await page.evaluate(() => {
    const offer = new Event('beforeinstallprompt', { cancelable: true }) as Event & {
      prompt(): Promise<void>;
      userChoice: Promise<{ outcome: string }>;
    };
    offer.prompt = async () => {
      (window as unknown as { prompted: boolean }).prompted = true;
    };
    offer.userChoice = Promise.resolve({ outcome: 'accepted' });
    window.dispatchEvent(offer);
  });
}

for (const width of [360, 1280]) {
  test(`the install banner offers the browser's install and remembers a dismissal (${width} px)`, async ({
    browser,
    consoleErrors,
  }) => {
    const { context, origin } = await loggedInContext(browser, SITES.amber, { width });
    const page = await context.newPage();
    await countOfferListeners(page);
    await page.goto(`${origin}/likes`);
    await hydrated(page);
    const banner = page.getByRole('region', { name: 'Install Amber Hearts' });
    await expect(banner).toBeHidden();
    await offerInstall(page);
    await expect(banner).toBeVisible();
    await picture(page, `${SCREENSHOTS}/pwa-install-banner-${width}.png`);
    expect(await accessibilityViolations(page)).toEqual([]);

    // By keyboard: the install button is reached and pressed like any other.
    await banner.getByRole('button', { name: 'Install' }).focus();
    await page.keyboard.press('Enter');
    await expect
      .poll(() => page.evaluate(() => (window as unknown as { prompted?: boolean }).prompted))
      .toBe(true);
    await expect(banner).toBeHidden();

    // Dismissed once, not offered again on the next page.
    await page.reload();
    await hydrated(page);
    await offerInstall(page);
    await banner.getByRole('button', { name: 'Not now' }).click();
    await expect(banner).toBeHidden();
    await page.reload();
    await hydrated(page);
    await offerInstall(page);
    await page.waitForTimeout(300);
    await expect(banner).toBeHidden();
    expect(consoleErrors.filter((e) => !e.includes('favicon'))).toEqual([]);
    await context.close();
  });
}

test('iPhone Safari gets the Share → Add to Home Screen steps, in the member language', async ({
  browser,
}) => {
  const me = await app.make.loggedIn({ site: SITES.amber, language: 'de' });
  for (const width of [360, 1280]) {
    const context = await browser.newContext({
      viewport: { width, height: width < 600 ? 740 : 800 },
      userAgent:
        'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
    });
    await context.addInitScript(() => localStorage.setItem('entry-warning-dismissed', String(Date.now())));
    const origin = url(app.server, '', SITES.amber.host);
    await context.addCookies([{ name: 'session', value: me.token, url: `${origin}/` }]);
    const page = await context.newPage();
    await page.goto(`${origin}/de/likes`);
    await hydrated(page);
    const banner = page.getByRole('region', { name: 'Amber Hearts installieren' });
    await expect(banner).toBeVisible();
    await expect(banner).toContainText('Zum Home-Bildschirm');
    await expect(banner).toContainText('Teilen');
    // Safari has no install offer to press: only the way to close the steps.
    await expect(banner.getByRole('button')).toHaveText(['Nicht jetzt']);
    await picture(page, `${SCREENSHOTS}/pwa-ios-coaching-${width}.png`);
    expect(await accessibilityViolations(page)).toEqual([]);
    await context.close();
  }
});

test('a desktop browser without an install offer shows no banner', async ({ browser }) => {
  const { context, origin } = await loggedInContext(browser, SITES.amber);
  const page = await context.newPage();
  await page.goto(`${origin}/likes`);
  await hydrated(page);
  await page.waitForTimeout(300);
  await expect(page.locator('.install-banner')).toHaveCount(0);
  await context.close();
});

test('in the installed app, the back button appears on a profile after another page', async ({ browser }) => {
  const other = await app.make.member({ site: SITES.amber, name: 'Backtrack' });
  const { context, origin } = await loggedInContext(browser, SITES.amber, { width: 360 });
  const page = await context.newPage();
  // Chromium's DevTools cannot emulate `display-mode: standalone`; the installed app on iOS says
  // the same through `navigator.standalone`, which the page reads too.
  await context.addInitScript(() =>
    Object.defineProperty(Navigator.prototype, 'standalone', { configurable: true, get: () => true }),
  );
  await page.goto(`${origin}/members`);
  await hydrated(page);
  // The members page is no back-button route.
  await expect(page.getByRole('button', { name: 'Back' })).toHaveCount(0);
  await page.goto(`${origin}/members/${other.profileId}`);
  await hydrated(page);
  const back = page.getByRole('button', { name: 'Back' });
  await expect(back).toBeVisible();
  await picture(page, `${SCREENSHOTS}/pwa-back-button-360.png`);
  await back.click();
  await page.waitForURL(`${origin}/members`);

  // A window opened straight on a profile (as a notification's click opens one) has nothing to
  // go back to. (A page of `context.newPage()` starts with a blank entry of its own.)
  const opened = context.waitForEvent('page');
  await page.evaluate(
    (href) => window.open(href, '_blank', 'noopener'),
    `${origin}/members/${other.profileId}`,
  );
  const fresh = await opened;
  await fresh.waitForLoadState();
  await hydrated(fresh);
  await expect(fresh.getByRole('heading', { level: 1 })).toBeVisible();
  expect(await fresh.evaluate(() => history.length)).toBe(1);
  await expect(fresh.getByRole('button', { name: 'Back' })).toHaveCount(0);
  await context.close();
});

test('the app badge shows unread messages plus new likes while the app is open', async ({ browser }) => {
  const me = await app.make.loggedIn({ site: SITES.amber });
  const fan = await app.make.member({ site: SITES.amber, name: 'Fan' });
  const writer = await app.make.loggedIn({ site: SITES.amber, name: 'Writer' });
  await app.make.photo(fan);
  await app.make.photo(writer);
  await app.make.like(fan, me);
  const sent = await sendText(app.server, writer, me, 'Hello from the badge test', `badge-${Date.now()}`);
  expect(sent.status, sent.body).toBeLessThan(300);
  const context = await visitorContext(browser);
  const origin = url(app.server, '', SITES.amber.host);
  await context.addCookies([{ name: 'session', value: me.token, url: `${origin}/` }]);
  // The badge an installed app shows, as the page asks for it.
  await context.addInitScript(() => {
    const seen: (number | undefined)[] = [];
    (window as unknown as { badges: typeof seen }).badges = seen;
    Object.defineProperty(Navigator.prototype, 'setAppBadge', {
      configurable: true,
      value: (count?: number) => {
        seen.push(count);
        return Promise.resolve();
      },
    });
  });
  const page = await context.newPage();
  // The search page brings neither list with it: both are fetched when the event stream opens.
  await page.goto(`${origin}/members`);
  await hydrated(page);
  await expect
    .poll(() => page.evaluate(() => (window as unknown as { badges: number[] }).badges.at(-1)), {
      timeout: 10_000,
    })
    .toBe(2);
  await expect(page).toHaveTitle(/^\(2\) /);
  await context.close();
});

/**
 * A member's page under the worker of a build before, and the site's worker found as its new
 * version, which then waits. A deploy changes the script's bytes, which the browser's update
 * check compares; the test server has one build, so the build before is the same script at
 * another address (`?build=previous`), which the browser treats as another version just the same.
 */
async function newVersionWaiting(browser: Browser) {
  const { context, origin } = await loggedInContext(browser, SITES.amber);
  const page = await context.newPage();
  await page.goto(`${origin}/members`);
  await hydrated(page);
  expect(await workerReady(page)).toBe(`${origin}/sw.js`);
  /** The script addresses of the registration's active and waiting versions. */
  const scripts = () =>
    page.evaluate(async () => {
      const registration = await navigator.serviceWorker.getRegistration('/');
      return {
        active: registration?.active?.scriptURL ?? null,
        waiting: registration?.waiting?.scriptURL ?? null,
      };
    });
  const previous = `${origin}/sw.js?build=previous`;
  await page.evaluate(async () => {
    const registration = await navigator.serviceWorker.register('/sw.js?build=previous', { scope: '/' });
    const worker = (registration.installing ?? registration.waiting)!;
    await new Promise<void>((resolve) => {
      if (worker.state === 'installed') resolve();
      worker.addEventListener('statechange', () => {
        if (worker.state === 'installed') resolve();
      });
    });
    worker.postMessage({ type: 'skip-waiting' });
  });
  await expect.poll(scripts, { timeout: 15_000 }).toEqual({ active: previous, waiting: null });

  // The site's worker, as the page's next load registers it: it installs and waits.
  await page.evaluate(async () => {
    await navigator.serviceWorker.register('/sw.js', { scope: '/' });
  });
  await expect.poll(scripts, { timeout: 15_000 }).toEqual({ active: previous, waiting: `${origin}/sw.js` });
  return { context, origin, page, scripts, previous };
}

test('a new worker waits while a page is open and takes over at the next page load, without reloading the open page', async ({
  browser,
}) => {
  const { context, origin, page, scripts, previous } = await newVersionWaiting(browser);
  // While the member is on the page it is not reloaded and the old version keeps serving.
  await page.evaluate(() => ((window as unknown as { kept: boolean }).kept = true));
  await page.waitForTimeout(1_000);
  expect(await page.evaluate(() => (window as unknown as { kept?: boolean }).kept)).toBe(true);
  expect(await scripts()).toEqual({ active: previous, waiting: `${origin}/sw.js` });

  // The next page load is the safe moment: the waiting version takes over.
  await page.goto(`${origin}/likes`);
  await hydrated(page);
  await expect.poll(scripts, { timeout: 15_000 }).toEqual({ active: `${origin}/sw.js`, waiting: null });
  expect(await page.evaluate(() => navigator.serviceWorker.controller?.scriptURL)).toBe(`${origin}/sw.js`);
  await context.close();
});

for (const typed of [false, true])
  test(`a tab left in the background ${typed ? 'with a typed message keeps its page' : 'with nothing typed moves to the new version and reloads'}`, async ({
    browser,
  }) => {
    const { context, origin, page, scripts, previous } = await newVersionWaiting(browser);
    await page.evaluate((typed) => {
      (window as unknown as { kept: boolean }).kept = true;
      if (typed) {
        const field = document.createElement('textarea');
        field.value = 'Hallo, wie';
        document.body.append(field);
      }
    }, typed);
    // The member turns to another tab. Headless Chromium never hides a page, so the page is told
    // as the browser would tell it; the worker's takeover and the reload are the browser's own.
    await page.evaluate(() => {
      Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => 'hidden' });
      document.dispatchEvent(new Event('visibilitychange'));
    });
    if (typed) {
      // Past the moment a hidden tab counts as in the background, nothing changes.
      await page.waitForTimeout(5_000);
      expect(await page.evaluate(() => (window as unknown as { kept?: boolean }).kept)).toBe(true);
      expect(await scripts()).toEqual({ active: previous, waiting: `${origin}/sw.js` });
    } else {
      await expect
        .poll(
          () =>
            page
              .evaluate(() => (window as unknown as { kept?: boolean }).kept ?? 'reloaded')
              .catch(() => 'reloading'),
          { timeout: 15_000 },
        )
        .toBe('reloaded');
      await hydrated(page);
      expect(await scripts()).toEqual({ active: `${origin}/sw.js`, waiting: null });
    }
    await context.close();
  });
