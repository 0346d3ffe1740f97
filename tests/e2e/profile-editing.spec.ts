import { mkdirSync } from 'node:fs';
import type { Browser, BrowserContext, Page } from '@playwright/test';
import { accessibilityViolations, expect, picture, siteUrl, test } from './fixtures.ts';

/*
 * Spec §2 profile editing in Chromium: a new member fills in attributes, interests, about me
 * and a location chosen by hand, saves, and finds it all again after a reload; the browser's
 * position fills the location where the member allows it, and a refusal leads to the manual
 * path.
 */

const DIR = 'test-results/screenshots';
let made = 0;

/** A browser of a member just signed up (through the API), with the entry warning seen. */
async function memberContext(
  browser: Browser,
  options: { width?: number; geolocation?: { latitude: number; longitude: number } } = {},
): Promise<BrowserContext> {
  made += 1;
  const context = await browser.newContext({
    viewport: { width: options.width ?? 1280, height: 900 },
    locale: 'en-GB',
    timezoneId: 'Europe/Amsterdam',
    ...(options.geolocation ? { geolocation: options.geolocation } : {}),
    extraHTTPHeaders: { 'x-forwarded-for': `10.77.${process.pid % 250}.${(made % 250) + 1}` },
  });
  await context.addInitScript(() => localStorage.setItem('entry-warning-dismissed', String(Date.now())));
  const response = await context.request.post(siteUrl('localhost', '/api/signup.php'), {
    data: {
      // Short: a long address overflows the activation reminder at 360 px (not this page's part).
      email: `p${made}${Date.now().toString(36)}@ex.org`,
      password: 'blue tulips at dawn 42',
      name: 'Robin',
      date_of_birth: '1990-05-17',
    },
    headers: { origin: siteUrl('localhost', '').replace(/\/$/, '') },
  });
  expect(response.status(), await response.text()).toBe(201);
  return context;
}

async function openEditor(context: BrowserContext): Promise<Page> {
  const page = await context.newPage();
  await page.goto(siteUrl('localhost', '/profile'));
  await expect(page.locator('astro-island[ssr]')).toHaveCount(0);
  return page;
}

const geoNote = (page: Page) => page.locator('[data-geo]');

test('a new member fills in the profile by hand, saves it and finds it after a reload', async ({
  browser,
  consoleErrors,
}) => {
  // A whole form filled, saved, reloaded and scanned for accessibility: a long journey.
  test.setTimeout(60_000);
  const context = await memberContext(browser);
  const page = await openEditor(context);
  await expect(page.getByRole('heading', { name: 'My profile', level: 1 })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Manage photos' })).toHaveAttribute('href', '/profile/photos');

  await page.getByLabel('Sexuality').selectOption('bi');
  await page.getByLabel('Hair colour').selectOption('red');
  await page.getByLabel('Body type').selectOption('slim');
  await page.getByLabel('Relationship status').selectOption('single');
  for (const interest of ['Hiking', 'Wine', 'Cooking'])
    await page.getByText(interest, { exact: true }).click();
  await expect(page.getByRole('checkbox', { name: 'Hiking' })).toBeChecked();
  await expect(page.getByText('3 of 20 chosen')).toBeVisible();
  await page
    .getByRole('region', { name: 'About me' })
    .getByRole('textbox')
    .fill('Long walks, then a good glass of wine.');

  await page.getByLabel('Country').selectOption('DE');
  const region = page.getByLabel('State');
  await expect(region.locator('option[value="BY"]')).toHaveCount(1);
  await region.selectOption('BY');
  await page.getByLabel('Town or city').fill('Regensburg');

  const saved = page.waitForResponse(
    (r) => r.url().endsWith('/api/profile.php') && r.request().method() === 'PUT',
  );
  await page.getByRole('button', { name: 'Save profile' }).click();
  expect((await saved).status()).toBe(200);
  await expect(page.getByText('Your profile has been saved.')).toBeVisible();

  await page.reload();
  await expect(page.locator('astro-island[ssr]')).toHaveCount(0);
  await expect(page.getByLabel('Sexuality')).toHaveValue('bi');
  await expect(page.getByLabel('Hair colour')).toHaveValue('red');
  await expect(page.getByLabel('Relationship status')).toHaveValue('single');
  for (const interest of ['Hiking', 'Wine', 'Cooking'])
    await expect(page.getByRole('checkbox', { name: interest })).toBeChecked();
  await expect(page.getByRole('checkbox', { name: 'Beach' })).not.toBeChecked();
  await expect(page.getByLabel('Country')).toHaveValue('DE');
  await expect(page.getByLabel('State')).toHaveValue('BY');
  await expect(page.getByLabel('Town or city')).toHaveValue('Regensburg');
  await expect(page.getByRole('region', { name: 'About me' }).getByRole('textbox')).toHaveValue(
    'Long walks, then a good glass of wine.',
  );

  // The member area told the account the browser's time zone.
  const user = await context.request.get(siteUrl('localhost', '/api/user.php'));
  expect((await user.json()).user.time_zone).toBe('Europe/Amsterdam');

  expect(await accessibilityViolations(page)).toEqual([]);
  expect(consoleErrors).toEqual([]);
  await context.close();
});

test('the browser’s position fills in the location where the member allows it', async ({ browser }) => {
  const context = await memberContext(browser, { geolocation: { latitude: 52.0907, longitude: 5.1214 } });
  await context.grantPermissions(['geolocation']);
  const page = await openEditor(context);
  await expect(geoNote(page)).toHaveAttribute('data-geo', 'granted');
  await page.getByRole('button', { name: 'Use my location' }).click();
  await expect(geoNote(page)).toHaveText('Found: Utrecht. Check the fields and save.');
  await expect(page.getByLabel('Country')).toHaveValue('NL');
  await expect(page.getByLabel('Province')).toHaveValue('UT');
  await expect(page.getByLabel('Town or city')).toHaveValue('Utrecht');
  // Spec §9: the answer is kept for an hour.
  const cached = await page.evaluate(() => JSON.parse(localStorage.getItem('kindred.geocode') ?? 'null'));
  expect(cached.answer).toMatchObject({ country: 'NL', region: 'UT', city: 'Utrecht' });
  await context.close();
});

test('a refused position says so and leaves the choice by hand', async ({ browser }) => {
  const context = await memberContext(browser, { geolocation: { latitude: 52.0907, longitude: 5.1214 } });
  const page = await openEditor(context);
  // Nothing granted: the browser would ask, and headless Chromium answers no.
  await expect(geoNote(page)).toHaveAttribute('data-geo', 'prompt');
  await page.getByRole('button', { name: 'Use my location' }).click();
  await expect(geoNote(page)).toHaveAttribute('data-geo', 'denied');
  await expect(geoNote(page)).toContainText('choose your country and region below');
  await expect(page.getByRole('button', { name: 'Use my location' })).toBeDisabled();
  await page.getByLabel('Country').selectOption('BE');
  await page.getByLabel('Province').selectOption('VLG');
  await page.getByRole('button', { name: 'Save profile' }).click();
  await expect(page.getByText('Your profile has been saved.')).toBeVisible();
  await context.close();
});

for (const width of [360, 1280]) {
  test(`the profile editor at ${width} px`, async ({ browser }) => {
    mkdirSync(DIR, { recursive: true });
    const context = await memberContext(browser, { width });
    const page = await openEditor(context);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await picture(page, `${DIR}/profile-editor-${width}.png`, { fullPage: true });
    await context.close();
  });
}
