import { mkdirSync } from 'node:fs';
import { enterSite, expect, picture, siteUrl, test } from './fixtures.ts';

/*
 * Landers in a real browser: a sample renders without console errors or CSP violations, the
 * page behaviours work, the swipe deck arrives on interaction, and pictures at phone and desktop
 * widths for people to look at (test-results/screenshots/).
 */
const DIR = 'test-results/screenshots';

const SAMPLE: Array<[string, string]> = [
  ['localhost', '/'],
  ['localhost', '/landers/collagelanding/spring'],
  ['localhost', '/landers/maplanding'],
  ['localhost', '/landers/socialnetwork'],
  ['rainbow.localhost', '/landers/tinderswipe'],
  ['rainbow.localhost', '/nl/landers/iconslanding'],
  ['silver.localhost', '/landers/alonetonight'],
  ['curvy.localhost', '/de/landers/transitionsvideolanding'],
  ['curvy.localhost', '/de/landers/video/x'],
  ['curvy.localhost', '/de/lang-config'],
];

for (const [host, path] of SAMPLE) {
  test(`${host}${path} renders without console errors`, async ({ page, consoleErrors }) => {
    await page.goto(siteUrl(host, path));
    await enterSite(page);
    await expect(page.locator('main')).toBeVisible();
    await page.mouse.wheel(0, 4000);
    await page.waitForTimeout(300);
    expect(consoleErrors).toEqual([]);
  });
}

for (const [id, host] of [
  ['amber', 'localhost'],
  ['curvy', 'curvy.localhost'],
] as const) {
  for (const lander of ['collagelanding', 'tinderswipe', 'maplanding']) {
    for (const width of [360, 1280]) {
      test(`${id} ${lander} at ${width} px`, async ({ page }) => {
        mkdirSync(DIR, { recursive: true });
        await page.setViewportSize({ width, height: width < 600 ? 740 : 800 });
        await page.goto(siteUrl(host, `${host === 'curvy.localhost' ? '/de' : ''}/landers/${lander}`));
        await enterSite(page);
        // Lazy images load as they come near; scroll through once so the picture is complete.
        await page.evaluate(async () => {
          for (let y = 0; y < document.body.scrollHeight; y += 500) {
            window.scrollTo(0, y);
            await new Promise((r) => setTimeout(r, 50));
          }
          window.scrollTo(0, 0);
        });
        await page.waitForLoadState('networkidle');
        await picture(page, `${DIR}/${id}-${lander}-${width}.png`, { fullPage: true });
        const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
        expect(scrollWidth, 'the page scrolls sideways').toBeLessThanOrEqual(width);
      });
    }
  }
}

test('the swipe deck loads on the first interaction and replays the first click', async ({ page }) => {
  const scripts: string[] = [];
  page.on('request', (r) => {
    if (r.resourceType() === 'script') scripts.push(r.url());
  });
  await page.goto(siteUrl('rainbow.localhost', '/landers/tinderswipe'));
  await page.waitForLoadState('networkidle');
  expect(scripts).toEqual([]);
  // Confirming the entry warning is the first interaction: the deck's script may load from here.
  await enterSite(page);
  const deck = page.locator('[data-deck]');
  const cards = deck.locator('[data-deck-card]');
  const before = await cards.count();
  await deck.locator('[data-lazy-action="like"]').click();
  await expect(deck).toHaveAttribute('data-ready', '');
  expect(scripts.some((u) => u.includes('/_astro/'))).toBe(true);
  await expect(cards).toHaveCount(before - 1);
  await expect(page).toHaveURL(/\/landers\/tinderswipe$/);
  // The keyboard works too, and the end of the deck invites to sign up.
  await deck.focus();
  for (let i = 1; i < before; i++) await page.keyboard.press('ArrowLeft');
  await expect(deck.locator('[data-deck-done]')).toBeVisible();
  await expect(deck.locator('[data-deck-done] a[data-signup]')).toBeVisible();
});

