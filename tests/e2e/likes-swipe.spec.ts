import { accessibilityViolations, expect, picture, test } from './fixtures.ts';
import { hydrated, url, SCREENSHOTS, useMemberJourney } from './accounts-support.ts';
import { manyProfiles } from '../integration/likes-support.ts';

/*
 * A member's likes and the swipe game in Chromium: a like back makes a match and the match is
 * celebrated; the swipe game by button, keyboard and touch until the daily limit, which is said
 * plainly with the way to premium; the like modal shows a real like. Screenshots at 360 and
 * 1280 px in test-results/screenshots.
 */

const app = useMemberJourney();
const DIR = SCREENSHOTS;

test.describe.configure({ mode: 'serial' });

for (const width of [1280, 360]) {
  test(`a like back makes a match, celebrated (${width} px)`, async ({ browser }) => {
    // Two accessibility scans, one with the match dialog open, take most of its time on 2 cores.
    test.setTimeout(60_000);
    const { me, context } = await app.memberBrowser(browser, width, { name: 'Robin' });
    const fan = await app.make.member({ name: `Fan${width}`, gender: 'female', seeking: 'male' });
    await app.make.like(fan, me);
    const page = await context.newPage();

    await page.goto(url(app.server, '/likes/received'));
    await hydrated(page);
    const card = page.locator('.likes-card', { hasText: `Fan${width}` });
    await expect(card).toBeVisible();
    await expect(card.getByText('New')).toBeVisible();
    await picture(page, `${DIR}/likes-received-${width}.png`, { fullPage: true });
    expect(await accessibilityViolations(page)).toEqual([]);

    const matchesTab = page.getByRole('link', { name: /Matches/ });
    await expect(matchesTab).toHaveText('Matches 0');
    await card.getByRole('button', { name: /Like back/ }).click();
    const dialog = page.getByRole('dialog', { name: "It's a match!" });
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText(`You and Fan${width} like each other.`);
    await expect(dialog.getByRole('link', { name: 'Send a message' })).toHaveAttribute(
      'href',
      `/members/${fan.profileId}/chat`,
    );
    await picture(page, `${DIR}/likes-match-${width}.png`);
    expect(await accessibilityViolations(page)).toEqual([]);
    await dialog.getByRole('button', { name: 'Keep looking' }).click();
    await expect(dialog).toBeHidden();

    // The tabs count the like back at once: one sent, one match.
    await expect(matchesTab).toHaveText('Matches 1');
    await expect(page.getByRole('link', { name: /Sent/ })).toHaveText('Sent 1');
    await matchesTab.click();
    await expect(page.locator('.likes-card', { hasText: `Fan${width}` })).toBeVisible();
    await context.close();
  });
}

test('a likes tab with more than a page loads the next one on demand', async ({ browser }) => {
  const { me, context } = await app.memberBrowser(browser, 1280, { name: 'Popular' });
  // One reading of the clock: read per like, a tick between two likes gave them the same time.
  const start = Date.now() - 60_000;
  await manyProfiles(app, me, 103, { likedByTo: true, at: (i) => start - i });
  const page = await context.newPage();
  await page.goto(url(app.server, '/likes/sent'));
  await hydrated(page);
  await expect(page.locator('.likes-card')).toHaveCount(100);
  await expect(page.getByRole('link', { name: /Sent/ })).toContainText('100+');
  const more = page.getByRole('button', { name: 'Load more' });
  await more.click();
  await expect(page.locator('.likes-card')).toHaveCount(103);
  await expect(page.locator('.likes-card').last()).toContainText('Many 102');
  await expect(more).toBeHidden();
  await context.close();
});

