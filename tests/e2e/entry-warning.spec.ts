import { entryWarning, expect, siteUrl, test } from './fixtures.ts';

test.describe('the site-entry warning', () => {
  test('appears on the first visit, keeps focus, and stays dismissed once confirmed', async ({ page }) => {
    await page.goto(siteUrl('rainbow.localhost'));
    const dialog = entryWarning(page);
    await expect(dialog).toBeVisible();
    await expect(page.getByRole('dialog')).toBeVisible();

    // Focus starts in the dialog and does not leave it, however often the visitor presses Tab.
    const focusInside = () => dialog.evaluate((d) => d.contains(document.activeElement));
    expect(await focusInside()).toBe(true);
    for (let i = 0; i < 6; i++) {
      await page.keyboard.press('Tab');
      expect(await focusInside(), `after ${i + 1} Tab presses`).toBe(true);
    }
    await page.keyboard.press('Shift+Tab');
    expect(await focusInside()).toBe(true);

    // Escape does not skip the warning.
    await page.keyboard.press('Escape');
    await expect(dialog).toBeVisible();

    await dialog.locator('[data-entry-confirm]').click();
    await expect(dialog).toBeHidden();

    await page.locator('footer').getByRole('link').first().click();
    await expect(page).toHaveURL(/\/pages\/terms$/);
    await expect(entryWarning(page)).toBeHidden();
    await page.goto(siteUrl('rainbow.localhost'));
    await expect(entryWarning(page)).toBeHidden();
  });

  test('makes the page behind it inert', async ({ page }) => {
    await page.goto(siteUrl('localhost'));
    await expect(entryWarning(page)).toBeVisible();
    // A click on the page behind lands on the dialog's backdrop, not on the link.
    await page
      .locator('.site-navbar .btn-primary')
      .click({ force: true, timeout: 2_000 })
      .catch(() => {});
    await expect(page).toHaveURL(siteUrl('localhost'));
    await expect(entryWarning(page)).toBeVisible();
  });
});
