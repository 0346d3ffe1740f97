import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import sharp from 'sharp';
import type { ProfileRef } from '../support/factories.ts';
import { accessibilityViolations, expect, picture, test } from './fixtures.ts';
import { sendText } from './chat-support.ts';
import {
  hydrated,
  openLive,
  sessionContext,
  url,
  SCREENSHOTS,
  useMemberJourney,
} from './accounts-support.ts';

/*
 * Search and the swipe game by whom the member seeks, in Chromium: a woman seeking men sees men
 * on /members by default and her changed filters come back on her next visit; the swipe card
 * follows the mouse with LIKE or NOPE on it and the next card beneath; Like and Pass are on
 * screen without scrolling on a 360 × 640 phone and a 1280 × 720 laptop; the match moment's
 * "Send a message" opens the chat; a message that arrives on another page shows a toast that
 * leads to it. Screenshots at 360 and 1280 px (English and German) in test-results/screenshots.
 */

const app = useMemberJourney();
const DIR = SCREENSHOTS;
/** Where the swipe card and the match moment are looked at: desktop, then the phone in two languages. */
const SWIPE_SCREENS = [
  [1280, 'en'],
  [360, 'en'],
  [360, 'de'],
] as const;
const aged = (years: number) => `${new Date().getUTCFullYear() - years}-03-01`;

test.describe.configure({ mode: 'serial' });

