import { expect, siteUrl, test } from './fixtures.ts';

const BRANDS = ['Amber Hearts', 'Rainbow Lane', 'Silver Sparks', 'Kurvenreich'];

test('an unknown host shows a 404 that names no brand', async ({ page }) => {
  for (const host of ['nowhere.localhost', 'unknown.example']) {
    const response = await page.goto(siteUrl(host));
    expect(response?.status()).toBe(404);
    const text = await page.locator('html').innerText();
    for (const brand of BRANDS) expect(text).not.toContain(brand);
    expect(await page.content()).not.toMatch(/amber|rainbow|silver|kurven/i);
  }
});
