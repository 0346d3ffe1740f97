import { generate } from 'otplib';
import { moveClock, SCREENSHOTS, url, useMemberJourney, visitorContext } from './accounts-support.ts';
import { addStaffMember, consolePage, expectAccessible } from './console-staff.ts';
import { expect, picture, test } from './fixtures.ts';

/*
 * The operator console in Chromium: a new owner logs in with the one-time password and a TOTP
 * code, replaces the password, sees the recovery codes once, and reads the audit log; and the
 * consent switch of the member area takes a member onto a lander and off it again.
 */
const journey = useMemberJourney();

test('staff log in with password and TOTP, change the one-time password, and read the audit log', async ({
  browser,
}) => {
  // A journey through many pages: more than the default 30 s on a loaded machine.
  test.setTimeout(90_000);
  const owner = await addStaffMember(journey, { role: 'owner', mustChangePassword: true });
  for (const width of [1280, 768]) {
    const context = await visitorContext(browser, { width });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await page.goto(url(journey.server, '/console', 'console.localhost'));
    await expect(page).toHaveURL(/\/console\/login$/);
    await expect(page.getByRole('heading', { name: 'Staff login' })).toBeVisible();
    await picture(page, `${SCREENSHOTS}/console-login-${width}.png`, { fullPage: true });
    await expectAccessible(page, 'login');

    await page.getByLabel('E-mail address').fill(owner.email);
    await page.getByLabel('Password').fill(owner.password);
    await page.getByRole('button', { name: 'Continue' }).click();
    const code = page.getByLabel('Code from your authenticator app');
    await expect(code).toBeFocused();
    await picture(page, `${SCREENSHOTS}/console-login-code-${width}.png`, { fullPage: true });
    // Each code works once: the second pass logs in a time step later (the server's clock moved).
    const offset = width === 1280 ? 0 : 31_000;
    moveClock(journey.server, offset);
    await code.fill(
      await generate({ secret: owner.secret, epoch: Math.floor((Date.now() + offset) / 1000) }),
    );
    await code.press('Enter');

    if (width === 1280) {
      // The first login: the one-time password is replaced, and the recovery codes shown once.
      await expect(page).toHaveURL(/\/console\/password$/);
      await page.getByLabel('Current password').fill(owner.password);
      await page.getByLabel('New password').fill('an owner of many sites 1');
      await page.getByRole('button', { name: 'Save password' }).click();
      await expect(page.getByTestId('recovery-codes').locator('li')).toHaveCount(10);
      await expectAccessible(page, 'recovery codes');
      owner.password = 'an owner of many sites 1';
      await page.getByRole('link', { name: 'I have saved them, continue' }).click();
    }
    await expect(page).toHaveURL(/\/console$/);
    await expect(page.getByRole('heading', { name: 'Overview', level: 1 })).toBeVisible();
    await expect(page.getByText('Amber Hearts')).toBeVisible();
    await picture(page, `${SCREENSHOTS}/console-dashboard-${width}.png`, { fullPage: true });
    await expectAccessible(page, 'dashboard');

    await page
      .getByRole('navigation', { name: 'Console navigation' })
      .getByRole('link', { name: 'Audit log' })
      .click();
    await expect(page).toHaveURL(/\/console\/audit$/);
    const table = page.getByRole('table');
    await expect(table.getByRole('row').filter({ hasText: 'staff.login' }).first()).toBeVisible();
    await expect(table.getByRole('row').filter({ hasText: 'staff.add' }).first()).toBeVisible();
    if (width === 1280)
      await expect(table.getByRole('row').filter({ hasText: 'staff.password_change' })).toHaveCount(1);
    await picture(page, `${SCREENSHOTS}/console-audit-${width}.png`, { fullPage: true });
    await expectAccessible(page, 'audit log');

    // Filtering by an action nobody took shows the empty state.
    await page.getByRole('textbox', { name: 'Action' }).fill('nothing.here');
    await page.getByRole('button', { name: 'Filter' }).click();
    await expect(page.getByText('No entries match.')).toBeVisible();
    expect(errors).toEqual([]);
    await context.close();
  }
  moveClock(journey.server, 0);
});

