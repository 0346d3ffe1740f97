import type { Browser, BrowserContext, Page } from '@playwright/test';
import { FULL_LAUNCH } from './browsers.ts';
import { expect, test } from './fixtures.ts';
import { hydrated, signUpQuickly, url, useAccountsServer } from './accounts-support.ts';

/*
 * The push switch on /notifications in the four states of spec §4: unsupported (no service worker
 * can run), denied (the browser's permission), capable and subscribed. A subscription needs the
 * browser's push service, which this machine cannot reach: for capable and subscribed the test
 * stands in for that one browser call (`pushManager.subscribe`) with real P-256 keys, and
 * everything after it is the site's. The server's side of push is tested against a local push
 * service (tests/integration/push.test.ts).
 */

// Service workers' push and the notification permission are the full browser's.
test.use({ launchOptions: FULL_LAUNCH });

const app = useAccountsServer();
let contexts = 0;

async function memberContext(browser: Browser, options: { serviceWorkers: 'allow' | 'block' }) {
  contexts += 1;
  const context = await browser.newContext({
    serviceWorkers: options.serviceWorkers,
    extraHTTPHeaders: { 'x-forwarded-for': `10.77.${process.pid % 250}.${(contexts % 250) + 1}` },
  });
  await context.addInitScript(() => localStorage.setItem('entry-warning-dismissed', String(Date.now())));
  await signUpQuickly(context, app.server);
  return context;
}

async function notificationsPage(context: BrowserContext): Promise<Page> {
  const page = await context.newPage();
  await page.goto(url(app.server, '/notifications'));
  await hydrated(page);
  return page;
}

/** What the page says of push on this device: unsupported, denied, capable or subscribed. */
const expectPushStatus = (page: Page, status: string, options?: { timeout: number }) =>
  expect(page.locator('[data-push-status]')).toHaveAttribute('data-push-status', status, options);

const pushSwitch = (page: Page) => page.getByRole('switch', { name: 'Push notifications on this device' });

test('without a service worker the push switch says the browser cannot take push, and the preview choice still saves', async ({
  browser,
}) => {
  const context = await memberContext(browser, { serviceWorkers: 'block' });
  const page = await notificationsPage(context);
  await expectPushStatus(page, 'unsupported', { timeout: 10_000 });
  await expect(pushSwitch(page)).toBeDisabled();
  await expect(pushSwitch(page)).not.toBeChecked();
  await expect(page.getByText('This browser cannot receive push notifications from the site.')).toBeVisible();
  const preview = page.getByRole('switch', { name: 'Show sender and text' });
  await expect(preview).toBeChecked();
  await Promise.all([
    page.waitForResponse((r) => r.url().endsWith('/api/notifications.php') && r.request().method() === 'PUT'),
    preview.uncheck(),
  ]);
  await page.reload();
  await hydrated(page);
  await expect(page.getByRole('switch', { name: 'Show sender and text' })).not.toBeChecked();
  await context.close();
});

test('with notifications blocked in the browser the push switch says so and stays off', async ({
  browser,
}) => {
  const context = await memberContext(browser, { serviceWorkers: 'allow' });
  const page = await context.newPage();
  // The browser's own permission for this origin, as the member would set it in site settings.
  const cdp = await context.newCDPSession(page);
  const { targetInfo } = await cdp.send('Target.getTargetInfo');
  await cdp.send('Browser.setPermission', {
    permission: { name: 'notifications' },
    setting: 'denied',
    origin: new URL(url(app.server, '/')).origin,
    browserContextId: targetInfo.browserContextId,
  });
  await page.goto(url(app.server, '/notifications'));
  await hydrated(page);
  expect(await page.evaluate(() => Notification.permission)).toBe('denied');
  await expectPushStatus(page, 'denied');
  await expect(pushSwitch(page)).toBeDisabled();
  await expect(pushSwitch(page)).not.toBeChecked();
  await expect(page.getByText('Notifications are blocked for this site in your browser.')).toBeVisible();
  // The push alert is not offered to a browser that refuses notifications.
  await page.goto(url(app.server, '/members'));
  await hydrated(page);
  await expect(page.locator('[data-push-alert]')).toHaveCount(0);
  await context.close();
});

/**
 * Stands in for the browser's push service: `subscribe` answers a subscription with fresh P-256
 * keys at an FCM address, kept in localStorage so that it outlives a reload as a real one does.
 */
function standInPushService(): void {
  const KEY = 'e2e-push-subscription';
  const b64url = (bytes: Uint8Array) =>
    btoa(String.fromCharCode(...bytes))
      .replace(/\+/g, '-')
      .replace(/\//g, '_')
      .replace(/=+$/, '');
  const subscriptionOf = (json: PushSubscriptionJSON) =>
    ({
      endpoint: json.endpoint,
      expirationTime: null,
      options: { userVisibleOnly: true, applicationServerKey: null },
      toJSON: () => json,
      getKey: () => null,
      unsubscribe: async () => {
        localStorage.removeItem(KEY);
        return true;
      },
    }) as unknown as PushSubscription;
  PushManager.prototype.getSubscription = async function () {
    const kept = localStorage.getItem(KEY);
    return kept ? subscriptionOf(JSON.parse(kept) as PushSubscriptionJSON) : null;
  };
  PushManager.prototype.subscribe = async function () {
    const pair = await crypto.subtle.generateKey({ name: 'ECDH', namedCurve: 'P-256' }, true, ['deriveBits']);
    const publicKey = new Uint8Array(await crypto.subtle.exportKey('raw', pair.publicKey));
    const json: PushSubscriptionJSON = {
      endpoint: `https://fcm.googleapis.com/fcm/send/e2e-${crypto.randomUUID()}`,
      expirationTime: null,
      keys: { p256dh: b64url(publicKey), auth: b64url(crypto.getRandomValues(new Uint8Array(16))) },
    };
    localStorage.setItem(KEY, JSON.stringify(json));
    return subscriptionOf(json);
  };
}

test('a browser that can take push: the switch subscribes it, says so after a reload, and lets go when switched off', async ({
  browser,
}) => {
  const context = await memberContext(browser, { serviceWorkers: 'allow' });
  await context.grantPermissions(['notifications'], { origin: new URL(url(app.server, '/')).origin });
  await context.addInitScript(standInPushService);
  const page = await notificationsPage(context);
  await expectPushStatus(page, 'capable', { timeout: 10_000 });
  await expect(pushSwitch(page)).toBeEnabled();
  await expect(pushSwitch(page)).not.toBeChecked();
  await expect(page.getByText('This device receives no push notifications.')).toBeVisible();

  const attached = page.waitForResponse(
    (r) => r.url().includes('/api/user.php?push=1') && r.request().method() === 'POST',
  );
  await pushSwitch(page).click();
  expect((await attached).status()).toBe(200);
  await expectPushStatus(page, 'subscribed');
  await expect(pushSwitch(page)).toBeChecked();
  await expect(page.getByText('This device receives push notifications.')).toBeVisible();

  await page.reload();
  await hydrated(page);
  await expectPushStatus(page, 'subscribed', { timeout: 10_000 });
  await expect(pushSwitch(page)).toBeChecked();

  const detached = page.waitForResponse(
    (r) => r.url().includes('/api/user.php?push=1') && r.request().method() === 'DELETE',
  );
  await pushSwitch(page).click();
  expect((await detached).ok()).toBe(true);
  await expectPushStatus(page, 'capable');
  await expect(pushSwitch(page)).not.toBeChecked();
  await context.close();
});
