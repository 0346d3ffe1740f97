import { mkdirSync } from 'node:fs';
import { accessibilityViolations, expect, picture, test } from './fixtures.ts';
import {
  hydrated,
  memberPage,
  signUpQuickly,
  signupDialog,
  useAccountsServer,
  url,
  visitorContext,
} from './accounts-support.ts';
import type { Page } from '@playwright/test';

/*
 * The account screens for everyone: no axe violations and no console errors (a CSP that blocks
 * an island shows up here), nothing wider than a 360 px phone, and pictures for people to look at.
 */

const SHOTS = 'test-results/screenshots';

const app = useAccountsServer();
test.beforeAll(() => {
  mkdirSync(SHOTS, { recursive: true });
});

/** Errors in the console, page errors and CSP violations, as the shared fixture collects them. */
function watchConsole(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(`console: ${message.text()}`);
  });
  page.on('pageerror', (error) => errors.push(`page error: ${error.message}`));
  return errors;
}

async function sideways(page: Page): Promise<number> {
  return page.evaluate(() => document.documentElement.scrollWidth);
}

// The same checks for visitors' screens and, signed up first, for members' screens.
for (const [name, path, member] of [
  ['login', '/login', false],
  ['signup page', '/signup', false],
  ['password reset', '/reset-password', false],
  ['German login', '/de/login', false],
  ['settings', '/settings', true],
  ['notifications', '/notifications', true],
  ['members', '/members', true],
  ['match finder', '/match-finder', true],
  ['profile', '/profile', true],
  ['photos', '/profile/photos', true],
  ['likes', '/likes', true],
  ['sent likes', '/likes/sent', true],
  ['matches', '/likes/matches', true],
  ['swipe game', '/swipe-game', true],
  ['direct debit', '/directdebit', true],
  ['repeat order', '/credits/repeat-order', true],
] as const) {
  test(`${name}${member ? ' for a member' : ''}: no axe violations, no console errors`, async ({
    browser,
  }) => {
    const context = await visitorContext(browser);
    if (member) await signUpQuickly(context, app.server);
    const page = await context.newPage();
    const errors = watchConsole(page);
    await page.goto(url(app.server, path));
    await hydrated(page);
    expect({ violations: await accessibilityViolations(page), errors }).toEqual({
      violations: [],
      errors: [],
    });
    await context.close();
  });
}

test('the open signup modal: no axe violations, focus inside it', async ({ browser }) => {
  const context = await visitorContext(browser);
  const page = await context.newPage();
  const errors = watchConsole(page);
  await page.goto(url(app.server, '/login'));
  await page.getByRole('link', { name: 'Sign up free' }).click();
  const dialog = signupDialog(page);
  await expect(dialog).toBeVisible();
  await expect(dialog.locator(':focus')).toHaveCount(1);
  // Tab never reaches the page behind: it is inert (past the dialog, focus may go to the browser).
  for (let i = 0; i < 12; i++) {
    await page.keyboard.press('Tab');
    const outside = await page.evaluate(() => {
      const active = document.activeElement;
      return !!active && active !== document.body && !active.closest('[role="dialog"]');
    });
    expect(outside, `Tab ${i + 1} left the dialog`).toBe(false);
  }
  expect({ violations: await accessibilityViolations(page), errors }).toEqual({ violations: [], errors: [] });
  await context.close();
});

