import { expect, test } from './fixtures.ts';
import { hydrated, url, SCREENSHOTS, useMemberJourney } from './accounts-support.ts';

/*
 * Buying credits in Chromium: the credits page with the time bonus counting down and applied to
 * every bundle, a bundle, a discount code (an unknown one refused, a real one applied with the
 * final amount), and payment through the built-in test checkout to the completed transaction.
 * Screenshots at 360 and 1280 px in test-results/screenshots.
 */

const app = useMemberJourney();
const DIR = SCREENSHOTS;

test.describe.configure({ mode: 'serial' });

for (const width of [1280, 360]) {
  test(`credits → bundle → discount code → test checkout (${width} px)`, async ({ browser }) => {
    const { context } = await app.memberBrowser(browser, width, { name: 'Buyer' });
    const page = await context.newPage();
    await page.goto(url(app.server, '/credits'));
    await hydrated(page);

    // The time bonus of a new member: counting down, and applied to every bundle.
    const countdown = page.getByTestId('timebonus-countdown');
    await expect(countdown).toHaveText(/^0[34]:\d\d:\d\d$/);
    const first = await countdown.textContent();
    await expect(countdown).not.toHaveText(first!, { timeout: 3000 });
    const starter = page.locator('a[data-bundle="starter"]');
    await expect(starter.locator('del')).toHaveText('€14.99');
    await expect(starter.locator('strong')).toHaveText('€11.24');
    await page.screenshot({ path: `${DIR}/credits-${width}.png`, fullPage: true });

    await starter.click();
    await expect(page).toHaveURL(/\/credits\/starter$/);
    await hydrated(page);
    await expect(page.getByTestId('final-amount')).toContainText('€11.24');

    const code = page.getByLabel('Discount code');
    await code.fill('NOSUCHCODE');
    await page.getByRole('button', { name: 'Apply' }).click();
    await expect(page.getByRole('alert')).toHaveText('Code not found');
    await expect(page.getByTestId('final-amount')).toHaveText('Total to pay: €14.99');

    await code.fill(await app.make.discountCode({ percentage: 40 }));
    await page.getByRole('button', { name: 'Apply' }).click();
    await expect(page.getByTestId('final-amount')).toContainText('€8.99');
    await page.getByLabel('iDEAL').check();
    await page.screenshot({ path: `${DIR}/credits-checkout-${width}.png`, fullPage: true });

    await page.getByRole('button', { name: 'Buy now' }).click();
    await expect(page).toHaveURL(/\/checkout\/test\//);
    await expect(page.getByText('€8.99').first()).toBeVisible();
    await page.getByRole('button', { name: 'Paid' }).click();
    await expect(page).toHaveURL(/\/transactions\//);
    await expect(page.getByText('Thank you! 100 credits have been added.')).toBeVisible({ timeout: 15_000 });
    await context.close();
  });
}

test('premium page leads to the credits page', async ({ browser }) => {
  const { context } = await app.memberBrowser(browser, 1280, { name: 'Buyer' });
  const page = await context.newPage();
  await page.goto(url(app.server, '/premium'));
  await expect(page.getByRole('heading', { name: 'Premium membership' })).toBeVisible();
  await expect(page.getByTestId('premium-claim')).toHaveText('Premium members get more out of every like.');
  await page.screenshot({ path: `${DIR}/premium-1280.png`, fullPage: true });
  await page.getByRole('link', { name: 'Get Premium' }).last().click();
  await expect(page).toHaveURL(/\/credits$/);
  await context.close();
});

test('the time-bonus modal opens after 40 s in the members area, and No thanks is remembered', async ({
  browser,
}) => {
  const { me, context } = await app.memberBrowser(browser, 360, { name: 'Buyer' });
  const page = await context.newPage();
  // The page's clock runs as usual but is moved on by hand: the 40 s pass without being waited for.
  await page.clock.install();
  await page.goto(url(app.server, '/likes'));
  await hydrated(page);
  const modal = page.getByTestId('timebonus-modal');
  await expect(modal).toBeHidden();
  // The 40 s count from when the page knows the bonus, a moment the visit keeps for later pages.
  await expect
    .poll(() => page.evaluate((key) => sessionStorage.getItem(key), `kindred.timebonus.since.${me.memberId}`))
    .not.toBeNull();
  await page.clock.fastForward(30_000);
  await expect(modal).toBeHidden();
  await page.clock.fastForward(10_000);
  await expect(modal).toBeVisible();
  await expect(modal.locator('.font-monospace')).toHaveText(/^03:5\d:\d\d$/);
  await page.screenshot({ path: `${DIR}/timebonus-modal-360.png` });
  await modal.getByRole('button', { name: 'No thanks' }).click();
  await expect(modal).toBeHidden();
  await expect
    .poll(async () => {
      const row = await app.db
        .selectFrom('members')
        .select('dismissed_alerts')
        .where('id', '=', me.memberId)
        .executeTakeFirstOrThrow();
      return row.dismissed_alerts ?? '';
    })
    .toContain('time_bonus');
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
