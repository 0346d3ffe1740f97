import { mkdirSync } from 'node:fs';
import type { Browser } from '@playwright/test';
import { accessibilityViolations, expect, picture, test } from './fixtures.ts';
import { hydrated, textsCut, url, visitorContext } from './accounts-support.ts';
import { factories, type ProfileRef, type TestMember, type TestSession } from '../support/factories.ts';
import { openTestDatabase, type TestDatabase } from '../support/database.ts';
import { startServer, type TestServer } from '../support/server.ts';

/*
 * The member search in Chromium: a member sets filters, sees the first 20 results, loads the
 * rest behind the cursor, finds the fictional label on an operator's card and opens a card (the
 * profile page is another feature's: only the link's target is checked). Screenshots at 360 and
 * 1280 px, and nothing wider than a phone.
 */

const SHOTS = 'test-results/screenshots';
let server: TestServer;
let database: TestDatabase;
let member: TestMember & TestSession;
let fictional: ProfileRef;

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  mkdirSync(SHOTS, { recursive: true });
  server = await startServer({});
  database = await openTestDatabase(server);
  const make = factories(database.db);
  member = await make.loggedIn({ name: 'Searcher', gender: 'male', seeking: 'female' });
  // 25 women in Germany (a country no other test file's members use here), one of them the operator's.
  for (let i = 0; i < 24; i++)
    await make.member({
      name: `Greta${i}`,
      gender: 'female',
      seeking: 'male',
      country: 'DE',
      birthdate: `19${80 + (i % 15)}-03-0${(i % 9) + 1}`,
    });
  fictional = await make.operatorProfile({ name: 'Operatorgreta', fictional: true });
  await make.updateProfile(fictional, { country: 'DE', last_active_at: Date.now() + 60_000 });
  // A man in Germany, whom the filter for women leaves out.
  await make.member({ name: 'Hansde', gender: 'male', seeking: 'female', country: 'DE' });
});

test.afterAll(async () => {
  await database?.close();
  await server?.stop();
});

/** The member's page at `path`, hydrated, in a window `width` px wide. */
async function memberPage(browser: Browser, width: number, path: string) {
  const context = await visitorContext(browser, { width });
  await context.addCookies([
    { name: 'session', value: member.token, domain: 'localhost', path: '/', httpOnly: true, sameSite: 'Lax' },
  ]);
  const page = await context.newPage();
  await page.goto(url(server, path));
  await hydrated(page);
  return { context, page };
}

/** The search for women in Germany of 20 to 60 that the narrow-window tests open. */
const WOMEN_IN_GERMANY = '/members?gender=female&country=DE&min_age=20&max_age=60';

test('a member searches with filters, loads more and opens a card', async ({ browser }) => {
  const { context, page } = await memberPage(browser, 1280, '/members');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Search members');

  await page.getByLabel('Gender').selectOption('female');
  await page.getByLabel('Country').selectOption('DE');
  await page.getByLabel('From age').fill('20');
  await page.getByLabel('To age').fill('60');
  await page.getByRole('button', { name: 'Search', exact: true }).click();

  await expect(page.getByTestId('search-count')).toHaveText('25 members found');
  const cards = page.getByTestId('search-results').locator('.member-card');
  await expect(cards).toHaveCount(20);
  await expect(page).toHaveURL(/country=DE/);
  await expect(page.getByText('Hansde')).toHaveCount(0);
  // The operator's profile is the most recently active: first, and labelled.
  await expect(cards.first()).toContainText('Operatorgreta');
  await expect(cards.first().locator('.badge-fictional')).toBeVisible();
  await picture(page, `${SHOTS}/search-members-1280.png`, { fullPage: true });
  expect(await accessibilityViolations(page)).toEqual([]);

  await page.getByRole('button', { name: 'Show more' }).click();
  await expect(cards).toHaveCount(25);
  await expect(page.getByRole('button', { name: 'Show more' })).toHaveCount(0);

  const link = cards.first().getByRole('link');
  await expect(link).toHaveAttribute('href', `/members/${fictional.profileId}`);
  await link.click();
  await expect(page).toHaveURL(new RegExp(`/members/${fictional.profileId}$`));
  await context.close();
});

test('the search at 360 px: filters and cards fit the phone', async ({ browser }) => {
  const { context, page } = await memberPage(browser, 360, WOMEN_IN_GERMANY);
  await expect(page.getByTestId('search-count')).toHaveText('25 members found');
  expect(await accessibilityViolations(page)).toEqual([]);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  await picture(page, `${SHOTS}/search-members-360.png`, { fullPage: true });

  // The next visit to the search opens the filters used last.
  await page.goto(url(server, '/members'));
  await hydrated(page);
  await expect(page.getByTestId('search-count')).toHaveText('25 members found');
  await expect(page.getByLabel('Country')).toHaveValue('DE');

  // The match finder ranks those who fit both ways: women seeking men, never a man.
  await page.goto(url(server, '/match-finder'));
  await hydrated(page);
  await expect(page.locator('.member-card').first()).toBeVisible();
  await expect(page.locator('.member-grid')).not.toContainText('Hansde');
  expect(await accessibilityViolations(page)).toEqual([]);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  await picture(page, `${SHOTS}/match-finder-360.png`, { fullPage: true });
  await context.close();
});

/*
 * The filters at every width from a phone to a desktop: each age shows both its digits (at
 * 768 px a twelfth of the row showed one), and the button its word whole.
 */
test('the filters read whole from 360 to 1280 px', async ({ browser }) => {
  const { context, page } = await memberPage(browser, 360, WOMEN_IN_GERMANY);
  const cut: string[] = [];
  for (const width of [360, 576, 768, 992, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    // Each age beside the spin buttons Chromium shows on hover (about 15 px).
    const found = [
      ...(await textsCut(page, 'form.card input[type=number]', 15)),
      ...(await textsCut(page, 'form.card button[type=submit]')),
    ];
    for (const fault of found) cut.push(`${width} px: ${fault}`);
  }
  expect(cut).toEqual([]);
  await context.close();
});
