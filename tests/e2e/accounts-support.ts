/**
 * What the accounts browser tests share: a server of their own (its outbox, a clock they can
 * move, and X-Forwarded-For believed so every browser context is its own client for the rate
 * limits), contexts that skip the site-entry warning, and the steps of the signup modal.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, BrowserContext, Locator, Page, Response } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import type { Kysely } from 'kysely';
import type { Database } from '../../src/db/database.ts';
import { inspector, openTestDatabase, type Inspect, type TestDatabase } from '../support/database.ts';
import {
  factories,
  type Factories,
  type MemberOptions,
  type TestMember,
  type TestSession,
} from '../support/factories.ts';
import { startServer, type TestServer } from '../support/server.ts';
import { linksIn, mailsTo, type Mail } from '../support/outbox.ts';

export const DAY = 24 * 60 * 60 * 1000;

/**
 * The file's own server, started before its tests and stopped after them (call at the top of a
 * spec file; read `server` inside tests and hooks).
 */
export function useAccountsServer(): { readonly server: TestServer } {
  let server: TestServer | undefined;
  test.beforeAll(async () => {
    server = await startServer({ env: { KINDRED_TEST_CLOCK: '1', TRUST_PROXY: '1' } });
  });
  test.afterAll(async () => {
    await server?.stop();
  });
  return {
    get server() {
      if (!server) throw new Error('useAccountsServer: read the server inside a test or hook');
      return server;
    },
  };
}

/** Where the member journeys save their screenshots at 360 and 1280 px. */
export const SCREENSHOTS = 'test-results/screenshots';

/**
 * A member journey's setup: the server of `useAccountsServer`, its database with the entity
 * factories, and the screenshots folder.
 */
export function useMemberJourney(): {
  readonly server: TestServer;
  readonly db: Kysely<Database>;
  /** The server's rows, read the typed way that keeps SQL out of the specs. */
  readonly inspect: Inspect;
  readonly make: Factories;
  /** A browser of its own logged in as a fresh member (`make.loggedIn`), `width` px wide. */
  memberBrowser(
    browser: Browser,
    width: number,
    member?: MemberOptions,
  ): Promise<{ me: TestMember & TestSession; context: BrowserContext }>;
} {
  const app = useAccountsServer();
  let database: TestDatabase | undefined;
  let make: Factories | undefined;
  test.beforeAll(async () => {
    database = await openTestDatabase(app.server);
    make = factories(database.db);
    mkdirSync(SCREENSHOTS, { recursive: true });
  });
  test.afterAll(async () => {
    await database?.close();
  });
  const ready = <T>(value: T | undefined): T => {
    if (value === undefined) throw new Error('useMemberJourney: read it inside a test or hook');
    return value;
  };
  return {
    get server() {
      return app.server;
    },
    get db() {
      return ready(database).db;
    },
    get inspect() {
      return inspector(ready(database).db);
    },
    get make() {
      return ready(make);
    },
    async memberBrowser(browser, width, member) {
      const me = await ready(make).loggedIn(member);
      return { me, context: await sessionContext(browser, app.server, me, { width }) };
    },
  };
}

/** Moves the server's clock `offsetMs` ahead of real time (read on every request). */
export function moveClock(server: TestServer, offsetMs: number): void {
  writeFileSync(join(server.dataDir, 'test-clock-offset-ms'), String(offsetMs));
}

let contexts = 0;

/** A browser profile of its own: its own cookies and client address, the entry warning seen. */
export async function visitorContext(
  browser: Browser,
  options: { width?: number } = {},
): Promise<BrowserContext> {
  contexts += 1;
  const context = await browser.newContext({
    viewport: { width: options.width ?? 1280, height: options.width && options.width < 600 ? 740 : 800 },
    extraHTTPHeaders: {
      'x-forwarded-for': `10.${process.pid % 250}.${Math.floor(contexts / 250)}.${(contexts % 250) + 1}`,
    },
  });
  await context.addInitScript(() => {
    try {
      localStorage.setItem('entry-warning-dismissed', String(Date.now()));
    } catch {
      // storage refused: the warning then shows, and tests confirm it themselves
    }
  });
  return context;
}

