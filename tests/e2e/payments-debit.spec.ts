import { latestSmsCode } from '../support/outbox.ts';
import { accessibilityViolations, expect, picture, test } from './fixtures.ts';
import { hydrated, url, visitorContext, SCREENSHOTS, useMemberJourney } from './accounts-support.ts';

/*
 * Direct debit in Chromium: the member asks for a code, reads it from the SMS (the outbox), gives
 * the account and the authorization, and sees the credits added with the IBAN masked. Then the
 * order is refunded from the order history on the settings page, the amount shown before the
 * confirmation. Screenshots at 360 and 1280 px in test-results/screenshots.
 */

const app = useMemberJourney();
const DIR = SCREENSHOTS;

test.describe.configure({ mode: 'serial' });

for (const width of [1280, 360]) {
  test(`direct debit with the SMS code, then a refund (${width} px)`, async ({ browser }) => {
    const me = await app.make.loggedIn({ name: `Debit${width}` });
    const context = await visitorContext(browser, { width });
    await context.addCookies([{ name: 'session', value: me.token, url: url(app.server, '/') }]);
    const page = await context.newPage();
    const phone = `+4915122${width === 360 ? '000360' : '001280'}`;

    await page.goto(url(app.server, '/directdebit?bundle=starter'));
    await hydrated(page);
    await expect(page.getByRole('heading', { name: 'Pay by direct debit' })).toBeVisible();
    await expect(page.getByTestId('directdebit-bundle')).toContainText('100 credits');
    await page.getByLabel('Mobile number').fill(phone);
    await page.getByRole('button', { name: 'Send code' }).click();
    await expect(page.getByText('We sent you a code by SMS')).toBeVisible();
    const code = latestSmsCode(app.server.dataDir, phone);

    await page.getByLabel('Code from the SMS').fill(code);
    await page.getByLabel('IBAN').fill('DE89 3704 0044 0532 0130 00');
    await page.getByLabel('Account holder').fill(`Debit${width} Example`);
    await page.getByLabel('Street and number').fill('Hauptstraße 1');
    await page.getByLabel('Postcode').fill('10115');
    await page.getByLabel('City').fill('Berlin');
    await page.getByLabel(/I authorise/).check();
    await picture(page, `${DIR}/directdebit-form-${width}.png`, { fullPage: true });
    expect(await accessibilityViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Buy now' }).click();

    const done = page.getByTestId('directdebit-done');
    await expect(done).toContainText('100 credits have been added');
    await expect(done).toContainText('DE89 •••• •••• 3000');
    await expect(page.locator('body')).not.toContainText('0532 0130');
    await picture(page, `${DIR}/directdebit-done-${width}.png`, { fullPage: true });

    await page.goto(url(app.server, '/settings'));
    await hydrated(page);
    const history = page.getByTestId('order-history');
    await expect(history).toContainText('100');
    await history.getByRole('button', { name: 'Refund' }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog).toContainText('100 credits');
    await expect(dialog).toContainText('€14.99');
    await picture(page, `${DIR}/refund-confirm-${width}.png`, { fullPage: true });
    await dialog.getByRole('button', { name: 'Refund now' }).click();
    await expect(history).toContainText('Refunded');
    await picture(page, `${DIR}/refund-done-${width}.png`, { fullPage: true });
    await context.close();
  });
}

for (const width of [1280, 360]) {
  test(`a repeat order on the stored card, and its failure offering a retry or PayPal (${width} px)`, async ({
    browser,
  }) => {
    const me = await app.make.loggedIn({ name: `Repeat${width}`, country: 'NL' });
    const context = await visitorContext(browser, { width });
    await context.addCookies([{ name: 'session', value: me.token, url: url(app.server, '/') }]);
    const page = await context.newPage();
    // A first card payment at the test provider's checkout leaves the stored method.
    const placed = await page.request.post(url(app.server, '/api/order.php'), {
      data: { bundle: 'starter', paymentmethod: 'creditcard' },
    });
    expect(placed.status()).toBe(201);
    const orderId = ((await placed.json()) as { order: { payment_id: string } }).order.payment_id;
    await page.goto(url(app.server, `/checkout/test/${orderId}`));
    await page.getByRole('button', { name: /paid/i }).first().click();
    await page.waitForURL(/\/transactions\//);

    await page.goto(url(app.server, '/credits/repeat-order'));
    await hydrated(page);
    await expect(page.getByTestId('repeat-offer')).toContainText('100 credits');
    await picture(page, `${DIR}/repeat-order-${width}.png`, { fullPage: true });
    await page.getByRole('button', { name: 'Buy again' }).click();
    await expect(page.getByTestId('repeat-done')).toContainText('100 credits have been added');

    // The card expires: the next repeat fails and offers a retry or PayPal.
    const first = await app.db
      .selectFrom('orders')
      .select('provider_payment_id')
      .where('id', '=', orderId)
      .executeTakeFirstOrThrow();
    await app.db
      .updateTable('test_payments')
      .set({ status: 'expired' })
      .where('id', '=', first.provider_payment_id!)
      .execute();
    await page.goto(url(app.server, '/credits/repeat-order'));
    await hydrated(page);
    await page.getByRole('button', { name: 'Buy again' }).click();
    const alert = page.getByRole('alert');
    await expect(alert).toContainText('Credit card payment failed with stored card');
    await expect(alert.getByRole('button', { name: 'Try again' })).toBeVisible();
    await expect(alert.getByRole('button', { name: 'Pay with PayPal' })).toBeVisible();
    await picture(page, `${DIR}/repeat-order-failed-${width}.png`, { fullPage: true });
    await context.close();
  });
}