test('`t` opens the like modal after that many seconds; a backdrop click closes it', async ({ page }) => {
  await page.goto(siteUrl('localhost', '/landers/gallery?t=1'));
  await enterSite(page);
  const modal = page.locator('dialog#like-modal');
  await expect(modal).toBeVisible({ timeout: 4_000 });
  await expect(modal.locator('a[href^="/members/"]')).toBeVisible();
  await page.mouse.click(5, 5);
  await expect(modal).toBeHidden();
});

test('`lb` sends the bounce beacon once when the page is hidden, beside the page-hidden beacon', async ({
  page,
}) => {
  await page.goto(siteUrl('localhost', '/landers/iconslanding?lb=1'));
  await enterSite(page);
  const hide = () =>
    page.evaluate(() => {
      Object.defineProperty(document, 'visibilityState', { value: 'hidden', configurable: true });
      document.dispatchEvent(new Event('visibilitychange'));
    });
  const bounce = page.waitForRequest('**/api/bounce.php');
  const hidden = page.waitForRequest('**/api/page-hidden.php');
  await hide();
  const sent = await bounce;
  expect(JSON.parse(sent.postData() ?? '{}')).toMatchObject({ page: '/landers/iconslanding' });
  expect((await hidden).postData()).toBe('{}');
  await (await hidden).response();
  const more: string[] = [];
  page.on('request', (r) => {
    if (r.url().endsWith('/api/bounce.php')) more.push(r.url());
  });
  // Each hide sends the page-hidden beacon, and a bounce beacon would go out right after it: by
  // the time the second page-hidden is answered, a second bounce would have been seen.
  const hiddenAgain = page.waitForResponse('**/api/page-hidden.php');
  await hide();
  await hiddenAgain;
  expect(more).toEqual([]);
});

test('the map lander draws its map from this server only', async ({ page }) => {
  const hosts = new Set<string>();
  page.on('request', (r) => hosts.add(new URL(r.url()).hostname));
  await page.goto(siteUrl('curvy.localhost', '/de/landers/maplanding'));
  await enterSite(page);
  const map = page.locator('.map-figure img');
  await map.scrollIntoViewIfNeeded();
  await expect.poll(() => map.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  expect([...hosts]).toEqual(['curvy.localhost']);
});

test('a lander opens the signup modal in place, loading its code only on demand', async ({
  page,
  consoleErrors,
}) => {
  const scripts: string[] = [];
  page.on('request', (r) => {
    if (r.resourceType() === 'script') scripts.push(r.url());
  });
  await page.goto(siteUrl('curvy.localhost', '/de/landers/gallery/herbst'));
  await enterSite(page);
  await page.waitForLoadState('networkidle');
  expect(scripts, 'no script before the visitor asks').toEqual([]);
  await page.locator('a[data-signup]').first().click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByRole('heading', { name: 'Kostenlos registrieren' })).toBeVisible();
  await expect(page).toHaveURL(/\/de\/landers\/gallery\/herbst$/);
  expect(scripts.filter((u) => u.includes('/_astro/'))).toHaveLength(1);
  // Closing keeps the page; a second call to action opens the same modal without loading again.
  await dialog.getByRole('button', { name: 'Schließen' }).click();
  await expect(dialog).toBeHidden();
  await page.locator('a[data-signup]').last().click();
  await expect(page.getByRole('dialog')).toBeVisible();
  expect(scripts.filter((u) => u.includes('/_astro/'))).toHaveLength(1);
  expect(consoleErrors).toEqual([]);
});

test('a lander whose signup code cannot load leads to the signup page instead', async ({ page }) => {
  await page.route('**/_astro/standalone-*.js', (route) => route.abort());
  await page.goto(siteUrl('localhost', '/landers/iconslanding'));
  await enterSite(page);
  await page.locator('a[data-signup]').first().click();
  await expect(page).toHaveURL(/\/signup$/);
  await expect(page.getByRole('heading', { name: 'Sign up free' })).toBeVisible();
});
