import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { generate } from 'otplib';
import { argon2Passwords } from '../../src/features/accounts/index.ts';
import { addStaff, CLI_ACTOR, type StaffContext } from '../../src/features/staff/index.ts';
import { createLogger } from '../../src/server/log.ts';
import { createMemoryRateLimiter } from '../../src/server/rate-limit/index.ts';
import { loadAppSecret } from '../../src/server/secrets.ts';
import { openTestDatabase, type TestDatabase } from '../support/database.ts';
import { startServer, type TestServer } from '../support/server.ts';
import { SCREENSHOTS, url, visitorContext } from './accounts-support.ts';
import { accessibilityViolations, expect, test } from './fixtures.ts';

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

async function newOwner() {
  const ctx: StaffContext = {
    db: database.db,
    clock: { now: () => Date.now() },
    log: createLogger('warn'),
    rateLimiter: createMemoryRateLimiter(),
    secret: loadAppSecret(undefined, server.dataDir),
    passwords: argon2Passwords,
    ip: null,
    networks: () => ['amber', 'curvy'],
  };
  const email = `sites.${process.pid}.${Date.now().toString(36)}@example.org`;
  const added = await addStaff(ctx, { email, role: 'owner' }, CLI_ACTOR, { mustChangePassword: false });
  return { email, password: added.password!, secret: added.totpSecret! };
}

test('an owner writes a new site with the form and sees it listed as valid', async ({ browser }) => {
  const owner = await newOwner();
  const context = await visitorContext(browser, { width: 1280 });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await page.goto(url(server, '/console/login', 'console.localhost'));
  await page.getByLabel('E-mail address').fill(owner.email);
  await page.getByLabel('Password').fill(owner.password);
  await page.getByRole('button', { name: 'Continue' }).click();
  const code = page.getByLabel('Code from your authenticator app');
  await code.fill(await generate({ secret: owner.secret }));
  await code.press('Enter');
  await expect(page).toHaveURL(/\/console$/);

  await page
    .getByRole('navigation', { name: 'Console navigation' })
    .getByRole('link', { name: 'Sites' })
    .click();
  await expect(page).toHaveURL(/\/console\/sites$/);
  await expect(page.getByRole('heading', { name: 'Sites', level: 1 })).toBeVisible();
  const table = page.getByRole('table', { name: 'Sites of your networks' });
  const curvy = table.locator('tr[data-site="curvy"]');
  await expect(curvy.getByTestId('site-validity')).toContainText('valid');

  // The domains, checked from the server.
  await curvy.getByRole('button', { name: /Check domains/ }).click();
  await expect(curvy.getByTestId('domain-check')).toContainText('resolves · routed here · answers');
  expect(await accessibilityViolations(page), 'sites').toEqual([]);

  const form = page.getByRole('region', { name: 'Add a site' });
  await form.getByLabel('Domains').fill('e2e-fresh.localhost');
  await form.getByLabel('Name').fill('E2E Fresh');
  await form.getByLabel('Niche').selectOption('general');
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
  await page.screenshot({ path: `${SCREENSHOTS}/console-sites-1280.png`, fullPage: true });
  expect(await accessibilityViolations(page), 'sites with a refusal').toEqual([]);
  expect(errors).toEqual([]);
  await context.close();
});
