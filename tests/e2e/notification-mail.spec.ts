import { expect, picture, test } from './fixtures.ts';
import { DAY, moveClock, SCREENSHOTS, sessionContext, url, useMemberJourney } from './accounts-support.ts';
import { linksIn, mailsTo } from '../support/outbox.ts';

/*
 * Issue 23's "done when" for e-mail: with no push subscription, a message to a member who is away
 * produces an e-mail after the delay (on the test clock), and its one-click unsubscribe turns the
 * category off as /notifications shows it.
 */

const journey = useMemberJourney();
const MINUTE = 60_000;

test('a message to a member who is away is e-mailed after the delay; its unsubscribe switches the category off', async ({
  browser,
}) => {
  test.setTimeout(90_000);
  const { server, make, db } = journey;
  // Noon UTC tomorrow: outside the member's quiet hours.
  const noon = new Date();
  noon.setUTCHours(12, 0, 0, 0);
  const base = noon.getTime() + DAY - Date.now();
  moveClock(server, base);

  const away = await make.loggedIn({ name: 'Robin', gender: 'female', seeking: 'male', language: 'en' });
  await make.photo(away);
  await make.updateMember(away, { time_zone: 'UTC' });
  const writer = await make.loggedIn({ name: 'Sascha', gender: 'male', seeking: 'female' });
  await make.photo(writer);
  await make.order(writer, { credits: 50 });
  await make.updateMember(writer, { paid_user: 1, credits: 50 });

  // The writer sends from their browser; the member has no push subscription and no open page.
  const writing = await sessionContext(browser, server, writer);
  const sent = await writing.request.post(url(server, '/api/chat.php'), {
    data: { profile: away.profileId, client_id: `e2e-${Date.now()}`, type: 'text', text: 'Hi Robin!' },
  });
  expect(sent.status()).toBe(201);
  await writing.close();

  // Before the delay: nothing.
  moveClock(server, base + 5 * MINUTE);
  await new Promise((r) => setTimeout(r, 1_500));
  expect(mailsTo(server.dataDir, away.email)).toHaveLength(0);

  // After it: one e-mail, with its unsubscribe link.
  moveClock(server, base + 11 * MINUTE);
  await expect.poll(() => mailsTo(server.dataDir, away.email).length, { timeout: 15_000 }).toBe(1);
  const mail = mailsTo(server.dataDir, away.email)[0]!;
  expect(mail.subject).toBe('Sascha wrote to you');
  expect(mail.raw).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click$/m);
  const link = linksIn(mail, '/api/unsubscribe.php')[0]!;
  expect(link).toBeDefined();

  // The rendered e-mail, as a mail client shows its HTML.
  const reader = await browser.newPage({ viewport: { width: 600, height: 900 } });
  await reader.setContent(mail.html);
  await expect(reader.getByRole('link', { name: 'Read the message' })).toBeVisible();
  await picture(reader, `${SCREENSHOTS}/notification-mail-en.png`, { fullPage: true });
  await reader.close();

  // The member opens the link: the page names the category; only the button unsubscribes.
  const member = await sessionContext(browser, server, away, { width: 360 });
  const page = await member.newPage();
  await page.goto(url(server, link.pathname + link.search));
  await expect(page.getByText('Stop e-mails of the kind “New conversations”')).toBeVisible();
  await picture(page, `${SCREENSHOTS}/unsubscribe-360.png`, { fullPage: true });
  const before = await page.request.get(url(server, '/api/notifications.php'));
  expect((await before.json()).disabled).not.toContain('new_conversations');
  await page.getByRole('button', { name: 'Unsubscribe' }).click();
  await expect(
    page.getByText('you will no longer receive e-mails of the kind “New conversations”'),
  ).toBeVisible();

  // A bounce switched another category off: /notifications says both, in the alert and per switch.
  await make.notificationSwitchedOff(away, 'like', 'bounce');
  await page.goto(url(server, '/notifications'));
  const conversations = page.getByRole('switch', { name: 'New conversations' });
  await expect(conversations).not.toBeChecked();
  await expect(page.getByText('Switched off because you unsubscribed in your e-mail program.')).toBeVisible();
  const alert = page.locator('[data-notify-alert]');
  await expect(alert).toContainText('Some e-mails are switched off');
  await expect(alert).toContainText('E-mails to your address could not be delivered');
  await expect(page.getByRole('switch', { name: 'Likes' })).not.toBeChecked();
  // Promotions and news wait for the member's yes.
  await expect(page.getByRole('switch', { name: 'Offers' })).not.toBeChecked();
  await expect(page.getByRole('switch', { name: 'New messages' })).toBeChecked();
  await picture(page, `${SCREENSHOTS}/notifications-reasons-360.png`, { fullPage: true });
  expect(
    await db.selectFrom('mail_pending').where('member_id', '=', away.memberId).selectAll().execute(),
  ).toEqual([]);
  await member.close();
});