/** A browser profile of its own (see `visitorContext`) logged in with `session`'s cookie. */
export async function sessionContext(
  browser: Browser,
  server: TestServer,
  session: { token: string },
  options: { width?: number } = {},
): Promise<BrowserContext> {
  const context = await visitorContext(browser, options);
  await context.addCookies([{ name: 'session', value: session.token, url: url(server, '/') }]);
  return context;
}

export function url(server: TestServer, path = '/', host = 'localhost'): string {
  return `http://${host}:${server.port}${path}`;
}

let addresses = 0;
export function uniqueEmail(prefix = 'member'): string {
  addresses += 1;
  return `${prefix}.${process.pid}.${addresses}.${Date.now().toString(36)}@example.org`;
}

/** Waits for the newest e-mail to `address` that carries a link starting with `path`. */
export async function mailedLink(
  server: TestServer,
  address: string,
  path: string,
  after = 0,
): Promise<{ mail: Mail; link: URL }> {
  let found: { mail: Mail; link: URL } | undefined;
  await expect
    .poll(
      () => {
        const mails = mailsTo(server.dataDir, address).slice(after);
        for (const mail of mails.reverse()) {
          const link = linksIn(mail, path)[0];
          if (link) {
            found = { mail, link };
            return true;
          }
        }
        return false;
      },
      { message: `an e-mail to ${address} with a ${path} link`, timeout: 10_000 },
    )
    .toBe(true);
  return found!;
}

/** How many e-mails went to `address` so far (to wait for the next one). */
export function mailCount(server: TestServer, address: string): number {
  return mailsTo(server.dataDir, address).length;
}

export interface SignupInput {
  name: string;
  day: string;
  month: string;
  year: string;
  email: string;
  password: string;
  message?: string;
}

/** The open signup modal (a dialog named by its title). */
export function signupDialog(page: Page) {
  return page.getByRole('dialog');
}

/** Fills the steps of the open signup form (the modal, or the page's form) up to the last one. */
export async function fillSignup(page: Page | Locator, input: SignupInput, labels = ENGLISH): Promise<void> {
  await page.getByRole('button', { name: labels.next }).click();
  await page.getByLabel(labels.name, { exact: true }).fill(input.name);
  await page.getByRole('button', { name: labels.next }).click();
  await page.getByLabel(labels.day).selectOption(input.day);
  await page.getByLabel(labels.month).selectOption(input.month);
  await page.getByLabel(labels.year).fill(input.year);
  await page.getByRole('button', { name: labels.next }).click();
  await page.getByLabel(labels.email).fill(input.email);
  await page.getByLabel(labels.password, { exact: true }).fill(input.password);
  await page.getByRole('button', { name: labels.next }).click();
  if (input.message) await page.getByLabel(labels.message).fill(input.message);
}

export const ENGLISH = {
  next: 'Next',
  back: 'Back',
  submit: 'Create my free account',
  name: 'Username',
  day: 'Day',
  month: 'Month',
  year: 'Year',
  email: 'E-mail address',
  password: 'Password',
  message: 'Say hello (optional)',
  signup: 'Sign up free',
};

export const GERMAN = {
  next: 'Weiter',
  back: 'Zurück',
  submit: 'Kostenloses Konto erstellen',
  name: 'Benutzername',
  day: 'Tag',
  month: 'Monat',
  year: 'Jahr',
  email: 'E-Mail-Adresse',
  password: 'Passwort',
  message: 'Sag Hallo (freiwillig)',
  signup: 'Kostenlos registrieren',
};

