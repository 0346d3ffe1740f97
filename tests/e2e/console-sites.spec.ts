import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { openTestDatabase, type TestDatabase } from '../support/database.ts';
import { startServer, type TestServer } from '../support/server.ts';
import { SCREENSHOTS } from './accounts-support.ts';
import { addStaffMember, consolePage, expectAccessible, openConsoleSection } from './console-staff.ts';
import { expect, picture, test } from './fixtures.ts';

/*
 * The console's sites in Chromium: an owner sees the sites with their health, writes a new site
 * with the form, and finds it listed as valid; the page passes axe.
 */
let server: TestServer;
let database: TestDatabase;

// A server of its own with a private copy of tenants/: the form writes a file into it.
test.beforeAll(async () => {
  test.setTimeout(120_000);
  server = await startServer({ copyTenants: true });
  database = await openTestDatabase(server);
});
test.afterAll(async () => {
  await database?.close();
  await server?.stop();
});

test('an owner writes a new site with the form and sees it listed as valid', async ({ browser }) => {
  const journey = { server, db: database.db };
  const owner = await addStaffMember(journey, { role: 'owner' });
  const { context, page, errors } = await consolePage(browser, journey, owner);
  await openConsoleSection(page, 'Sites', '/console/sites');
  await expect(page.getByRole('heading', { name: 'Sites', level: 1 })).toBeVisible();
  const table = page.getByRole('table', { name: 'Sites of your networks' });
  const curvy = table.locator('tr[data-site="curvy"]');
  await expect(curvy.getByTestId('site-validity')).toContainText('valid');

  // The domains, checked from the server.
  await curvy.getByRole('button', { name: /Check domains/ }).click();
  await expect(curvy.getByTestId('domain-check')).toContainText('resolves · routed here · answers');
  await expectAccessible(page, 'sites');

  const form = page.getByRole('region', { name: 'Add a site' });
  await form.getByLabel('Domains').fill('e2e-fresh.localhost');
  await form.getByLabel('Name').fill('E2E Fresh');
  // Most sites are general ones: the form starts there, not at the alphabet's first niche.
  await expect(form.getByLabel('Niche')).toHaveValue('general');
  await form.getByLabel('Network').fill('amber');
  await form.getByLabel(/^Languages/).fill('en, de');
  await form.getByRole('button', { name: 'Write the tenant file' }).click();
  await expect(form.getByRole('status')).toContainText('tenants/e2e-fresh.json');

  const fresh = table.locator('tr[data-site="e2e-fresh"]');
  await expect(fresh).toContainText('E2E Fresh');
  await expect(fresh.getByTestId('site-validity')).toHaveText(/^valid/);
  const written = JSON.parse(readFileSync(join(server.tenantsDir, 'e2e-fresh.json'), 'utf8'));
  expect(written).toMatchObject({ id: 'e2e-fresh', network: 'amber', domains: ['e2e-fresh.localhost'] });

  // A domain another site serves: refused, with the checker's words.
  await form.getByLabel('Domains').fill('curvy.localhost');
  await form.getByLabel('Name').fill('Copy');
  await form.getByLabel('Id', { exact: true }).fill('copy');
  await form.getByRole('button', { name: 'Write the tenant file' }).click();
  await expect(form.getByTestId('create-problems')).toContainText('already served by');
  await picture(page, `${SCREENSHOTS}/console-sites-1280.png`, { fullPage: true });
  await expectAccessible(page, 'sites with a refusal');
  expect(errors).toEqual([]);
  await context.close();
});