for (const width of [360, 1280]) {
  test(`signup modal and settings at ${width} px`, async ({ browser }) => {
    const context = await visitorContext(browser, { width });
    const page = await context.newPage();
    await page.goto(url(app.server, '/login'));
    await page.getByRole('link', { name: 'Sign up free' }).click();
    await expect(signupDialog(page)).toBeVisible();
    await picture(page, `${SHOTS}/accounts-signup-modal-${width}.png`);
    await signupDialog(page).getByRole('button', { name: 'Next' }).click();
    await signupDialog(page).getByRole('button', { name: 'Next' }).click();
    await expect(signupDialog(page).getByText('Please fill in this field')).toBeVisible();
    await picture(page, `${SHOTS}/accounts-signup-modal-error-${width}.png`);
    await page.keyboard.press('Escape');

    await signUpQuickly(context, app.server);
    await page.goto(url(app.server, '/settings'));
    // The pictures show the screens as they settle, with their buttons enabled.
    await hydrated(page);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Settings');
    expect(await sideways(page)).toBeLessThanOrEqual(width);
    await picture(page, `${SHOTS}/accounts-settings-${width}.png`, { fullPage: true });
    // The settings lead to all notifications (push and e-mail), not to e-mails alone.
    await expect(page.getByRole('link', { name: 'Manage notifications' })).toHaveAttribute(
      'href',
      '/notifications',
    );
    await page.goto(url(app.server, '/notifications'));
    await hydrated(page);
    await expect(page.getByRole('switch', { name: 'Likes' })).toBeChecked();
    // The categories' card says what its switches are: e-mails, and push where it is on.
    await expect(
      page.getByRole('region', { name: 'What we tell you about' }).getByRole('switch', { name: 'Likes' }),
    ).toBeVisible();
    expect(await sideways(page)).toBeLessThanOrEqual(width);
    await picture(page, `${SHOTS}/accounts-notifications-${width}.png`, { fullPage: true });
    await context.close();
  });
}

test('privacy modes and notification switches save at once and survive a reload', async ({ browser }) => {
  const context = await visitorContext(browser);
  await signUpQuickly(context, app.server);
  const page = await context.newPage();
  await page.goto(url(app.server, '/settings'));
  const invisible = page.getByRole('switch', { name: 'Invisible mode' });
  await invisible.check();
  await expect(page.getByText('Invisible mode is on.')).toBeVisible();
  await page.goto(url(app.server, '/notifications'));
  const news = page.getByRole('switch', { name: 'News' });
  // News waits for the member's yes (consent): off until switched on.
  await expect(news).not.toBeChecked();
  // Switched before or after the island runs, the change is saved: wait for it to be.
  await Promise.all([
    page.waitForResponse((r) => r.url().endsWith('/api/notifications.php') && r.request().method() === 'PUT'),
    news.check(),
  ]);
  await expect(news).toBeEnabled();
  // The member is told the change is saved.
  await expect(page.getByText('Your notification settings are saved.')).toBeVisible();
  await page.reload();
  await expect(page.getByRole('switch', { name: 'News' })).toBeChecked();
  await page.goto(url(app.server, '/settings'));
  await expect(page.getByRole('switch', { name: 'Invisible mode' })).toBeChecked();
  await context.close();
});

test('a session cookie of one site does nothing on another', async ({ browser }) => {
  const { context, page } = await memberPage(browser, app.server, '/members');
  await expect(page.getByRole('heading', { name: 'Search members' })).toBeVisible();
  const [cookie] = (await context.cookies(url(app.server, '/'))).filter((c) => c.name.endsWith('session'));
  expect(cookie).toBeDefined();
  await context.addCookies([{ ...cookie!, domain: 'rainbow.localhost' }]);
  await page.goto(url(app.server, '/members', 'rainbow.localhost'));
  await expect(page).toHaveURL(/rainbow\.localhost:\d+\/login\?next=%2Fmembers$/);
  await context.close();
});

test('the data export downloads everything stored about the member as JSON', async ({ browser }) => {
  const context = await visitorContext(browser);
  const { email } = await signUpQuickly(context, app.server);
  const page = await context.newPage();
  await page.goto(url(app.server, '/settings'));
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('link', { name: 'Download my data' }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/\.json$/);
  const text = await (await download.createReadStream()).toArray();
  expect(Buffer.concat(text).toString('utf8')).toContain(email);
  await context.close();
});