test('on a phone the sections fold into a menu, and every section fits 360 px', async ({ browser }) => {
  test.setTimeout(120_000);
  const owner = await addStaffMember(journey, { role: 'owner' });
  const { context, page, errors } = await consolePage(browser, journey, owner, 360);
  const menu = page.getByRole('navigation', { name: 'Console navigation' });
  const fits = () =>
    page.evaluate(() => ({ page: document.documentElement.scrollWidth, screen: window.innerWidth }));
  // Closed until asked for: the page comes first.
  await expect(menu).toBeHidden();
  await expect(page.getByRole('heading', { name: 'Overview', level: 1 })).toBeInViewport();
  // Who is logged in stays in sight, whole, on a line of its own under the bar's name.
  const who = page.locator('header .console-who');
  await expect(who).toBeVisible();
  await expect(who).toHaveAttribute('title', owner.email);
  expect(await who.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
  await expectAccessible(page, 'overview at 360 px');
  const sections = [
    ['Reports', '/console/reports'],
    ['Transparency', '/console/transparency'],
    ['Host inbox', '/console/inbox'],
    ['Operator-run profiles', '/console/profiles'],
    ['Members', '/console/members'],
    ['Discount codes', '/console/codes'],
    ['Statistics', '/console/statistics'],
    ['Audit log', '/console/audit'],
    ['Sites', '/console/sites'],
    ['Staff', '/console/staff'],
  ] as const;
  for (const [name, path] of sections) {
    await page.getByText('Menu', { exact: true }).click();
    await menu.getByRole('link', { name }).click();
    await expect(page).toHaveURL(new RegExp(`${path}$`));
    await page.waitForLoadState('networkidle');
    // Wide tables scroll in their own box; the page stays the screen's width.
    expect(await fits(), name).toEqual({ page: 360, screen: 360 });
    await expect(page.getByText(`Menu · ${name}`)).toBeVisible();
  }
  await picture(page, `${SCREENSHOTS}/console-staff-360.png`, { fullPage: true });
  await expectAccessible(page, 'staff list at 360 px');
  // On a tablet the address stands beside Log out, whole where the bar has the room.
  await page.setViewportSize({ width: 768, height: 900 });
  expect(await who.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
  expect(errors).toEqual([]);
  await context.close();
});

test('a consenting member appears on a lander and is gone once consent is withdrawn', async ({ browser }) => {
  // A journey through many pages: more than the default 30 s on a loaded machine.
  test.setTimeout(90_000);
  const { me, context } = await journey.memberBrowser(browser, 360, {
    name: 'Lumina',
    gender: 'female',
    seeking: 'male',
    birthdate: '1991-06-06',
  });
  await journey.make.photo(me);
  const lander = url(journey.server, `/members/${me.profileId}/landing2`);
  const visitor = await visitorContext(browser);
  const visitorPage = await visitor.newPage();
  expect((await visitorPage.goto(lander))!.status()).toBe(404);

  const page = await context.newPage();
  await page.goto(url(journey.server, '/settings'));
  const consent = page.getByRole('switch', { name: 'Show my profile on public pages' });
  await expect(consent).not.toBeChecked();
  await consent.check();
  await expect(page.getByText('Your profile may now appear on public pages.')).toBeVisible();
  await consent.scrollIntoViewIfNeeded();
  await picture(page, `${SCREENSHOTS}/settings-public-profile-360.png`);
  await expectAccessible(page, 'settings');

  const shown = await visitorPage.goto(lander);
  expect(shown!.status()).toBe(200);
  await expect(visitorPage.getByText('Lumina').first()).toBeVisible();

  await consent.uncheck();
  await expect(page.getByText('Your profile is no longer shown on public pages.')).toBeVisible();
  expect((await visitorPage.goto(lander))!.status()).toBe(404);
  await visitor.close();
  await context.close();
});
