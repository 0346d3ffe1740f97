import type { Browser, BrowserContext, Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { hydrated, signUpQuickly, url, useAccountsServer } from './accounts-support.ts';

/*
 * The push switch on /notifications in the states of spec §4 that a browser here can be put in
 * for sure: unsupported (no service worker can run) and denied (the browser's permission). A
 * subscription needs a real push service, which this machine cannot reach; the server's side of
 * push is tested against a local push service (tests/integration/push.test.ts).
 */

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

const pushSwitch = (page: Page) => page.getByRole('switch', { name: 'Push notifications on this device' });

test('without a service worker the push switch says the browser cannot take push, and the preview choice still saves', async ({
  browser,
}) => {
  const context = await memberContext(browser, { serviceWorkers: 'block' });
  const page = await notificationsPage(context);
  await expect(page.locator('[data-push-status]')).toHaveAttribute('data-push-status', 'unsupported', {
    timeout: 10_000,
  });
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
  await expect(page.locator('[data-push-status]')).toHaveAttribute('data-push-status', 'denied');
  await expect(pushSwitch(page)).toBeDisabled();
  await expect(pushSwitch(page)).not.toBeChecked();
  await expect(page.getByText('Notifications are blocked for this site in your browser.')).toBeVisible();
  // The push alert is not offered to a browser that refuses notifications.
  await page.goto(url(app.server, '/members'));
  await hydrated(page);
  await expect(page.locator('[data-push-alert]')).toHaveCount(0);
  await context.close();
});
