import { accessibilityViolations, enterSite, entryWarning, expect, siteUrl, test } from './fixtures.ts';

/*
 * axe on the pages every visitor sees, on two sites with different themes (amber and midnight),
 * and no console errors there: a CSP that blocks the page's own script or style shows up here.
 * The footer pages get the same checks, on the same two sites, in pages-footer.spec.ts.
 */
const SITES = [
  { id: 'amber', host: 'localhost', prefix: '' },
  { id: 'curvy', host: 'curvy.localhost', prefix: '/de' },
] as const;

const PAGES = [
  { name: 'index', path: '/', status: 200 },
  { name: '404 page', path: '/no-such-page', status: 404 },
] as const;

for (const site of SITES) {
  for (const p of PAGES) {
    test(`${site.id} ${p.name}: no axe violations, no console errors`, async ({ page, consoleErrors }) => {
      const url = siteUrl(site.host, site.prefix + p.path);
      const response = await page.goto(url);
      expect(response?.status()).toBe(p.status);
      await enterSite(page);
      const violations = await accessibilityViolations(page);
      // Chromium logs the 404 page's own status as a failed load; that is the page working.
      const errors = consoleErrors.filter(
        (e) => !(p.status === 404 && e.includes('status of 404') && e.includes(url)),
      );
      // One assertion, so a failure reports both lists.
      expect({ violations, errors }).toEqual({ violations: [], errors: [] });
    });
  }
}

test('the open site-entry warning has no axe violations', async ({ page, consoleErrors }) => {
  await page.goto(siteUrl('rainbow.localhost'));
  await expect(entryWarning(page)).toBeVisible();
  const violations = await accessibilityViolations(page);
  expect({ violations, errors: consoleErrors }).toEqual({ violations: [], errors: [] });
});

for (const site of SITES) {
  test(`${site.id}: the open language menu has no axe violations`, async ({ page, consoleErrors }) => {
    await page.goto(siteUrl(site.host, `${site.prefix}/`));
    await enterSite(page);
    const menu = page.locator('.lang-switcher');
    await menu.locator('summary').click();
    await expect(menu.getByRole('list')).toBeVisible();
    const violations = await accessibilityViolations(page);
    expect({ violations, errors: consoleErrors }).toEqual({ violations: [], errors: [] });
  });
}