/** Signs up through the API (for tests about what comes after), logged in in `context`. */
export async function signUpQuickly(
  context: BrowserContext,
  server: TestServer,
  overrides: Record<string, string> = {},
): Promise<{ email: string; password: string }> {
  const email = overrides.email ?? uniqueEmail();
  const password = overrides.password ?? 'blue tulips at dawn 42';
  const response = await context.request.post(url(server, '/api/signup.php'), {
    data: { email, password, name: 'Robin', date_of_birth: '1990-05-17', ...overrides },
    headers: { origin: `http://localhost:${server.port}` },
  });
  expect(response.status(), await response.text()).toBe(201);
  return { email, password };
}

/**
 * A member signed up from a browser of its own, and a fresh browser (no session) opened at
 * `path`: the member's address is typed there by hand.
 */
export async function memberAndFreshPage(
  browser: Browser,
  server: TestServer,
  path: string,
): Promise<{ email: string; context: BrowserContext; page: Page }> {
  const setup = await visitorContext(browser);
  const { email } = await signUpQuickly(setup, server);
  await setup.close();
  const context = await visitorContext(browser);
  const page = await context.newPage();
  await page.goto(url(server, path));
  return { email, context, page };
}

/** A browser of a member just signed up (through the API), opened at `path`. */
export async function memberPage(
  browser: Browser,
  server: TestServer,
  path: string,
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await visitorContext(browser);
  await signUpQuickly(context, server);
  const page = await context.newPage();
  await page.goto(url(server, path));
  return { context, page };
}

/**
 * The texts of `selector`'s rendered elements that are wider than their box at their own font:
 * a text box's value or hint (cut, not ellipsed, when longer than the box), a button's word.
 * `beside`: pixels that something else takes in the box (a number field's spin buttons).
 */
export function textsCut(page: Page, selector: string, beside = 0): Promise<string[]> {
  return page.locator(selector).evaluateAll((elements, beside) => {
    const context2d = document.createElement('canvas').getContext('2d')!;
    const cut: string[] = [];
    for (const element of elements as HTMLElement[]) {
      if (element.getClientRects().length === 0) continue; // not rendered (a closed dialog's)
      const text =
        element instanceof HTMLInputElement || element instanceof HTMLTextAreaElement
          ? element.value || element.placeholder
          : (element.textContent ?? '').trim();
      const style = getComputedStyle(element);
      context2d.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
      const room = element.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
      if (context2d.measureText(text).width + beside > room + 0.5) cut.push(text);
    }
    return cut;
  }, beside);
}

/**
 * Waits until the page's islands run (the signup modal is no island: it loads on demand). An
 * island that waits to be scrolled into view (`client:visible`) is not waited for. Loading and
 * running the scripts took 3–7 s on a busy 2-core machine, past the default 5 s of an expectation,
 * and up to 15 s once while the whole suite ran there.
 */
export async function hydrated(page: Page): Promise<void> {
  await expect(page.locator('astro-island[ssr]:not([client="visible"])')).toHaveCount(0, {
    timeout: 30_000,
  });
}

/**
 * Goes to `path` and waits until its islands run and the live event stream they open has
 * answered, so that whatever happens next reaches the page; answers the stream's response.
 */
export async function openLive(page: Page, server: TestServer, path: string): Promise<Response> {
  const opened = page.waitForResponse((r) => r.url().includes('/api/events.php'));
  await page.goto(url(server, path));
  await hydrated(page);
  return opened;
}

/**
 * Holds the scripts of the page's islands until `release()`, so a test types and clicks before
 * React takes over, as a member on a slow connection does. Go to the page with
 * `{ waitUntil: 'commit' }`: the load event waits for the held scripts.
 */
export async function holdIslands(page: Page): Promise<{ release: () => void }> {
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/_astro/*.js', async (route) => {
    await held;
    await route.continue().catch(() => {
      // the page closed meanwhile
    });
  });
  return { release };
}

/** The page's islands are still the server's HTML: nothing has hydrated yet. */
export async function notHydratedYet(page: Page): Promise<void> {
  await expect(page.locator('astro-island[ssr]').first()).toBeAttached();
}
