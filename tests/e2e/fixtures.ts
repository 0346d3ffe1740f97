import AxeBuilder from '@axe-core/playwright';
import { test as base, expect, type Locator, type Page } from '@playwright/test';

export { expect };

function port(): string {
  const value = process.env.KINDRED_E2E_PORT;
  if (!value) throw new Error('KINDRED_E2E_PORT is not set: the global setup did not start a server');
  return value;
}

/** `http://<host>:<port><path>` on the suite's server. */
export function siteUrl(host: string, path = '/'): string {
  return `http://${host}:${port()}${path}`;
}

interface Fixtures {
  /** Console errors, page errors and CSP violations seen on `page` so far. */
  consoleErrors: string[];
}

export const test = base.extend<Fixtures>({
  // The server's port is known only after the global setup, later than the config is read.
  baseURL: async ({}, use) => {
    await use(siteUrl('localhost'));
  },
  consoleErrors: async ({ page }, use) => {
    const errors: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(`console: ${message.text()} (${message.location().url})`);
    });
    page.on('pageerror', (error) => errors.push(`page error: ${error.message}`));
    // Reported by the browser even when nothing is logged (e.g. a report-only policy).
    await page.addInitScript(() => {
      document.addEventListener('securitypolicyviolation', (e) => {
        console.error(
          `CSP violation: ${e.violatedDirective} blocked ${e.blockedURI || 'inline'} in ${e.sourceFile}:${e.lineNumber}`,
        );
      });
    });
    await use(errors);
  },
});

/**
 * A picture for people to look at (the journeys' screenshots in test-results/screenshots), taken
 * when `KINDRED_SCREENSHOTS=1`. No test reads them, and a full-page one costs the browser a
 * second or more: two hundred of them were a tenth of the suite's time. A failing test keeps its
 * own screenshot either way (playwright.config.ts).
 */
export async function picture(
  target: Page | Locator,
  path: string,
  { fullPage = false }: { fullPage?: boolean } = {},
): Promise<void> {
  if (process.env.KINDRED_SCREENSHOTS !== '1') return;
  if ('goto' in target) await target.screenshot({ path, fullPage });
  else await target.screenshot({ path });
}

/** The site-entry warning, when it is open. */
export function entryWarning(page: Page) {
  return page.locator('dialog#entry-warning');
}

/** Confirms the site-entry warning if it is showing, as a visitor would. */
export async function enterSite(page: Page): Promise<void> {
  const dialog = entryWarning(page);
  if (await dialog.evaluate((d: HTMLDialogElement) => d.open).catch(() => false)) {
    await dialog.locator('[data-entry-confirm]').click();
    await expect(dialog).toBeHidden();
  }
}

/**
 * Runs axe on the page and describes every violation so a failure can be acted on.
 *
 * A page without frames is scanned with one `axe.run` in the page itself. The builder's default,
 * made for pages with frames from other origins, gathers each frame's part and then merges them
 * in a blank page it opens for the purpose: the same rules and results, but opening that page and
 * loading axe into it again took half of each scan's time on a busy 2-core machine.
 */
export async function accessibilityViolations(page: Page): Promise<string[]> {
  // A colour read mid-transition (a button just clicked) is neither state's: axe reads the page
  // once its finite animations have ended. A spinner's endless one does not hold it up.
  await page
    .waitForFunction(
      () =>
        document
          .getAnimations()
          .every((a) => a.playState !== 'running' || a.effect?.getComputedTiming().endTime === Infinity),
      undefined,
      { timeout: 3_000 },
    )
    .catch(() => {});
  const builder = new AxeBuilder({ page });
  if (page.frames().length === 1) builder.setLegacyMode();
  const results = await builder.analyze();
  return results.violations.map((v) => {
    const nodes = v.nodes
      .slice(0, 5)
      .map((n) => `    ${n.target.join(' ')}: ${n.failureSummary?.replace(/\s+/g, ' ') ?? ''}`)
      .join('\n');
    return `${v.id} (${v.impact ?? 'n/a'}): ${v.help}\n${nodes}`;
  });
}
