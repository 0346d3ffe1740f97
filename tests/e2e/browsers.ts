import { existsSync } from 'node:fs';
import type { LaunchOptions } from '@playwright/test';

/*
 * Which Chromium the browser suite drives. Both come from Debian, never from a download:
 *
 * - Debian's `chromium-headless-shell`, for almost every test. It renders pages as Chromium does,
 *   without the browser's own windows around them: on 2 cores a new context with a page costs a
 *   third of what it costs in the full browser, whose headless mode builds a window, a toolbar
 *   and an address bar's popup for each one.
 * - the full `chromium`, for what only a browser with its own profile and windows does (the
 *   installability check, notifications, push, the install prompt): a file asks for it with
 *   `test.use({ launchOptions: FULL_LAUNCH })`.
 *
 * `CHROMIUM_HEADLESS_SHELL_PATH` and `CHROMIUM_PATH` name others; without the shell, every test
 * runs in the full browser.
 */
export const FULL_CHROMIUM = process.env.CHROMIUM_PATH || '/usr/bin/chromium';

export const HEADLESS_SHELL =
  process.env.CHROMIUM_HEADLESS_SHELL_PATH ||
  (existsSync('/usr/bin/chromium-headless-shell') ? '/usr/bin/chromium-headless-shell' : FULL_CHROMIUM);

const ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  // Also sends hosts that are not *.localhost (the unknown-host test) to the test server.
  '--host-resolver-rules=MAP * 127.0.0.1',
];

/** How the suite starts the headless shell (the config's default). */
export const SHELL_LAUNCH: LaunchOptions = { executablePath: HEADLESS_SHELL, args: ARGS };

/** How a test file that needs the full browser starts it. */
export const FULL_LAUNCH: LaunchOptions = { executablePath: FULL_CHROMIUM, args: ARGS };
