import { enterSite, expect, siteUrl, test } from './fixtures.ts';

test.describe('languages', () => {
  test('/de/ is German', async ({ page }) => {
    const response = await page.goto(siteUrl('localhost', '/de/'));
    expect(response?.status()).toBe(200);
    await expect(page.locator('html')).toHaveAttribute('lang', 'de');
    await enterSite(page);
    await expect(page.getByRole('link', { name: 'Einloggen' }).first()).toBeVisible();
    await expect(page.locator('footer')).toContainText('Datenschutz');
  });

  test("a German site's home is German without a choice", async ({ page }) => {
    await page.goto(siteUrl('curvy.localhost'));
    await expect(page).toHaveURL(siteUrl('curvy.localhost', '/de/'));
    await expect(page.locator('html')).toHaveAttribute('lang', 'de');
  });

  test('the switcher remembers the choice: after Nederlands, / goes to /nl/', async ({ page, context }) => {
    await page.goto(siteUrl('localhost'));
    await enterSite(page);
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await page.locator('.lang-switcher summary').click();
    // Spec §9: only the languages of the visitor's country are offered (the site's default
    // country, the Netherlands, for a visitor whose country is unknown).
    await expect(page.locator('.lang-switcher a')).toHaveText(['Nederlands', 'English']);
    await page.getByRole('link', { name: 'Nederlands' }).click();
    await expect(page).toHaveURL(siteUrl('localhost', '/nl/'));
    await expect(page.locator('html')).toHaveAttribute('lang', 'nl');
    const cookie = (await context.cookies()).find((c) => c.name === 'locale');
    expect(cookie?.value).toBe('nl');
    expect(cookie?.httpOnly).toBe(true);
    expect(cookie?.sameSite).toBe('Lax');
    // About a year from now.
    expect(cookie!.expires * 1000 - Date.now()).toBeGreaterThan(364 * 24 * 3600 * 1000);

    await page.goto(siteUrl('localhost'));
    await expect(page).toHaveURL(siteUrl('localhost', '/nl/'));
    await expect(page.locator('html')).toHaveAttribute('lang', 'nl');
  });

  test('choosing English on a German site keeps the visitor on English pages', async ({ page }) => {
    await page.goto(siteUrl('curvy.localhost', '/de/pages/terms'));
    await enterSite(page);
    await page.locator('.lang-switcher summary').click();
    await page.getByRole('link', { name: 'English' }).click();
    await expect(page).toHaveURL(siteUrl('curvy.localhost', '/pages/terms'));
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await page.goto(siteUrl('curvy.localhost'));
    await expect(page).toHaveURL(siteUrl('curvy.localhost', '/'));
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  });
});
