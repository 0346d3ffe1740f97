import type { BrowserContext, Page } from '@playwright/test';
import { type TestMember, type TestSession } from '../support/factories.ts';
import { readOutbox } from '../support/outbox.ts';
import { accessibilityViolations, expect, picture, test } from './fixtures.ts';
import { hydrated, url, visitorContext, SCREENSHOTS, useMemberJourney } from './accounts-support.ts';

/*
 * Paying through the built-in test provider in Chromium: an order's checkout, the outcome chosen
 * as at a real provider, and the transaction page: completed with credits and premium and a
 * receipt, or failed with the other methods to retry with. Screenshots at 360 and 1280 px.
 */

const app = useMemberJourney();
const DIR = SCREENSHOTS;

test.describe.configure({ mode: 'serial' });

async function buyer(
  browser: Parameters<typeof visitorContext>[0],
  width: number,
): Promise<{ me: TestMember & TestSession; context: BrowserContext; page: Page }> {
  const me = await app.make.loggedIn({ country: 'NL', name: 'Payer' });
  const context = await visitorContext(browser, { width });
  await context.addCookies([{ name: 'session', value: me.token, url: url(app.server, '/') }]);
  const page = await context.newPage();
  await page.goto(url(app.server, '/members'));
  return { me, context, page };
}

/** Places an order from the member's page, as the credits page's Buy button does. */
async function placeOrder(page: Page, paymentmethod: string): Promise<{ id: string; redirect: string }> {
  const answer = await page.evaluate(async (method) => {
    const res = await fetch('/api/order.php', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ bundle: 'starter', paymentmethod: method }),
    });
    return (await res.json()) as { order: { payment_id: string }; redirect_url: string };
  }, paymentmethod);
  return { id: answer.order.payment_id, redirect: answer.redirect_url };
}

for (const width of [1280, 360]) {
  test(`a paid checkout adds the credits and sends a receipt (${width} px)`, async ({ browser }) => {
    const { me, context, page } = await buyer(browser, width);
    const { id, redirect } = await placeOrder(page, 'ideal');
    await page.goto(redirect);
    await expect(page.getByRole('heading', { name: 'Test payment' })).toBeVisible();
    await expect(page.getByText('€14.99')).toBeVisible();
    await picture(page, `${DIR}/checkout-test-${width}.png`, { fullPage: true });
    expect(await accessibilityViolations(page)).toEqual([]);

    await page.getByRole('button', { name: 'Paid' }).click();
    await expect(page).toHaveURL(new RegExp(`/transactions/${id}$`));
    await hydrated(page);
    await expect(
      page.getByRole('heading', { name: 'Thank you! 100 credits have been added.' }),
    ).toBeVisible();
    await picture(page, `${DIR}/transaction-completed-${width}.png`, { fullPage: true });
    expect(await accessibilityViolations(page)).toEqual([]);
    const receipt = readOutbox(app.server.dataDir).find(
      (m) => m.to.includes(me.email) && /receipt/i.test(m.subject),
    );
    expect(receipt?.text).toContain('Included VAT (21 %)');
    await context.close();
  });
}

test('a failed payment says so and offers the other methods', async ({ browser }) => {
  const { context, page } = await buyer(browser, 360);
  const { redirect } = await placeOrder(page, 'ideal');
  await page.goto(redirect);
  await page.getByRole('button', { name: 'Failed' }).click();
  await hydrated(page);
  await expect(page.getByRole('heading', { name: 'Payment failed or has been cancelled' })).toBeVisible();
  const retry = page.getByRole('link', { name: 'Credit card' });
  await expect(retry).toHaveAttribute('href', '/credits/starter/creditcard');
  await expect(page.getByRole('link', { name: 'iDEAL' })).toHaveCount(0);
  await picture(page, `${DIR}/transaction-failed-360.png`, { fullPage: true });
  expect(await accessibilityViolations(page)).toEqual([]);
  await context.close();
});

test('a pending payment waits and updates by itself', async ({ browser }) => {
  const { context, page } = await buyer(browser, 1280);
  const { id, redirect } = await placeOrder(page, 'ideal');
  await page.goto(url(app.server, `/transactions/${id}`));
  await hydrated(page);
  await expect(page.getByRole('heading', { name: 'Waiting for your payment…' })).toBeVisible();
  // The member pays in another tab; the waiting page notices within its polling interval.
  const other = await context.newPage();
  await other.goto(redirect);
  await other.getByRole('button', { name: 'Paid' }).click();
  await expect(page.getByRole('heading', { name: 'Thank you! 100 credits have been added.' })).toBeVisible({
    timeout: 10_000,
  });
  await context.close();
});

/*
 * A member who reached the German checkout by its address (no language chosen before, so no
 * cookie names one): the server's answers follow the page. A code that does not exist is said to
 * be unknown in German, and the test provider and the thank-you page it returns to are German.
 */
test("a German page's checkout stays German through the provider to the thank-you page", async ({
  browser,
}) => {
  const { context, page } = await buyer(browser, 360);
  await page.goto(url(app.server, '/de/credits/starter'));
  await hydrated(page);
  await page.getByLabel('Rabattcode').fill('GIBT-ES-NICHT');
  await page.getByRole('button', { name: 'Einlösen' }).click();
  await expect(page.getByText('Code nicht gefunden')).toBeVisible();
  await page.getByRole('button', { name: / bezahlen$/ }).click();
  await expect(page.getByRole('heading', { name: 'Testzahlung' })).toBeVisible();
  await page.getByRole('button', { name: 'Bezahlt' }).click();
  await expect(page).toHaveURL(/\/de\/transactions\/[^/]+$/);
  await expect(
    page.getByRole('heading', { name: 'Danke! 100 Credits wurden gutgeschrieben.' }),
  ).toBeVisible();
  await context.close();
});
