import { mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { Browser } from '@playwright/test';
import sharp from 'sharp';
import { inspector, openTestDatabase, type TestDatabase } from '../support/database.ts';
import { factories, type ProfileRef, type TestMember, type TestSession } from '../support/factories.ts';
import { hydrated, url, useAccountsServer, visitorContext } from './accounts-support.ts';
import { accessibilityViolations, expect, picture, test } from './fixtures.ts';

/*
 * The profile view and blocks in Chromium: a member opens another's profile (main photo, a
 * locked thumbnail blurred with the way to premium, fields, interests), likes it, blocks it after
 * confirming, and the blocked member then meets only "You're blocked by …" on the blocker's
 * profile; the blocker unblocks from settings. Screenshots at 360 and 1280 px.
 */

const app = useAccountsServer();
const SHOTS = 'test-results/screenshots';

test.describe.configure({ mode: 'serial' });

let database: TestDatabase;
let alex: TestMember & TestSession;
let bea: TestMember & TestSession;

/** A photo with real image files (a plain colour), so the screenshots show pictures. */
async function photoWithFiles(
  profile: ProfileRef,
  colour: string,
  options: { main: boolean; locked?: boolean },
) {
  const make = factories(database.db);
  const photo = await make.photo(profile, { main: options.main });
  for (const file of photo.files) {
    const path = join(app.server.dataDir, 'uploads', file);
    mkdirSync(dirname(path), { recursive: true });
    await sharp({ create: { width: 480, height: 480, channels: 3, background: colour } })
      .webp()
      .toFile(path);
  }
  if (options.locked)
    await database.db
      .updateTable('photos')
      .set({ locked: 1, position: 1 })
      .where('id', '=', photo.photoId)
      .execute();
  return photo;
}

async function loggedInPage(browser: Browser, member: TestSession, width = 1280) {
  const context = await visitorContext(browser, { width });
  await context.addCookies([{ name: 'session', value: member.token, domain: 'localhost', path: '/' }]);
  return { context, page: await context.newPage() };
}

test.beforeAll(async () => {
  database = await openTestDatabase(app.server);
  const make = factories(database.db);
  alex = await make.loggedIn({ name: 'Alex', gender: 'male', seeking: 'female', birthdate: '1988-04-02' });
  bea = await make.loggedIn({ name: 'Beatrix', gender: 'female', seeking: 'male', birthdate: '1991-09-12' });
  await make.updateProfile(bea, {
    city: 'Utrecht',
    region: 'Utrecht',
    text: 'Cyclist, coffee lover and amateur baker.\nLooking for someone to share long walks with.',
    hair_color: 'brown',
    eye_color: 'green',
    body_type: 'slim',
    relationship_status: 'single',
    last_active_at: Date.now(),
  });
  await database.db
    .insertInto('profile_interests')
    .values(
      ['coffee', 'biking', 'cooking'].map((interest) => ({
        profile_id: bea.profileId,
        network_id: bea.network,
        interest,
      })),
    )
    .execute();
  await photoWithFiles(bea, '#c8557a', { main: true });
  await photoWithFiles(bea, '#5577c8', { main: false });
  await photoWithFiles(bea, '#55c87a', { main: false, locked: true });
});

test.afterAll(async () => {
  await database?.close();
});

test('a member opens a profile, likes it and blocks it; the blocked member cannot see the blocker', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const { context, page } = await loggedInPage(browser, alex);
  const profilePath = `/members/${bea.profileId}`;
  // The page's own content: the navigation has links of the same names (Messages, Get Premium).
  const main = page.locator('#main');

  await test.step('the profile: photos, a locked one blurred, fields and interests', async () => {
    await page.goto(url(app.server, profilePath));
    await hydrated(page);
    await expect(main.getByRole('heading', { level: 1 })).toHaveText(/^Beatrix, \d+$/);
    await expect(page.locator('[data-locked]')).toHaveCount(1);
    await expect(main.getByText('Premium members see all photos.')).toBeVisible();
    await expect(main.getByRole('link', { name: 'Get Premium' })).toHaveAttribute('href', '/premium');
    await expect(main.getByText('Green')).toBeVisible();
    await expect(main.getByText('Cycling')).toBeVisible();
    await expect(main.getByRole('link', { name: 'Message' })).toHaveAttribute('href', `${profilePath}/chat`);
    await expect(main.getByRole('link', { name: 'Send a gift' })).toHaveAttribute(
      'href',
      `${profilePath}/chat?gift=1`,
    );
    expect(await accessibilityViolations(page)).toEqual([]);
    await picture(page, `${SHOTS}/profile-view-1280.png`, { fullPage: true });
  });

  await test.step('like: the button turns at once and the like is saved', async () => {
    await main.getByRole('button', { name: 'Like', exact: true }).click();
    await expect(main.getByRole('button', { name: 'Unlike' })).toHaveAttribute('aria-pressed', 'true');
    await expect(page.getByText('You like Beatrix.')).toBeVisible();
    const like = await inspector(database.db).row('likes', {
      liker_profile_id: alex.profileId,
      liked_profile_id: bea.profileId,
    });
    expect(like).toBeDefined();
  });

  await test.step('block, after confirming', async () => {
    await main.getByRole('button', { name: 'Block', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Block Beatrix?' });
    await expect(dialog).toBeVisible();
    expect(await accessibilityViolations(page)).toEqual([]);
    await dialog.getByRole('button', { name: 'Block', exact: true }).click();
    await expect(dialog).toBeHidden();
    await expect(main.getByText('You have blocked Beatrix.')).toBeVisible();
    await expect(main.getByRole('button', { name: 'Unblock' })).toBeVisible();
    await expect(main.getByRole('link', { name: 'Message' })).toHaveCount(0);
  });

  await test.step('the blocked member meets only the blocked message on the blocker', async () => {
    const blocked = await loggedInPage(browser, bea, 360);
    const response = await blocked.page.goto(url(app.server, `/members/${alex.profileId}`));
    expect(response?.status()).toBe(403);
    await expect(blocked.page.getByRole('heading', { level: 1 })).toHaveText('No access');
    await expect(blocked.page.getByText("You're blocked by Alex, no access")).toBeVisible();
    expect(await accessibilityViolations(blocked.page)).toEqual([]);
    await picture(blocked.page, `${SHOTS}/profile-blocked-360.png`, { fullPage: true });
    const api = await blocked.context.request.get(url(app.server, `/api/member.php?id=${alex.profileId}`));
    expect(api.status()).toBe(403);
    await blocked.context.close();
  });

  await test.step('settings list the blocked member, who can be unblocked there', async () => {
    await page.goto(url(app.server, '/settings#blocked'));
    await hydrated(page);
    const section = page.locator('section#blocked');
    await expect(section.getByRole('link', { name: /^Beatrix, \d+$/ })).toBeVisible();
    expect(await accessibilityViolations(page)).toEqual([]);
    await picture(section, `${SHOTS}/settings-blocked-1280.png`);
    await section.getByRole('button', { name: 'Unblock Beatrix' }).click();
    await expect(section.getByText('You have not blocked anyone.')).toBeVisible();
    const row = await inspector(database.db).row('blocks', { blocker_profile_id: alex.profileId });
    expect(row).toBeUndefined();
  });
  await context.close();
});

test('the profile at 360 px', async ({ browser }) => {
  const { context, page } = await loggedInPage(browser, alex, 360);
  await page.goto(url(app.server, `/likes/m/${bea.profileId}`));
  await hydrated(page);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(/^Beatrix, \d+$/);
  // Nothing wider than the screen.
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  expect(await accessibilityViolations(page)).toEqual([]);
  await picture(page, `${SHOTS}/profile-view-360.png`, { fullPage: true });
  await context.close();
});
