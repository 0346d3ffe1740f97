import sharp from 'sharp';
import type { Browser, Page } from '@playwright/test';
import { accessibilityViolations, expect, picture, siteUrl, test } from './fixtures.ts';
import { hydrated } from './accounts-support.ts';

/*
 * A new member's photos (spec §5: 3 for free members): three uploads on /profile/photos, the
 * limit said openly, the fourth refused with the limit message, at phone and desktop widths.
 */

const SHOTS = 'test-results/screenshots';

async function photoFile(seed: number) {
  const colour = { r: (seed * 70) % 256, g: (seed * 130 + 60) % 256, b: (seed * 200 + 120) % 256 };
  const buffer = await sharp({ create: { width: 800, height: 600, channels: 3, background: colour } })
    .jpeg()
    .toBuffer();
  return { name: `photo-${seed}.jpg`, mimeType: 'image/jpeg', buffer };
}

let members = 0;
/** A member just signed up (through the API) in a browser of its own, opened at /profile/photos. */
async function newMember(browser: Browser, width: number): Promise<Page> {
  members += 1;
  const context = await browser.newContext({
    viewport: { width, height: width < 600 ? 740 : 800 },
    extraHTTPHeaders: { 'x-forwarded-for': `10.77.${process.pid % 250}.${(members % 250) + 1}` },
  });
  await context.addInitScript(() => localStorage.setItem('entry-warning-dismissed', String(Date.now())));
  const email = `photos.${process.pid}.${Date.now().toString(36)}.${members}@example.org`;
  const response = await context.request.post(siteUrl('localhost', '/api/signup.php'), {
    data: { email, password: 'blue tulips at dawn 42', name: 'Robin', date_of_birth: '1990-05-17' },
    headers: { origin: siteUrl('localhost', '').replace(/\/$/, '') },
  });
  expect(response.status(), await response.text()).toBe(201);
  const page = await context.newPage();
  await page.goto(siteUrl('localhost', '/profile/photos'));
  await hydrated(page);
  return page;
}

/** Clears the corner notices (they fade by themselves) so the screenshot shows the page beneath. */
async function closeToasts(page: Page): Promise<void> {
  await page.evaluate(() => document.querySelectorAll('.kindred-toast').forEach((toast) => toast.remove()));
}

for (const width of [360, 1280]) {
  test(`a free member uploads 3 photos and the 4th is refused (${width} px)`, async ({
    browser,
    consoleErrors,
  }) => {
    test.setTimeout(60_000);
    const page = await newMember(browser, width);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('My photos');
    await expect(page.getByTestId('photos-empty')).toBeVisible();
    await expect(page.getByTestId('photo-count')).toHaveText('0 of 3 photos');
    await expect(page.getByText('Premium members can add up to 25 photos.')).toBeVisible();

    const input = page.locator('input[type=file][name=photo]');
    for (let i = 1; i <= 3; i++) {
      await input.setInputFiles(await photoFile(i));
      await expect(page.getByTestId('photo-item')).toHaveCount(i);
      await expect(page.getByTestId('photo-count')).toHaveText(`${i} of 3 photos`);
    }
    // The first is the main photo; every photo is visible at once (post-moderation by default).
    const items = page.getByTestId('photo-item');
    await expect(items.first().getByText('Main photo', { exact: true })).toBeVisible();
    await expect(items.getByText('Visible', { exact: true })).toHaveCount(3);

    // At the limit: said openly, the upload button disabled, the way to more photos beside it.
    const upload = page.getByRole('button', { name: 'Add a photo' });
    await expect(upload).toBeDisabled();
    const limit = page.getByTestId('photo-limit');
    await expect(limit).toContainText('You have reached the photo limit for free members.');
    await expect(limit.getByRole('link', { name: 'Get Premium' })).toHaveAttribute('href', '/premium');
    await closeToasts(page);
    await picture(page, `${SHOTS}/photos-limit-${width}.png`, { fullPage: true });

    // A fourth file sent anyway (an old tab, a script): the server refuses it with the limit.
    await input.evaluate((el: HTMLInputElement) => (el.disabled = false));
    await input.setInputFiles(await photoFile(4));
    await expect(page.getByRole('alert')).toContainText('You can have up to 3 photos.');
    await expect(page.getByTestId('photo-item')).toHaveCount(3);
    await picture(page, `${SHOTS}/photos-refused-${width}.png`);

    // Lock the second photo and choose the third as main, by keyboard.
    const second = items.nth(1);
    await second.getByRole('button', { name: 'Lock' }).focus();
    await page.keyboard.press('Enter');
    await expect(second.getByText('Locked', { exact: true })).toBeVisible();
    await items.nth(2).getByRole('button', { name: 'Make main photo' }).click();
    await expect(items.nth(2).getByText('Main photo', { exact: true })).toBeVisible();

    // Delete one after confirming: the count and the upload button come back.
    await items.first().getByRole('button', { name: 'Delete' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete photo' });
    await expect(dialog).toBeVisible();
    await dialog.getByRole('button', { name: 'Delete' }).click();
    await expect(page.getByTestId('photo-item')).toHaveCount(2);
    await expect(page.getByTestId('photo-count')).toHaveText('2 of 3 photos');
    await expect(upload).toBeEnabled();
    await closeToasts(page);
    await picture(page, `${SHOTS}/photos-managed-${width}.png`, { fullPage: true });

    expect(await accessibilityViolations(page)).toEqual([]);
    expect(consoleErrors.filter((e) => !/status of 403/.test(e))).toEqual([]);
    await page.context().close();
  });
}

test('a file that is no picture is refused beside the upload, with what is wrong', async ({ browser }) => {
  const page = await newMember(browser, 360);
  const input = page.locator('input[type=file][name=photo]');
  const upload = page.getByTestId('photo-upload');
  const error = page.getByTestId('photo-upload-error');
  const said = 'This file is not a JPEG, PNG or WebP image.';

  // A text file, as the browser names it: refused before it is sent.
  await input.setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hello') });
  await expect(error).toHaveText(said);
  await expect(upload).toHaveAccessibleDescription(new RegExp(said.replace(/\./g, '\\.')));

  // A file that claims to be a JPEG but is not one: the server's reason is shown in the same place.
  await input.setInputFiles({
    name: 'fake.jpg',
    mimeType: 'image/jpeg',
    buffer: Buffer.from('not a jpeg at all'),
  });
  await expect(error).toHaveText(said);
  await expect(page.getByText('Please check the highlighted fields')).toHaveCount(0);

  // A real picture clears it.
  await input.setInputFiles(await photoFile(9));
  await expect(page.getByTestId('photo-count')).toHaveText('1 of 3 photos');
  await expect(error).toHaveCount(0);
});
