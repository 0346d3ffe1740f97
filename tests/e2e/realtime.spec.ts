import { expect, picture, test } from './fixtures.ts';
import { sendText } from './chat-support.ts';
import { openLive, sessionContext, SCREENSHOTS, useMemberJourney } from './accounts-support.ts';

/*
 * The event stream in Chromium: a like that arrives while a member is on a page opens the like
 * modal at once, without the `t` query and without a reload; credits spent elsewhere (another
 * device's chat send) change the navigation's credits badge at once. Screenshots at 360 and 1280 px in
 * test-results/screenshots.
 */

const app = useMemberJourney();
const DIR = SCREENSHOTS;

test.describe.configure({ mode: 'serial' });

for (const width of [1280, 360]) {
  test(`a live like opens the like modal at once (${width} px)`, async ({ browser }) => {
    const me = await app.make.loggedIn({ name: 'Waiting' });
    await app.make.photo(me);
    const fan = await app.make.loggedIn({ name: `Live${width}` });
    await app.make.photo(fan, { dataDir: app.server.dataDir });
    const context = await sessionContext(browser, app.server, me, { width });
    const page = await context.newPage();
    const opened = await openLive(page, app.server, '/likes/sent');
    expect(opened.headers()['content-type']).toMatch(/^text\/event-stream/);
    const dialog = page.getByRole('dialog', { name: `Live${width} likes you!` });
    await expect(dialog).toBeHidden();

    const res = await app.server.request('/api/like.php', {
      method: 'POST',
      headers: { cookie: fan.cookie },
      body: { profile: me.profileId },
    });
    expect(res.status).toBeLessThan(300);
    await expect(dialog).toBeVisible({ timeout: 5_000 });
    await picture(page, `${DIR}/realtime-like-modal-${width}.png`);
    await context.close();
  });
}

test('credits spent on another device change the credits badge at once', async ({ browser }) => {
  const me = await app.make.loggedIn({ name: 'Spender' });
  await app.make.photo(me);
  await app.make.order(me, { credits: 10 });
  await app.make.updateMember(me, { paid_user: 1, credits: 10 });
  const other = await app.make.member({ name: 'Reader' });
  await app.make.photo(other);
  const context = await sessionContext(browser, app.server, me, { width: 1280 });
  const page = await context.newPage();
  await openLive(page, app.server, '/likes/sent');
  const badge = page.locator('.member-nav .nav-badge.text-bg-warning');
  await expect(badge).toContainText('10');

  const res = await sendText(app.server, me, other, 'Hello from my phone', `e2e-${Date.now()}`);
  expect(res.status).toBeLessThan(300);
  const balance = (
    await app.db
      .selectFrom('members')
      .select('credits')
      .where('id', '=', me.memberId)
      .executeTakeFirstOrThrow()
  ).credits;
  expect(Number(balance)).toBeLessThan(10);
  // Sooner than the refresh loop's first round (5 s): only the stream can have brought it.
  await expect(badge).toContainText(String(balance), { timeout: 3_000 });
  await context.close();
});
