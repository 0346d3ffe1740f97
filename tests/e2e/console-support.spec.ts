import { latestSmsCode } from '../support/outbox.ts';
import { MANDATE_PAYER } from '../support/rows.ts';
import { hydrated, SCREENSHOTS, url, useMemberJourney } from './accounts-support.ts';
import { addStaffMember, consolePage, expectAccessible, openConsoleSection } from './console-staff.ts';
import { expect, picture, test } from './fixtures.ts';

/*
 * Member support and payments in the console, in Chromium: support finds a member, adjusts the
 * credits with a reason and sees the staff entry in the ledger, then refunds the member's order
 * by the refund rules, which takes the order's credits back; and records the returns of the
 * bank's camt.054 notification.
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
  // The site by its name, as staff know it.
  await expect(page.getByRole('table').getByRole('row').filter({ hasText: me.email })).toContainText(
    'Amber Hearts',
  );
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
  await picture(page, `${SCREENSHOTS}/console-member-1280.png`, { fullPage: true });
  await expectAccessible(page, 'member page');

  // The order, refunded by the member's refund rules: its 100 credits are taken back.
  await page.getByRole('link', { name: orderId }).click();
  await expect(page).toHaveURL(new RegExp(`/console/orders/${orderId}$`));
  await expect(page.getByTestId('order-status')).toHaveText('Paid');
  await expectAccessible(page, 'order page');
  await page.getByRole('button', { name: 'Refund the order' }).click();
  await expect(page.getByTestId('order-status')).toHaveText('Refunded');
  await expect(page.getByTestId('staff-refund')).toContainText('Paid back through the provider.');
  await picture(page, `${SCREENSHOTS}/console-order-refunded-1280.png`, { fullPage: true });

  await page.getByRole('link', { name: 'Solveig' }).click();
  await expect(page.getByTestId('member-credits')).toHaveText('25');
  const refundRow = page.getByTestId('ledger').getByRole('row').filter({ hasText: 'refund' });
  await expect(refundRow).toContainText('-100');

  // The orders list, filtered as support reads it: a method by its brand, the member's public id.
  await openConsoleSection(page, 'Orders', '/console/orders');
  await hydrated(page);
  const filters = page.getByRole('form', { name: 'Filter the orders' });
  await expect(filters.getByLabel('Method').getByRole('option', { name: 'iDEAL' })).toHaveCount(1);
  await filters.getByLabel('Method').selectOption({ label: 'iDEAL' });
  await filters.getByLabel("Member's public id").fill(me.profileId);
  await filters.getByRole('button', { name: 'Filter' }).click();
  const listed = page.getByRole('row').filter({ hasText: orderId });
  await expect(listed).toContainText('iDEAL');
  await expect(listed).toContainText('Amber Hearts (amber)');
  await filters.getByLabel('Method').selectOption({ label: 'PayPal' });
  await filters.getByRole('button', { name: 'Filter' }).click();
  await expect(page.getByText('No orders match.')).toBeVisible();
  await expectAccessible(page, 'orders filtered by method');
  expect(errors).toEqual([]);
  await context.close();
  await memberContext.close();
});

/** A bank's camt.054 notification: a returned debit of `order` and a credit that is no return. */
const camt054 = (order: string) => `<?xml version="1.0" encoding="UTF-8"?>
<Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.054.001.02">
  <BkToCstmrDbtCdtNtfctn>
    <GrpHdr><MsgId>RET-${order}</MsgId><CreDtTm>2026-11-28T09:00:00</CreDtTm></GrpHdr>
    <Ntfctn>
      <Id>N1</Id>
      <Ntry>
        <Amt Ccy="EUR">8.99</Amt><CdtDbtInd>DBIT</CdtDbtInd><RvslInd>true</RvslInd><Sts>BOOK</Sts>
        <NtryDtls><TxDtls>
          <Refs><EndToEndId>${order}</EndToEndId></Refs>
          <RtrInf><Rsn><Cd>AC04</Cd></Rsn><AddtlInf>Account closed</AddtlInf></RtrInf>
        </TxDtls></NtryDtls>
      </Ntry>
      <Ntry>
        <Amt Ccy="EUR">40.00</Amt><CdtDbtInd>CRDT</CdtDbtInd><Sts>BOOK</Sts>
        <NtryDtls><TxDtls><Refs><EndToEndId>NOTPROVIDED</EndToEndId></Refs></TxDtls></NtryDtls>
      </Ntry>
    </Ntfctn>
  </BkToCstmrDbtCdtNtfctn>
</Document>
`;

