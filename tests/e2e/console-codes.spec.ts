import {
  holdIslands,
  hydrated,
  notHydratedYet,
  SCREENSHOTS,
  url,
  useMemberJourney,
  visitorContext,
} from './accounts-support.ts';
import { addStaffMember, consolePage, expectAccessible } from './console-staff.ts';
import { mailsTo } from '../support/outbox.ts';
import { accessibilityViolations, expect, picture, test } from './fixtures.ts';

/*
 * Discount codes from the console, in Chromium: an owner of the amber network types a multi-use
 * code in the console; a member of an amber site applies it at checkout, and on a site of
 * another network the same code is unknown.
 */
const journey = useMemberJourney();

test('an owner types a code in the console; it discounts a checkout on its network and is unknown on another', async ({
  browser,
}) => {
  // A journey through many pages: more than the default 30 s on a loaded machine.
  test.setTimeout(90_000);
  const owner = await addStaffMember(journey, { role: 'owner', networks: ['amber'] });
  const code = `SPRING-${Date.now().toString(36).toUpperCase()}`;
  const { context, page } = await consolePage(browser, journey, owner);
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));

  await page
    .getByRole('navigation', { name: 'Console navigation' })
    .getByRole('link', { name: 'Discount codes' })
    .click();
  await expect(page).toHaveURL(/\/console\/codes$/);
  await expect(page.getByText('No discount codes yet.').or(page.locator('table')).first()).toBeVisible();
  await page.getByLabel('Code', { exact: true }).fill(code.toLowerCase());
  await page.getByLabel('Discount (%)').fill('40');
  // Country and currency are chosen, not typed: the network's countries by name, its currencies.
  await expect(
    page.getByLabel('Country', { exact: true }).getByRole('option', { name: 'Netherlands' }),
  ).toHaveCount(1);
  await expect(page.getByLabel('Currency of the minimum').getByRole('option', { name: 'EUR' })).toHaveCount(
    1,
  );
  // Sites by their names, not by their ids ('mature').
  await expect(
    page.getByLabel('Site', { exact: true }).getByRole('option', { name: 'Silver Sparks' }),
  ).toHaveCount(1);
  // A minimum needs its currency: said at the field, nothing made. Typed in the currency's units.
  const withMinimum = code.replace('SPRING', 'AUTUMN');
  await page.getByLabel('Minimum order amount').fill('29.99');
  await page.getByRole('button', { name: 'Create' }).click();
  await expect(page.getByLabel('Currency of the minimum')).toHaveAccessibleDescription(
    'Please fill in this field',
  );
  await expect(page.getByTestId('codes-created')).toHaveCount(0);
  await page.getByLabel('Code', { exact: true }).fill(withMinimum);
  await page.getByLabel('Currency of the minimum').selectOption('EUR');
  await page.getByRole('button', { name: 'Create' }).click();
  await expect(page.getByTestId('codes-created')).toContainText(withMinimum);
  expect(await journey.inspect.row('discount_codes', { code: withMinimum })).toMatchObject({
    minimum_amount: 2999,
    currency: 'EUR',
  });
  await page.getByLabel('Code', { exact: true }).fill(code.toLowerCase());
  await page.getByLabel('Discount (%)').fill('40');
  await page.getByRole('button', { name: 'Create' }).click();
  await expect(page.getByTestId('codes-created')).toContainText(code);
  await expect(page.getByRole('row').filter({ hasText: code })).toContainText('Active');
  // Single-use codes are generated, shown once, and offered as a CSV download. The kind is
  // chosen before the page's script runs: the form takes it over when it does.
  const codeIslands = await holdIslands(page);
  await page.goto(url(journey.server, '/console/codes', 'console.localhost'), { waitUntil: 'commit' });
  await page.getByLabel('Single-use codes (generated)').check();
  await notHydratedYet(page);
  await expect(page.getByRole('button', { name: 'Create' })).toBeDisabled();
  codeIslands.release();
  await hydrated(page);
  await expect(page.getByLabel('Single-use codes (generated)')).toBeChecked();
  await expect(page.getByLabel('Code', { exact: true })).toHaveCount(0);
  await page.getByLabel('Number of codes').fill('3');
  await page.getByLabel('Discount (%)').fill('50');
  await page.getByRole('button', { name: 'Create' }).click();
  const created = page.getByTestId('codes-created');
  const generated = (await created.getByRole('textbox').inputValue()).split('\n');
  expect(generated).toHaveLength(3);
  for (const one of generated) expect(one).toMatch(/^[0-9A-Z]{16}$/);
  const download = created.getByRole('link', { name: 'Download CSV' });
  await expect(download).toHaveAttribute('download', 'codes-amber.csv');
  expect(decodeURIComponent((await download.getAttribute('href'))!)).toContain(generated[0]);
  await expect(page.getByRole('row').filter({ hasText: 'Generated codes: 3' })).toContainText('0 / 3');
  await expectAccessible(page, 'the codes page');
  await picture(page, `${SCREENSHOTS}/console-codes-1280.png`, { fullPage: true });
  // The mailings and invite codes pages load for the owner and pass the same checks.
  for (const [link, heading] of [
    ['Mailings', 'Mailings'],
    ['Invite codes', 'Invite codes'],
  ] as const) {
    await page
      .getByRole('navigation', { name: 'Console navigation' })
      .getByRole('link', { name: link })
      .click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(heading);
    await expect(
      page.getByRole('button', { name: link === 'Mailings' ? 'Save' : 'Create invite code' }),
    ).toBeVisible();
    expect(await accessibilityViolations(page), link).toEqual([]);
  }
  // A mailing's subject typed before the page's script runs is kept and previewed.
  const mailingIslands = await holdIslands(page);
  await page.goto(url(journey.server, '/console/mailings', 'console.localhost'), { waitUntil: 'commit' });
  await page.getByLabel('Subject').fill('Spring is here');
  await notHydratedYet(page);
  await expect(page.getByRole('button', { name: 'Save' })).toBeDisabled();
  mailingIslands.release();
  await hydrated(page);
  await expect(page.getByRole('region', { name: 'Preview' })).toContainText('Spring is here');
  await expect(page.getByLabel('Subject')).toHaveValue('Spring is here');
  // A mailing is in its site's own language unless another is picked (each named in itself),
  // and another site starts again from its own.
  const language = page.getByLabel('Language');
  await expect(language).toHaveValue('en');
  await language.selectOption('de');
  await expect(language.locator('option:checked')).toHaveText('Deutsch');
  // Saved, the mailing's row names its language as the picker does, not by its code.
  await page.getByLabel('Text', { exact: true }).fill('Frühling ist da.');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('row').filter({ hasText: 'Spring is here' })).toContainText('Deutsch');
  // A test goes to the owner alone, and the mailing stays a draft to be sent.
  const mailingRow = page.getByRole('row').filter({ hasText: 'Spring is here' });
  await expect(mailingRow).toContainText('Amber Hearts (amber)');
  await mailingRow.getByRole('button', { name: 'Send me a test' }).click();
  await expect(page.getByRole('status').filter({ hasText: owner.email })).toHaveText(
    `A test went to ${owner.email}, as the members will get it.`,
  );
  await expect(mailingRow.getByRole('button', { name: 'Send', exact: true })).toBeEnabled();
  expect(mailsTo(journey.server.dataDir, owner.email).map((mail) => mail.subject)).toContain(
    'Spring is here',
  );
  await page.getByLabel('Site').selectOption({ label: 'Silver Sparks (amber)' });
  await expect(language).toHaveValue('en');
  expect(errors).toEqual([]);
  await context.close();

  // A member of the amber network applies it at checkout.
  const { context: memberContext } = await journey.memberBrowser(browser, 1280, { name: 'Buyer' });
  const checkout = await memberContext.newPage();
  await checkout.goto(url(journey.server, '/credits/starter'));
  await hydrated(checkout);
  await checkout.getByLabel('Discount code').fill(code);
  await checkout.getByRole('button', { name: 'Apply' }).click();
  await expect(checkout.getByTestId('final-amount')).toContainText('€8.99', { timeout: 15_000 });
  await memberContext.close();

  // On a site of another network the code does not exist (asked from Chromium, which resolves
  // every *.localhost name to this machine).
  const curvy = await journey.make.loggedIn({ site: { id: 'curvy', network: 'curvy' } });
  const other = await visitorContext(browser, { width: 1280 });
  await other.addCookies([
    { name: 'session', value: curvy.token, url: url(journey.server, '/', 'curvy.localhost') },
  ]);
  const tab = await other.newPage();
  const lookup = await tab.goto(url(journey.server, `/api/discountcode.php?code=${code}`, 'curvy.localhost'));
  expect(lookup?.status()).toBe(404);
  expect(((await lookup!.json()) as { error: string }).error).toBe('code_not_found');
  await other.close();
});
