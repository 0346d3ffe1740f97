import { expect, picture, test } from './fixtures.ts';
import {
  holdIslands,
  hydrated,
  notHydratedYet,
  url,
  SCREENSHOTS,
  useMemberJourney,
} from './accounts-support.ts';
import type { Browser } from '@playwright/test';

/*
 * Buying credits in Chromium: the credits page with the welcome discount applied to every
 * bundle and no countdown (on the demo sites the time bonus is worth no more than the welcome
 * discount that stays after it, so nothing ends), a bundle, a discount code (an unknown one
 * refused while the welcome discount stays, a real one applied with the total to pay), and
 * payment through the built-in test checkout to the completed transaction. A time bonus that
 * does end is in offers.spec.ts. Screenshots at 360 and 1280 px in test-results/screenshots.
 */

const app = useMemberJourney();
const DIR = SCREENSHOTS;

test.describe.configure({ mode: 'serial' });

/** A fresh member called `name` in a browser of their own, `width` px wide, on a blank page. */
async function memberPage(browser: Browser, width: number, name: string) {
  const { context } = await app.memberBrowser(browser, width, { name });
  return { context, page: await context.newPage() };
}

for (const width of [1280, 360]) {
  test(`credits → bundle → discount code → test checkout (${width} px)`, async ({ browser }) => {
    const { context, page } = await memberPage(browser, width, 'Buyer');
    await page.goto(url(app.server, '/credits'));
    await hydrated(page);

    // The welcome discount of a new member: applied to every bundle, and no clock, since it stays.
    await expect(page.getByTestId('welcome-offer')).toHaveText('Welcome offer: 25 % off your first purchase');
    await expect(page.getByTestId('timebonus-countdown')).toHaveCount(0);
    await expect(page.getByTestId('credits-balance')).toHaveText('Your balance: 0 credits');
    const starter = page.locator('a[data-bundle="starter"]');
    await expect(starter.locator('del')).toHaveText('€14.99');
    await expect(starter.locator('strong')).toHaveText('€11.24');
    await picture(page, `${DIR}/credits-${width}.png`, { fullPage: true });

    await starter.click();
    await expect(page).toHaveURL(/\/credits\/starter$/);
    await hydrated(page);
    await expect(page.getByTestId('final-amount')).toContainText('€11.24');

    const code = page.getByLabel('Discount code');
    await code.fill('NOSUCHCODE');
    await expect(code).toHaveValue('NOSUCHCODE');
    await page.getByRole('button', { name: 'Apply' }).click();
    // The quote is a server call: on a loaded machine it may take longer than a click's default wait.
    await expect(page.getByTestId('discount-notice')).toHaveText(
      'Code not found. Your 25 % discount still applies.',
      { timeout: 15_000 },
    );
    await expect(page.getByTestId('final-amount')).toHaveText('Total to pay€11.24');

    await code.fill(await app.make.discountCode({ percentage: 40 }));
    await page.getByRole('button', { name: 'Apply' }).click();
    await expect(page.getByTestId('final-amount')).toContainText('€8.99');
    await page.getByLabel('iDEAL').check();
    await picture(page, `${DIR}/credits-checkout-${width}.png`, { fullPage: true });

    await page.getByRole('button', { name: 'Pay €8.99' }).click();
    await expect(page).toHaveURL(/\/checkout\/test\//);
    await expect(page.getByText('€8.99').first()).toBeVisible();
    await page.getByRole('button', { name: 'Paid' }).click();
    await expect(page).toHaveURL(/\/transactions\//);
    await expect(page.getByText('Thank you! 100 credits have been added.')).toBeVisible({ timeout: 15_000 });
    await context.close();
  });
}

test('premium page leads to the credits page', async ({ browser }) => {
  const { context, page } = await memberPage(browser, 1280, 'Buyer');
  await page.goto(url(app.server, '/premium'));
  await expect(page.getByRole('heading', { name: 'Premium membership' })).toBeVisible();
  await expect(page.getByTestId('premium-claim')).toHaveText('Premium members get more out of every like.');
  // Each benefit names the free limit it lifts, from the site's settings (the defaults here).
  await expect(page.getByRole('listitem')).toContainText([
    'See every photo of every member',
    'Upload up to 25 photos',
    'Write to as many members as you like (free members: 2 conversations)',
    'Like without a daily limit in the swipe game (free members: 4 likes a day)',
    'See your whole chat history (free members: the last 30 days)',
  ]);
  await picture(page, `${DIR}/premium-1280.png`, { fullPage: true });
  await page.getByRole('link', { name: 'Get Premium' }).last().click();
  await expect(page).toHaveURL(/\/credits$/);
  await context.close();
});

test('no time-bonus modal where nothing ends: the welcome discount stays without “act fast”', async ({
  browser,
}) => {
  const { context, page } = await memberPage(browser, 360, 'Buyer');
  await page.clock.install();
  const asked = page.waitForResponse((r) => r.url().includes('/api/timebonus.php'));
  await page.goto(url(app.server, '/likes'));
  await hydrated(page);
  expect((await asked).status()).toBe(204);
  await page.clock.fastForward(45_000);
  await expect(page.getByTestId('timebonus-modal')).toBeHidden();
  await context.close();
});

test('the deletion flow’s trial package and discount lead to real offers', async ({ browser }) => {
  await app.make.discountCode({ code: 'STAY20', percentage: 20 });
  const { me, context } = await app.memberBrowser(browser, 1280, { name: 'Buyer' });
  // Past the time bonus and the welcome offer, so only the deletion code discounts.
  await app.make.updateMember(me, { paid_user: 1 });
  const page = await context.newPage();
  await page.goto(url(app.server, '/settings'));
  await hydrated(page);
  const section = page.locator('#delete');
  await section.getByRole('button', { name: /Delete my account/ }).click();
  await expect(section.getByRole('link', { name: 'See the small bundle' })).toHaveAttribute(
    'href',
    '/credits/starter',
  );
  await section.getByRole('link', { name: 'Use my discount' }).click();
  await expect(page).toHaveURL(/\/credits\?discountcode=STAY20$/);
  const starter = page.locator('a[data-bundle="starter"]');
  await expect(starter.locator('strong')).toHaveText('€11.99');
  await starter.click();
  await hydrated(page);
  await expect(page.getByLabel('Discount code')).toHaveValue('STAY20');
  await expect(page.getByTestId('final-amount')).toContainText('€11.99');
  await context.close();
});

test('a code typed and a method picked before the checkout runs are the ones it applies', async ({
  browser,
}) => {
  const { context, page } = await memberPage(browser, 360, 'Early');
  const islands = await holdIslands(page);
  await page.goto(url(app.server, '/credits/starter'), { waitUntil: 'commit' });
  await page.getByLabel('Discount code').fill('NOSUCHCODE');
  await page.getByLabel('PayPal').check();
  await notHydratedYet(page);
  // Apply waits for its handler: a submit now would reload the page and lose the code.
  await expect(page.getByRole('button', { name: 'Apply' })).toBeDisabled();
  islands.release();
  await hydrated(page);
  await page.getByRole('button', { name: 'Apply' }).click();
  await expect(page.getByTestId('discount-notice')).toHaveText(
    'Code not found. Your 25 % discount still applies.',
    { timeout: 15_000 },
  );
  await expect(page.getByLabel('Discount code')).toHaveValue('NOSUCHCODE');
  await expect(page.getByLabel('PayPal')).toBeChecked();
  await context.close();
});