test('a member search sent before the page has run its script still finds the member, and a search keeps its query in the address', async ({
  browser,
}) => {
  const { me, context: memberContext } = await journey.memberBrowser(browser, 1280, { name: 'Ingrid' });
  const support = await addStaffMember(journey, { role: 'support' });
  const { context, page, errors } = await consolePage(browser, journey, support);
  // What the plain form sends when it is submitted before the island runs: a GET with `?q=`.
  const consoleOrigin = new URL(page.url()).origin;
  await page.goto(`${consoleOrigin}/console/members?q=${encodeURIComponent(me.email)}`);
  await expect(page.getByLabel('Find a member')).toHaveValue(me.email);
  await expect(page.getByRole('table').getByRole('link', { name: 'Ingrid' })).toHaveAttribute(
    'href',
    `/console/members/${me.profileId}`,
  );
  // A search the script makes writes its query into the address too, without a page load: a
  // reload shows the same search.
  await page.evaluate(() => ((window as unknown as { sameDocument: boolean }).sameDocument = true));
  await page.getByLabel('Find a member').fill('nobody-matches-this');
  await page.getByRole('button', { name: 'Search' }).click();
  await expect(page.getByText('No member matches.')).toBeVisible();
  await expect(page).toHaveURL(/\/console\/members\?q=nobody-matches-this$/);
  expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(
    true,
  );
  await page.reload();
  await expect(page.getByLabel('Find a member')).toHaveValue('nobody-matches-this');
  await expect(page.getByText('No member matches.')).toBeVisible();
  expect(errors).toEqual([]);
  await context.close();
  await memberContext.close();
});

test("support reads the bank's camt.054 file into the returns list and records the returned debit", async ({
  browser,
}) => {
  test.setTimeout(90_000);
  const { context: memberContext } = await journey.memberBrowser(browser, 1280, { name: 'Ragna' });
  // Ragna pays 100 credits by direct debit, with the code of the SMS.
  const origin = url(journey.server, '').replace(/\/$/, '');
  const phone = `+4915177${String(Date.now() % 1_000_000).padStart(6, '0')}`;
  const sent = await memberContext.request.post(url(journey.server, '/api/directdebit.php?sms=1'), {
    data: { phone },
    headers: { origin },
  });
  expect(sent.status(), await sent.text()).toBe(200);
  const placed = await memberContext.request.post(url(journey.server, '/api/directdebit.php'), {
    data: {
      bundle: 'starter',
      code: latestSmsCode(journey.server.dataDir, phone),
      ...MANDATE_PAYER,
      // An account of this test's own: a return may stop its direct debits.
      iban: 'NL91ABNA0417164300',
      holder: 'Ragna Example',
      phone,
      authorized: true,
    },
    headers: { origin },
  });
  expect(placed.status(), await placed.text()).toBe(201);
  const order = ((await placed.json()) as { order: string }).order;

  const support = await addStaffMember(journey, { role: 'support' });
  const { context, page, errors } = await consolePage(browser, journey, support);
  page.on('dialog', (dialog) => void dialog.accept());
  await openConsoleSection(page, 'Orders', '/console/orders');
  await hydrated(page);
  const returns = page.getByRole('region', { name: 'Returned debits' });
  const file = returns.getByLabel("Or read the bank's camt.054 file");

  // Not a notification: said, and the list is left as it was.
  await file.setInputFiles({
    name: 'statement.xml',
    mimeType: 'text/xml',
    buffer: Buffer.from('<html></html>'),
  });
  await expect(returns.getByRole('alert')).toHaveText(
    'statement.xml is not a camt.054 notification: nothing was read.',
  );
  await expect(returns.getByLabel('Returns')).toHaveValue('');

  await file.setInputFiles({
    name: 'camt054.xml',
    mimeType: 'text/xml',
    buffer: Buffer.from(camt054(order)),
  });
  await expect(returns.getByRole('status')).toHaveText(
    '1 return read from camt054.xml: check the list, then record them.',
  );
  await expect(returns.getByLabel('Returns')).toHaveValue(`${order};AC04`);
  await expectAccessible(page, 'orders page with a read file');
  await returns.getByRole('button', { name: 'Record the returns' }).click();
  await expect(returns.getByRole('listitem')).toHaveText(`${order} recorded (AC04), credits taken back: 100`);
  await picture(page, `${SCREENSHOTS}/console-returns-camt054-1280.png`, { fullPage: true });
  const row = await journey.inspect.row('orders', { id: order });
  expect(row?.status).toBe('failed');
  expect(errors).toEqual([]);
  await context.close();
  await memberContext.close();
});
