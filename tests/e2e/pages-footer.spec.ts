import { mkdirSync } from 'node:fs';
import { FOOTER_PAGES } from '../support/routes.ts';
import { accessibilityViolations, enterSite, expect, picture, siteUrl, test } from './fixtures.ts';

/*
 * The footer pages, pricing and complaints in the browser: axe-clean with no console errors on
 * two sites of different themes, the complaint form with its script, and pictures of terms and
 * pricing at phone and desktop width for people to look at.
 */
const SITES = [
  { id: 'amber', host: 'localhost', prefix: '' },
  { id: 'curvy', host: 'curvy.localhost', prefix: '/de' },
] as const;

for (const site of SITES) {
  for (const path of FOOTER_PAGES) {
    test(`${site.id} ${path}: no axe violations, no console errors`, async ({ page, consoleErrors }) => {
      const response = await page.goto(siteUrl(site.host, site.prefix + path));
      expect(response?.status()).toBe(200);
      await enterSite(page);
      // An answer opened too (the header's language menu is a summary as well).
      if (path === '/pages/faq') await page.locator('main summary').first().click();
      const violations = await accessibilityViolations(page);
      expect({ violations, errors: consoleErrors }).toEqual({ violations: [], errors: [] });
    });
  }
}

test.describe('the complaint form', () => {
  test('shows what is wrong beside the field, then acknowledges the complaint in place', async ({
    page,
    consoleErrors,
  }) => {
    await page.goto(siteUrl('curvy.localhost', '/de/complaints'));
    await enterSite(page);
    const url = page.url();

    await page.getByLabel('Worum geht es?').selectOption('harassment');
    await page.getByLabel('Deine Beschwerde').fill('Zu kurz');
    await page.getByRole('button', { name: 'Beschwerde senden' }).click();
    const text = page.getByLabel('Deine Beschwerde');
    await expect(text).toHaveAttribute('aria-invalid', 'true');
    await expect(text).toBeFocused();
    await expect(page.locator('#complaint-text-error')).toHaveText('Bitte schreib mindestens 20 Zeichen.');
    await expect(page.getByLabel('Worum geht es?')).toHaveValue('harassment');

    await text.fill('Dieses Mitglied schreibt mir ständig beleidigende Nachrichten.');
    // The page shows the answer when it comes: wait for the filing itself, which a busy machine
    // may take longer than an assertion's few seconds to write.
    const filed = page.waitForResponse(
      (r) => r.url().endsWith('/api/complaint.php') && r.request().method() === 'POST',
    );
    await page.getByRole('button', { name: 'Beschwerde senden' }).click();
    expect((await filed).status()).toBe(201);
    const done = page.getByRole('status').filter({ hasText: 'Danke, wir haben deine Beschwerde erhalten' });
    await expect(done).toBeVisible();
    await expect(done).toBeFocused();
    await expect(done.locator('[data-ref]')).toHaveText(/^[0-9a-z]{16}$/);
    await expect(page.locator('#complaint-form')).toBeHidden();
    expect(page.url()).toBe(url);
    expect(await accessibilityViolations(page)).toEqual([]);
    // Chromium logs the 422 answer to the first try as a failed load; that is the form working.
    expect(
      consoleErrors.filter((e) => !(e.includes('status of 422') && e.includes('/api/complaint.php'))),
    ).toEqual([]);
  });

  test('works without script, one page load later', async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(siteUrl('localhost', '/complaints'));
    await page.getByLabel('What is it about?').selectOption('payment');
    await page.getByLabel('Your complaint').fill('I was charged twice for the same bundle.');
    await page.getByRole('button', { name: 'Send complaint' }).click();
    await expect(page).toHaveURL(/\/complaints\?filed=[0-9a-z]{16}$/);
    await expect(page.getByText('Thank you, we received your complaint')).toBeVisible();
    await context.close();
  });
});

const SHOTS = 'test-results/screenshots';

for (const site of SITES) {
  for (const path of ['/pages/terms', '/pricing'] as const) {
    for (const width of [360, 1280]) {
      const name = `${site.id}-${path.split('/').pop()}-${width}`;
      test(`${name}: a picture, and nothing wider than the screen`, async ({ page }) => {
        mkdirSync(SHOTS, { recursive: true });
        await page.setViewportSize({ width, height: width < 600 ? 740 : 800 });
        await page.goto(siteUrl(site.host, site.prefix + path));
        await enterSite(page);
        await picture(page, `${SHOTS}/${name}.png`, { fullPage: true });
        const overflow = await page.evaluate(() => ({
          scrollWidth: document.documentElement.scrollWidth,
          wide: [...document.querySelectorAll('body *')]
            .filter((el) => el.getBoundingClientRect().right > document.documentElement.clientWidth + 1)
            .slice(0, 5)
            .map((el) => `${el.tagName.toLowerCase()}.${[...el.classList].join('.')}`),
        }));
        expect(
          overflow.scrollWidth,
          `the page scrolls sideways: ${overflow.wide.join(', ')}`,
        ).toBeLessThanOrEqual(width);
      });
    }
  }
}
