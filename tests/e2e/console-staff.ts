import { generate } from 'otplib';
import type { Browser, Page } from '@playwright/test';
import type { Kysely } from 'kysely';
import type { Database } from '../../src/db/database.ts';
import { argon2Passwords } from '../../src/features/accounts/index.ts';
import { addStaff, CLI_ACTOR, type StaffContext, type StaffRole } from '../../src/features/staff/index.ts';
import { createLogger } from '../../src/server/log.ts';
import { createMemoryRateLimiter } from '../../src/server/rate-limit/index.ts';
import { loadAppSecret } from '../../src/server/secrets.ts';
import type { TestServer } from '../support/server.ts';
import { hydrated, uniqueEmail, url, visitorContext } from './accounts-support.ts';
import { accessibilityViolations, expect } from './fixtures.ts';

/*
 * Staff in the console's browser tests: a member of staff added as the command line adds one,
 * and the console's login (password, then the current code from the authenticator app).
 */

/** The test server and its database (a member journey, or a spec's own server). */
export interface StaffJourney {
  readonly server: TestServer;
  readonly db: Kysely<Database>;
}

/** What a member of staff logs in with. */
export interface StaffLogin {
  email: string;
  password: string;
  secret: string;
}

/**
 * A new member of staff with `role` in each of `networks` (by default Amber's, and every network
 * for an owner), who logs in without replacing the one-time password unless told to.
 */
export async function addStaffMember(
  journey: StaffJourney,
  options: { role: StaffRole; networks?: string[]; mustChangePassword?: boolean },
): Promise<StaffLogin> {
  const ctx: StaffContext = {
    db: journey.db,
    clock: { now: () => Date.now() },
    log: createLogger('warn'),
    rateLimiter: createMemoryRateLimiter(),
    secret: loadAppSecret(undefined, journey.server.dataDir),
    passwords: argon2Passwords,
    ip: null,
    networks: () => ['amber', 'curvy'],
  };
  const email = uniqueEmail(options.role);
  const networks = options.networks ?? (options.role === 'owner' ? [undefined] : ['amber']);
  const login = { email, password: '', secret: '' };
  for (const network of networks) {
    const added = await addStaff(ctx, { email, role: options.role, network }, CLI_ACTOR, {
      mustChangePassword: options.mustChangePassword ?? false,
    });
    // Only the first role creates the account and its one-time password.
    if (added.password) Object.assign(login, { password: added.password, secret: added.totpSecret! });
  }
  return login;
}

/** Password, then the current code: the console's login as staff go through it. */
export async function logInToConsole(page: Page, journey: StaffJourney, staff: StaffLogin): Promise<void> {
  await page.goto(url(journey.server, '/console/login', 'console.localhost'));
  // The form is the island's once it has hydrated: what is typed before might be reset.
  await hydrated(page);
  await page.getByLabel('E-mail address').fill(staff.email);
  await page.getByLabel('Password').fill(staff.password);
  await page.getByRole('button', { name: 'Continue' }).click();
  const code = page.getByLabel('Code from your authenticator app');
  await code.fill(await generate({ secret: staff.secret, epoch: Math.floor(Date.now() / 1000) }));
  await code.press('Enter');
  await expect(page).toHaveURL(/\/console$/);
}

/**
 * A browser of its own, `width` px wide, logged in to the console as `staff`. `errors` collects
 * the page's uncaught script errors, which a test expects to stay empty.
 */
export async function consolePage(browser: Browser, journey: StaffJourney, staff: StaffLogin, width = 1280) {
  const context = await visitorContext(browser, { width });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await logInToConsole(page, journey, staff);
  return { context, page, errors };
}

/** Opens a section from the console's navigation, the way staff get there, and waits for its address. */
export async function openConsoleSection(page: Page, link: string, path: string): Promise<void> {
  await page
    .getByRole('navigation', { name: 'Console navigation' })
    .getByRole('link', { name: link })
    .click();
  await expect(page).toHaveURL(new RegExp(`${path}$`));
}

/** The page passes axe. */
export async function expectAccessible(page: Page, what: string): Promise<void> {
  expect(await accessibilityViolations(page), what).toEqual([]);
}