let hue = 0;
/** A main photo whose files are real pictures (a coloured portrait-shaped placeholder), for the screenshots. */
async function photo(profile: ProfileRef) {
  const { files } = await app.make.photo(profile, { dataDir: app.server.dataDir });
  hue = (hue + 67) % 360;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="480" height="640">
    <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1">
      <stop offset="0" stop-color="hsl(${hue},60%,70%)"/><stop offset="1" stop-color="hsl(${(hue + 40) % 360},55%,45%)"/>
    </linearGradient></defs>
    <rect width="480" height="640" fill="url(#g)"/>
    <circle cx="240" cy="250" r="95" fill="rgba(255,255,255,0.55)"/>
    <ellipse cx="240" cy="560" rx="170" ry="150" fill="rgba(255,255,255,0.55)"/>
  </svg>`;
  const jpeg = await sharp(Buffer.from(svg)).jpeg().toBuffer();
  for (const file of files) writeFileSync(join(app.server.dataDir, 'uploads', file), jpeg);
}

/** Presses the mouse on the card, drags it `dx` pixels sideways in steps, and answers the page. */
async function dragCard(page: Page, dx: number, release: boolean) {
  // After a swipe the top card is replaced: for a moment there is none to measure.
  const card = page.locator('article.swipe-card:not(.swipe-card-next)');
  let box = await card.boundingBox();
  for (let tries = 0; !box && tries < 50; tries++) {
    await page.waitForTimeout(100);
    box = await card.boundingBox();
  }
  if (!box) throw new Error('no top card to drag within 5 s');
  const x = box.x + box.width / 2;
  const y = box.y + box.height / 3;
  await page.mouse.move(x, y);
  await page.mouse.down();
  await page.mouse.move(x + dx, y, { steps: 8 });
  if (release) await page.mouse.up();
}

/** Gives the profile these interests (the match finder ranks shared ones first). */
async function addInterests(profile: ProfileRef, interests: string[]) {
  await app.db
    .insertInto('profile_interests')
    .values(
      interests.map((interest) => ({ profile_id: profile.profileId, network_id: profile.network, interest })),
    )
    .execute();
}

/** The next swipe the page sends (a like or a pass). */
const swipeSent = (page: Page) =>
  page.waitForResponse((r) => r.url().endsWith('/api/swipe.php') && r.request().method() === 'POST');

test('a woman seeking men sees men by default, and her changed filters return on her next visit', async ({
  browser,
}) => {
  const { context } = await app.memberBrowser(browser, 1280, {
    name: 'Seeksmen',
    gender: 'female',
    seeking: 'male',
    birthdate: aged(34),
  });
  await app.make.member({ name: 'Defaultman', gender: 'male', seeking: 'female', birthdate: aged(36) });
  await app.make.member({ name: 'Defaultwoman', gender: 'female', seeking: 'male', birthdate: aged(36) });
  await app.make.member({
    name: 'Chosenwoman',
    gender: 'female',
    seeking: 'male',
    country: 'AT',
    birthdate: aged(36),
  });
  const page = await context.newPage();
  await page.goto(url(app.server, '/members'));
  await hydrated(page);
  const gender = page.getByLabel('Gender');
  await expect(gender).toHaveValue('male');
  const results = page.getByTestId('search-results').first();
  await expect(results).toContainText('Defaultman');
  await expect(results).not.toContainText('Defaultwoman');
  // At her defaults there is nothing to reset.
  await expect(page.getByTestId('search-reset')).toBeHidden();
  await picture(page, `${DIR}/members-default-1280.png`);

  // She looks for women in Austria instead.
  await gender.selectOption('female');
  await page.getByLabel('Country').selectOption('AT');
  await Promise.all([
    page.waitForResponse((r) => r.url().includes('/api/members.php')),
    page.getByRole('button', { name: 'Search', exact: true }).click(),
  ]);
  await expect(results).toContainText('Chosenwoman');

  // The next visit, from the navigation (no filters in the address), opens the same search.
  await page.goto(url(app.server, '/members'));
  await hydrated(page);
  await expect(page.getByLabel('Gender')).toHaveValue('female');
  await expect(page.getByLabel('Country')).toHaveValue('AT');
  await expect(page.getByTestId('search-results').first()).toContainText('Chosenwoman');

  // A reset returns to her defaults, on this visit and the next.
  await Promise.all([
    page.waitForResponse((r) => r.url().includes('/api/members.php')),
    page.getByTestId('search-reset').click(),
  ]);
  await expect(page.getByLabel('Gender')).toHaveValue('male');
  await expect(page.getByTestId('search-results').first()).toContainText('Defaultman');
  await expect(page.getByTestId('search-reset')).toBeHidden();
  await page.goto(url(app.server, '/members'));
  await hydrated(page);
  await expect(page.getByLabel('Gender')).toHaveValue('male');
  await expect(page.getByLabel('Country')).toHaveValue('');
  await context.close();
});

for (const [width, height, locale] of [
  [360, 640, 'en'],
  [360, 640, 'de'],
  [1280, 720, 'en'],
  [1280, 720, 'de'],
] as const) {
  test(`Like and Pass are on screen without scrolling at ${width} × ${height} (${locale})`, async ({
    browser,
  }) => {
    const { context } = await app.memberBrowser(browser, width, { name: 'Thumb', language: locale });
    // The top card is an operator's: its label and warning must not push the buttons away.
    const operator = await app.make.operatorProfile({ name: `Stage${width}${locale}`, fictional: true });
    await photo(operator);
    await app.make.updateProfile(operator, { last_active_at: Date.now() + 5_000 });
    const page = await context.newPage();
    await page.setViewportSize({ width, height });
    await page.goto(url(app.server, locale === 'en' ? '/swipe-game' : `/${locale}/swipe-game`));
    await hydrated(page);
    for (const name of locale === 'en' ? ['Like', 'Pass'] : ['Liken', 'Weiter']) {
      const button = page.getByRole('button', { name, exact: true });
      await expect(button).toBeInViewport({ ratio: 1 });
    }
    const top = page.locator('article.swipe-card:not(.swipe-card-next)');
    await expect(top).toContainText(`Stage${width}${locale}`);
    await expect(top.locator('.badge-fictional')).toBeInViewport({ ratio: 1 });
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    // The keyboard hint only where there is a keyboard: a desktop browser here.
    await expect(page.getByTestId('swipe-keys')).toBeVisible();
    await picture(page, `${DIR}/swipe-fold-${width}x${height}-${locale}.png`);
    await context.close();
  });
}

test('the keyboard hint is left out on a touch phone', async ({ browser }) => {
  const me = await app.make.loggedIn({ name: 'Touching' });
  await photo(await app.make.member({ name: 'Touchcard', gender: 'female', seeking: 'male' }));
  const context = await browser.newContext({
    viewport: { width: 360, height: 640 },
    isMobile: true,
    hasTouch: true,
  });
  await context.addCookies([{ name: 'session', value: me.token, url: url(app.server, '/') }]);
  await context.addInitScript(() => localStorage.setItem('entry-warning-dismissed', String(Date.now())));
  const page = await context.newPage();
  await page.goto(url(app.server, '/swipe-game'));
  await hydrated(page);
  await expect(page.getByRole('button', { name: 'Like', exact: true })).toBeInViewport({ ratio: 1 });
  await expect(page.getByTestId('swipe-keys')).toBeHidden();
  await context.close();
});

for (const [width, locale] of SWIPE_SCREENS) {
  test(`the card follows the mouse with LIKE or NOPE and the next card beneath (${width} px, ${locale})`, async ({
    browser,
  }) => {
    const { context } = await app.memberBrowser(browser, width, { name: 'Dragger', language: locale });
    for (let i = 0; i < 3; i++)
      await photo(
        await app.make.member({ name: `Drag${width}${locale}x${i}`, gender: 'female', seeking: 'male' }),
      );
    const page = await context.newPage();
    await page.goto(url(app.server, locale === 'en' ? '/swipe-game' : `/${locale}/swipe-game`));
    await hydrated(page);
    const remaining = page.getByTestId('swipe-remaining');
    const stampLike = page.getByTestId('swipe-stamp-like');
    const stampNope = page.getByTestId('swipe-stamp-nope');
    await expect(page.locator('article.swipe-card-next')).toHaveCount(1);
    await expect(stampLike).toBeHidden();

    // Dragged to the right, not let go yet: LIKE shows, nothing is sent.
    await dragCard(page, 120, false);
    await expect(stampLike).toBeVisible();
    await expect(stampLike).toHaveText(locale === 'en' ? 'Like' : 'Like');
    await expect(stampNope).toBeHidden();
    await picture(page, `${DIR}/swipe-drag-like-${width}-${locale}.png`);
    const liked = swipeSent(page);
    await page.mouse.up();
    expect((await liked).request().postDataJSON()).toMatchObject({ action: 'like' });
    await expect(remaining).not.toContainText('4');

    // Dragged to the left: NOPE, a pass.
    await dragCard(page, -120, false);
    await expect(stampNope).toBeVisible();
    await picture(page, `${DIR}/swipe-drag-nope-${width}-${locale}.png`);
    const passed = swipeSent(page);
    await page.mouse.up();
    expect((await passed).request().postDataJSON()).toMatchObject({ action: 'pass' });

    // A short drag springs back and decides nothing; a click on the name still opens the profile.
    await dragCard(page, 30, true);
    await expect(stampLike).toBeHidden();
    await expect(page.locator('article.swipe-card:not(.swipe-card-next)')).not.toHaveAttribute(
      'style',
      /translate/,
    );
    expect(await accessibilityViolations(page)).toEqual([]);
    await context.close();
  });
}

for (const [width, locale] of SWIPE_SCREENS) {
  test(`the match moment shows both photos and "Send a message" opens the chat (${width} px, ${locale})`, async ({
    browser,
  }) => {
    const { me, context } = await app.memberBrowser(browser, width, { name: 'Matcher', language: locale });
    await photo(me);
    const fan = await app.make.member({
      name: `Fanmatch${width}${locale}`,
      gender: 'female',
      seeking: 'male',
    });
    await photo(fan);
    await app.make.like(fan, me);
    await app.make.updateProfile(fan, { last_active_at: Date.now() + 60_000 });
    const page = await context.newPage();
    const prefix = locale === 'en' ? '' : `/${locale}`;
    await page.goto(url(app.server, `${prefix}/swipe-game`));
    await hydrated(page);
    await expect(page.locator('article.swipe-card:not(.swipe-card-next)')).toContainText(
      `Fanmatch${width}${locale}`,
    );
    // The Like button (the arrow keys have their own test): a key pressed before the page holds
    // the focus would be lost on a loaded machine.
    await page.locator('button.swipe-like').click();
    const dialog = page.getByTestId('match-celebration');
    await expect(dialog).toBeVisible();
    await expect(dialog.locator('img.match-photo')).toHaveCount(2);
    await picture(page, `${DIR}/swipe-match-${width}-${locale}.png`);
    expect(await accessibilityViolations(page)).toEqual([]);
    const send = dialog.getByRole('link', {
      name: locale === 'en' ? 'Send a message' : 'Nachricht schreiben',
    });
    await send.click();
    await page.waitForURL(`**/members/${fan.profileId}/chat`);
    await expect(page.locator('textarea')).toBeVisible();

    // The match card in the likes' matches list has a Message button into the same chat.
    await page.goto(url(app.server, `${prefix}/likes/matches`));
    await hydrated(page);
    await expect(page.getByTestId('match-message')).toHaveAttribute(
      'href',
      `${prefix}/members/${fan.profileId}/chat`,
    );
    await picture(page, `${DIR}/likes-matches-message-${width}-${locale}.png`);
    await context.close();
  });
}

test('a message that arrives on another page shows a toast leading to the conversation', async ({
  browser,
}) => {
  const me = await app.make.loggedIn({ name: 'Elsewhere' });
  await app.make.photo(me);
  const writer = await app.make.loggedIn({ name: 'Toastwriter', gender: 'female', seeking: 'male' });
  await app.make.photo(writer);
  await app.make.order(writer, { credits: 50 });
  await app.make.updateMember(writer, { paid_user: 1, credits: 50 });
  const context = await sessionContext(browser, app.server, me, { width: 360 });
  const page = await context.newPage();
  await openLive(page, app.server, '/likes');

  const send = (text: string) => sendText(app.server, writer, me, text, `toast-${Date.now()}-${text.length}`);
  const sent = await send('Hello from the other side');
  expect(sent.status).toBeLessThan(300);
  const conversation = sent.json<{ message: { conversation: string } }>().message.conversation;
  const toast = page.locator('.kindred-toast', { hasText: 'Toastwriter sent you a message' });
  await expect(toast).toBeVisible({ timeout: 5_000 });
  await expect(page.locator('.kindred-toasts')).toHaveAttribute('aria-live', 'polite');
  await picture(page, `${DIR}/message-toast-360.png`);
  const reopened = page.waitForResponse((r) => r.url().includes('/api/events.php'));
  await toast.getByRole('link', { name: 'Open the chat' }).click();
  await page.waitForURL(`**/chats/${conversation}`);
  await hydrated(page);
  await reopened;

  // On that conversation's own page, the next message shows in the conversation, not as a toast.
  expect((await send('And again')).status).toBeLessThan(300);
  await expect(page.getByText('And again')).toBeVisible({ timeout: 5_000 });
  await expect(page.locator('.kindred-toast')).toHaveCount(0);
  await context.close();
});

for (const [width, locale] of [
  [360, 'en'],
  [360, 'de'],
  [1280, 'en'],
  [1280, 'de'],
] as const) {
  test(`the search and the match finder fit the screen (${width} px, ${locale})`, async ({ browser }) => {
    const { me, context } = await app.memberBrowser(browser, width, {
      name: 'Lookingwoman',
      gender: 'female',
      seeking: 'male',
      birthdate: aged(33),
      language: locale,
    });
    await addInterests(me, ['music', 'travelling']);
    for (let i = 0; i < 3; i++) {
      const man = await app.make.member({
        name: `Fitman${width}${locale}${i}`,
        gender: 'male',
        seeking: 'female',
        birthdate: aged(34 + i),
      });
      await photo(man);
      if (i === 0) await addInterests(man, ['music', 'travelling']);
    }
    const prefix = locale === 'en' ? '' : `/${locale}`;
    const page = await context.newPage();
    for (const path of ['/members', '/match-finder']) {
      await page.goto(url(app.server, `${prefix}${path}`));
      await hydrated(page);
      await expect(page.locator('.member-card').first()).toBeVisible();
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      await picture(page, `${DIR}/${path.slice(1)}-${width}-${locale}.png`);
    }
    // The best fit (two interests in common) comes first, saying so.
    const first = page.locator('.member-card').first();
    await expect(first).toContainText(`Fitman${width}${locale}0`);
    await expect(first.getByTestId('match-reasons')).toContainText(
      locale === 'en' ? '2 shared interests' : '2 gemeinsame Interessen',
    );
    expect(await accessibilityViolations(page)).toEqual([]);
    await context.close();
  });
}
