import { mkdirSync } from 'node:fs';
import { factories, type Factories } from '../support/factories.ts';
import { openTestDatabase, type TestDatabase } from '../support/database.ts';
import { expect, test } from './fixtures.ts';
import { hydrated, url, useAccountsServer, visitorContext } from './accounts-support.ts';

/*
 * The event stream in Chromium: a like that arrives while a member is on a page opens the like
 * modal at once, without the `t` query and without a reload. Screenshots at 360 and 1280 px in
 * test-results/screenshots.
 */

const app = useAccountsServer();
const DIR = 'test-results/screenshots';
let database: TestDatabase;
let make: Factories;

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  database = await openTestDatabase(app.server);
  make = factories(database.db);
  mkdirSync(DIR, { recursive: true });
});

test.afterAll(async () => {
  await database?.close();
});

for (const width of [1280, 360]) {
  test(`a live like opens the like modal at once (${width} px)`, async ({ browser }) => {
    const me = await make.loggedIn({ name: 'Waiting' });
    await make.photo(me);
    const fan = await make.loggedIn({ name: `Live${width}` });
    await make.photo(fan, { dataDir: app.server.dataDir });
    const context = await visitorContext(browser, { width });
    await context.addCookies([{ name: 'session', value: me.token, url: url(app.server, '/') }]);
    const page = await context.newPage();
    const opened = page.waitForResponse((r) => r.url().includes('/api/events.php'));
    await page.goto(url(app.server, '/likes/sent'));
    await hydrated(page);
    expect((await opened).headers()['content-type']).toMatch(/^text\/event-stream/);
    const dialog = page.getByRole('dialog', { name: `Live${width} likes you!` });
    await expect(dialog).toBeHidden();

    const res = await app.server.request('/api/like.php', {
      method: 'POST',
      headers: { cookie: fan.cookie },
      body: { profile: me.profileId },
    });
    expect(res.status).toBeLessThan(300);
    await expect(dialog).toBeVisible({ timeout: 5_000 });
    await page.screenshot({ path: `${DIR}/realtime-like-modal-${width}.png` });
    await context.close();
  });
}
