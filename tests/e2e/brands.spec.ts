import { enterSite, expect, siteUrl, test } from './fixtures.ts';

/** The background colour of the navbar's primary button, as the browser computed it. */
async function primaryButtonColour(page: import('@playwright/test').Page): Promise<string> {
  return page
    .locator('.site-navbar .btn-primary')
    .first()
    .evaluate((el) => getComputedStyle(el).backgroundColor);
}

test.describe('two demo hosts show two brands', () => {
  test('each site carries its own name in the navbar and the title', async ({ page }) => {
    for (const [host, name] of [
      ['localhost', 'Amber Hearts'],
      ['rainbow.localhost', 'Rainbow Lane'],
    ] as const) {
      await page.goto(siteUrl(host));
      await enterSite(page);
      await expect(page.locator('.site-navbar')).toContainText(name);
      await expect(page).toHaveTitle(new RegExp(name));
      const other = name === 'Amber Hearts' ? 'Rainbow Lane' : 'Amber Hearts';
      await expect(page.locator('body')).not.toContainText(other);
    }
  });

  test("a site's brand colour reaches its buttons", async ({ page }) => {
    await page.goto(siteUrl('localhost'));
    const amber = await primaryButtonColour(page);
    await page.goto(siteUrl('rainbow.localhost'));
    const rainbow = await primaryButtonColour(page);
    // rainbow.json: brand_colors.primary #8e24aa.
    expect(rainbow).toBe('rgb(142, 36, 170)');
    expect(amber).not.toBe(rainbow);
  });

  test('a site on another theme loads that theme', async ({ page }) => {
    // Landers carry their theme's stylesheet inline: the first style element of the head.
    const themeStyles = () => page.locator('head style').first().textContent();
    await page.goto(siteUrl('localhost'));
    const amberStyles = await themeStyles();
    const amberBackground = await page.locator('body').evaluate((el) => getComputedStyle(el).backgroundColor);
    await page.goto(siteUrl('curvy.localhost', '/de/'));
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'midnight');
    const curvyStyles = await themeStyles();
    const curvyBackground = await page.locator('body').evaluate((el) => getComputedStyle(el).backgroundColor);
    expect(curvyStyles?.length).toBeGreaterThan(10_000);
    expect(curvyStyles).not.toEqual(amberStyles);
    expect(curvyBackground).not.toBe(amberBackground);
  });
});
