import { readFileSync } from 'node:fs';
import { openTestDatabase, type TestDatabase } from '../support/database.ts';
import { factories, type Factories } from '../support/factories.ts';
import { startServer, type TestServer } from '../support/server.ts';
import { SCREENSHOTS } from './accounts-support.ts';
import { addStaffMember, consolePage, expectAccessible, openConsoleSection } from './console-staff.ts';
import { expect, picture, test } from './fixtures.ts';

/*
 * The console's statistics in Chromium: on the seeded demo, a tracked member who signed up
 * and paid today shows in today's line of the demo network's figures, and the CSV export says
 * what the page says.
 */
let server: TestServer;
let database: TestDatabase;
let make: Factories;
const journey = {
  get server() {
    return server;
  },
  get db() {
    return database.db;
  },
  get make() {
    return make;
  },
};

// A server of its own with the demo seed: its accounts' tracked arrivals are the history shown.
test.beforeAll(async () => {
  test.setTimeout(180_000);
  server = await startServer({ seedSize: 40 });
  database = await openTestDatabase(server);
  make = factories(database.db);
});
test.afterAll(async () => {
  await database?.close();
  await server?.stop();
});

/** Today's signup on the demo site, from a tracked arrival, with a paid order of 14.99 EUR. */
async function trackedBuyerToday() {
  const member = await journey.make.member();
  const { id } = await journey.make.trackingRecord({ values: { network: 'e2e-ads', ref: 'spring' }, member });
  await journey.make.updateMember(member, { tracking_id: id });
  const { orderId } = await journey.make.order(member, { credits: 100, amount: 1499 });
  await journey.db
    .updateTable('orders')
    .set({ completed_at: Date.now() })
    .where('id', '=', orderId)
    .execute();
}

test('the statistics page shows the demo network’s signups and revenue of the day, and the CSV matches it', async ({
  browser,
}) => {
  // A journey through many pages: more than the default 30 s on a loaded machine.
  test.setTimeout(90_000);
  await trackedBuyerToday();
  const staff = await addStaffMember(journey, { role: 'support' });
  const { context, page, errors } = await consolePage(browser, journey, staff);
  await openConsoleSection(page, 'Statistics', '/console/statistics');
  await expect(page.getByRole('heading', { name: 'Statistics', level: 1 })).toBeVisible();

  const today = new Date().toISOString().slice(0, 10);
  const days = page.getByRole('table', { name: 'Per day' });
  const todayRow = days.getByRole('row').filter({ has: page.getByRole('rowheader', { name: today }) });
  await expect(todayRow).toBeVisible({ timeout: 15_000 });
  const headers = (await days.locator('thead th').allInnerTexts()).map((h) => h.trim());
  const cells = (await todayRow.locator('th, td').allInnerTexts()).map((c) => c.trim());
  const cell = (header: string) => cells[headers.indexOf(header)]!;
  expect(Number(cell('Signups'))).toBeGreaterThanOrEqual(1);
  expect(Number(cell('Revenue EUR'))).toBeGreaterThanOrEqual(14.99 / 1.25);
  // The source of the tracked arrival has its own line, beside the demo's campaigns.
  const sources = page.getByRole('table', { name: 'Per traffic source' });
  // The demo's accounts signed up over the last two years: the longest period shows some of them.
  await page.getByLabel('Period').selectOption('custom');
  await page
    .getByLabel('From', { exact: true })
    .fill(new Date(Date.now() - 399 * 86_400_000).toISOString().slice(0, 10));
  await page.getByLabel('To', { exact: true }).fill(today);
  await page.getByRole('button', { name: 'Show' }).click();
  await expect(
    sources.getByRole('rowheader', { name: /^(demo-ads|partner-net|social) \// }).first(),
  ).toBeVisible();
  await expect(
    page
      .getByRole('table', { name: 'Per traffic source' })
      .getByRole('rowheader', { name: 'e2e-ads / spring' }),
  ).toBeVisible();
  await expect(page.locator('.uplot').first()).toBeVisible();
  await picture(page, `${SCREENSHOTS}/console-statistics-1280.png`, { fullPage: true });
  await expectAccessible(page, 'statistics');

  // Active members are counted per day: the total leaves them out (a sum of the days' counts a
  // member once per day), with a dash that is read out, and says why.
  const total = days.getByRole('row').filter({ has: page.getByRole('rowheader', { name: 'Total' }) });
  await expect(total.locator('td').nth(headers.indexOf('Active members') - 1)).toHaveText('–not counted');
  await expect(page.getByTestId('statistics-active-note')).toContainText('counted per day');

  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('link', { name: 'Export CSV' }).click(),
  ]);
  const csv = readFileSync((await download.path())!, 'utf8')
    .trimEnd()
    .split('\r\n');
  const columns = csv[0]!.split(',');
  const line = csv.find((l) => l.startsWith(`${today},`))!.split(',');
  const csvValue = (column: string) => line[columns.indexOf(column)]!;
  for (const [header, column] of [
    ['Campaign visits', 'visits'],
    ['Signups', 'signups'],
    ['Activations', 'activations'],
    ['First purchases', 'first_purchases'],
    ['Messages sent', 'messages'],
    ['Active members', 'active_members'],
    ['Revenue EUR', 'revenue_EUR'],
  ] as const)
    expect(csvValue(column), column).toBe(cell(header));

  // Grouped by source, with the keyboard: the same figures per day and source.
  await page.getByLabel('Group by source').focus();
  await page.keyboard.press('Space');
  await page.getByRole('button', { name: 'Show' }).press('Enter');
  await expect(days.getByRole('cell', { name: 'e2e-ads / spring' }).first()).toBeVisible();

  await page.setViewportSize({ width: 768, height: 1000 });
  await picture(page, `${SCREENSHOTS}/console-statistics-768.png`, { fullPage: true });
  await expectAccessible(page, 'statistics at 768 px');
  expect(errors).toEqual([]);
  await context.close();
});
