import { entryWarning, expect, siteUrl, test } from './fixtures.ts';

test.describe('the site-entry warning', () => {
  test('appears on the first visit, keeps focus, and stays dismissed once confirmed', async ({ page }) => {
    await page.goto(siteUrl('rainbow.localhost'));
    const dialog = entryWarning(page);
    await expect(dialog).toBeVisible();
    await expect(page.getByRole('dialog')).toBeVisible();

    // Focus starts in the dialog and never reaches the page behind it. A native modal dialog lets
    // Tab pass through the browser's own UI between rounds (the document body is then active),
    // as the HTML standard intends; what must not happen is focus on a link of the page.
    const focused = () =>
      page.evaluate(() => {
        const active = document.activeElement;
        if (!active || active === document.body) return 'browser';
        const inside = document.getElementById('entry-warning')?.contains(active) ?? false;
        return inside ? `dialog:${active.textContent?.trim()}` : `page:${active.outerHTML.slice(0, 80)}`;
      });
    const seen = [await focused()];
    expect(seen[0]).toMatch(/^dialog:/);
    for (let i = 0; i < 6; i++) {
      await page.keyboard.press('Tab');
      seen.push(await focused());
    }
    for (let i = 0; i < 3; i++) {
      await page.keyboard.press('Shift+Tab');
      seen.push(await focused());
    }
    expect(seen.filter((f) => f.startsWith('page:'))).toEqual([]);
    // Both the confirm button and the way out are reachable.
    expect(new Set(seen.filter((f) => f.startsWith('dialog:'))).size).toBe(2);

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