for (const width of [1280, 360]) {
  test(`the swipe game until the daily limit (${width} px)`, async ({ browser }) => {
    const { context } = await app.memberBrowser(browser, width, { name: 'Swiper' });
    // Women seeking men: the deck of a man seeking women deals only those who fit both ways.
    for (let i = 0; i < 7; i++)
      await app.make.member({ name: `Card${width}x${i}`, gender: 'female', seeking: 'male' });
    const page = await context.newPage();
    await page.goto(url(app.server, '/swipe-game'));
    await hydrated(page);
    const remaining = page.getByTestId('swipe-remaining');
    await expect(remaining).toHaveText('4 likes left today; premium members swipe without limit.');
    await picture(page, `${DIR}/swipe-start-${width}.png`, { fullPage: true });
    expect(await accessibilityViolations(page)).toEqual([]);

    const liked = (_count: number) =>
      page.waitForResponse((r) => r.url().endsWith('/api/swipe.php') && r.request().method() === 'POST');
    // A button, the keyboard, and a pass in between (passing is free).
    await Promise.all([liked(1), page.getByRole('button', { name: 'Like' }).click()]);
    await expect(remaining).toHaveText('3 likes left today; premium members swipe without limit.');
    await Promise.all([liked(1), page.keyboard.press('ArrowRight')]);
    await expect(remaining).toHaveText('2 likes left today; premium members swipe without limit.');
    await Promise.all([liked(1), page.keyboard.press('ArrowLeft')]);
    await expect(remaining).toHaveText('2 likes left today; premium members swipe without limit.');
    // The passed card has flown off.
    await expect(page.locator('article.swipe-card.is-leaving-left')).toHaveCount(0);
    // A swipe of the finger to the right.
    const top = page.locator('article.swipe-card:not(.swipe-card-next)');
    const cardBox = (await top.boundingBox())!;
    const y = cardBox.y + cardBox.height / 2;
    await Promise.all([
      liked(1),
      top.evaluate(
        (el, { x0, x1, y }) => {
          const fire = (type: string, x: number) =>
            el.dispatchEvent(
              new PointerEvent(type, {
                bubbles: true,
                pointerType: 'touch',
                clientX: x,
                clientY: y,
                pointerId: 7,
              }),
            );
          fire('pointerdown', x0);
          fire('pointermove', x1);
          fire('pointerup', x1);
        },
        { x0: cardBox.x + 40, x1: cardBox.x + 40 + 150, y },
      ),
    ]);
    await expect(remaining).toHaveText('1 like left today; premium members swipe without limit.');
    await Promise.all([liked(1), page.getByRole('button', { name: 'Like' }).click()]);

    const limit = page.getByTestId('swipe-limit');
    await expect(limit).toBeVisible();
    await expect(limit).toContainText("That's all for today");
    await expect(limit.getByRole('link', { name: 'Get premium' })).toHaveAttribute('href', '/premium');
    await expect(page.getByRole('button', { name: 'Like' })).toBeDisabled();
    await picture(page, `${DIR}/swipe-limit-${width}.png`, { fullPage: true });
    expect(await accessibilityViolations(page)).toEqual([]);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(overflow).toBeLessThanOrEqual(width);
    await context.close();
  });
}

test('the like modal shows a real like, labelled when fictional, and closes on a click', async ({
  browser,
}) => {
  const { me, context } = await app.memberBrowser(browser, 1280, { name: 'Liked' });
  const operator = await app.make.operatorProfile({ name: 'Stagestar', fictional: true });
  await app.make.like(operator, me);
  const page = await context.newPage();
  await page.goto(url(app.server, '/likes/sent?t=1'));
  const dialog = page.getByRole('dialog', { name: 'Stagestar likes you!' });
  await expect(dialog).toBeVisible({ timeout: 10_000 });
  await expect(dialog.locator('.badge-fictional')).toBeVisible();
  await expect(dialog.getByRole('link', { name: 'Start a conversation' })).toHaveAttribute(
    'href',
    `/members/${operator.profileId}/chat`,
  );
  await picture(page, `${DIR}/like-modal-1280.png`);
  const seen = page.waitForResponse((r) => r.url().endsWith('/api/like-seen.php'));
  await dialog.locator('p', { hasText: 'Tap the photo' }).click();
  await expect(dialog).toBeHidden();
  await seen;
  await context.close();
});
