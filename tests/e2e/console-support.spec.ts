import { SCREENSHOTS, url, useMemberJourney } from './accounts-support.ts';
import { addStaffMember, consolePage, expectAccessible, openConsoleSection } from './console-staff.ts';
import { expect, test } from './fixtures.ts';

/*
 * Member support and payments in the console, in Chromium: support finds a member, adjusts the
 * credits with a reason and sees the staff entry in the ledger, then refunds the member's order
 * by the refund rules, which takes the order's credits back.
 */
const journey = useMemberJourney();

test('support adjusts credits, and the ledger shows the staff entry; an operator refund reverses the credits', async ({
  browser,
}) => {
  // A journey through many pages: more than the default 30 s on a loaded machine.
  test.setTimeout(90_000);
  const { me, context: memberContext } = await journey.memberBrowser(browser, 1280, {
    country: 'NL',
    name: 'Solveig',
  });
  // The member buys 100 credits at the test provider's checkout.
  const origin = url(journey.server, '');
  const placed = await memberContext.request.post(url(journey.server, '/api/order.php'), {
    data: { bundle: 'starter', paymentmethod: 'ideal' },
    headers: { origin: origin.replace(/\/$/, '') },
  });
  expect(placed.status(), await placed.text()).toBe(201);
  const orderId = ((await placed.json()) as { order: { payment_id: string } }).order.payment_id;
  const checkout = await memberContext.request.post(url(journey.server, `/checkout/test/${orderId}`), {
    form: { outcome: 'paid' },
    headers: { origin: origin.replace(/\/$/, '') },
    maxRedirects: 0,
  });
  expect(checkout.status()).toBe(303);

  const support = await addStaffMember(journey, { role: 'support' });
  const { context, page, errors } = await consolePage(browser, journey, support);
  page.on('dialog', (dialog) => void dialog.accept());
  await openConsoleSection(page, 'Members', '/console/members');
  await page.getByLabel('Find a member').fill(me.email);
  await page.getByRole('button', { name: 'Search' }).click();
  await page.getByRole('table').getByRole('link').first().click();
  await expect(page).toHaveURL(new RegExp(`/console/members/${me.profileId}$`));
  await expect(page.getByTestId('member-credits')).toHaveText('100');
  await expect(page.getByRole('link', { name: 'Warn, suspend or ban' })).toHaveAttribute(
    'href',
    `/console/sanctions/new?member=${me.profileId}`,
  );

  await page.getByLabel('Credits (+/−)').fill('25');
  await page.getByLabel('Reason').fill('Goodwill for the chat outage');
  await page.getByRole('button', { name: 'Book the adjustment' }).click();
  await expect(page.getByText('Booked. The balance is now 125.')).toBeVisible();
  await expect(page.getByTestId('member-credits')).toHaveText('125');
  const staffRow = page.getByTestId('ledger').getByRole('row').filter({ hasText: 'staff_adjustment' });
  await expect(staffRow).toHaveCount(1);
  await expect(staffRow).toContainText('+25');
  await expect(staffRow).toContainText('Goodwill for the chat outage');
  await expect(staffRow).toContainText(support.email);
  await page.screenshot({ path: `${SCREENSHOTS}/console-member-1280.png`, fullPage: true });
  await expectAccessible(page, 'member page');

  // The order, refunded by the member's refund rules: its 100 credits are taken back.
  await page.getByRole('link', { name: orderId }).click();
  await expect(page).toHaveURL(new RegExp(`/console/orders/${orderId}$`));
  await expect(page.getByTestId('order-status')).toHaveText('Paid');
  await expectAccessible(page, 'order page');
  await page.getByRole('button', { name: 'Refund the order' }).click();
  await expect(page.getByTestId('order-status')).toHaveText('Refunded');
  await expect(page.getByTestId('staff-refund')).toContainText('Paid back through the provider.');
  await page.screenshot({ path: `${SCREENSHOTS}/console-order-refunded-1280.png`, fullPage: true });

  await page.getByRole('link', { name: 'Solveig' }).click();
  await expect(page.getByTestId('member-credits')).toHaveText('25');
  const refundRow = page.getByTestId('ledger').getByRole('row').filter({ hasText: 'refund' });
  await expect(refundRow).toContainText('-100');
  expect(errors).toEqual([]);
  await context.close();
  await memberContext.close();
});
