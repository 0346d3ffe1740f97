import { defineConfig, type ReporterDescription } from '@playwright/test';
import { SHELL_LAUNCH } from './tests/e2e/browsers.ts';

/**
 * The browser suite: Debian's Chromium (no downloaded browsers; tests/e2e/browsers.ts says which)
 * against one built server that tests/e2e/global-setup.ts starts with a small seed. Tests reach the demo sites by their real
 * names (`http://rainbow.localhost:<port>`); Chromium resolves `*.localhost` to this machine.
 */
const json = process.env.KINDRED_E2E_JSON;
const reporter: ReporterDescription[] = [['list']];
if (json) reporter.push(['json', { outputFile: json }]);

export default defineConfig({
  testDir: 'tests/e2e',
  outputDir: 'test-results/e2e',
  globalSetup: './tests/e2e/global-setup.ts',
  fullyParallel: true,
  // CI has two cores, shared with the server under test.
  workers: 2,
  forbidOnly: !!process.env.CI,
  retries: 0,
  timeout: 30_000,
  expect: { timeout: 5_000 },
  reporter,
  use: {
    // A trace of every test, kept only for failures, cost a fifth of the suite's CPU time on 2
    // cores. A failure still leaves its screenshot and the page's accessibility tree
    // (error-context.md); to chase one, run the spec again with `--trace retain-on-failure`.
    trace: 'off',
    screenshot: 'only-on-failure',
    // The headless shell; files that need the full browser say so (tests/e2e/browsers.ts).
    launchOptions: SHELL_LAUNCH,
  },
  projects: [{ name: 'chromium', use: { browserName: 'chromium' } }],
});
