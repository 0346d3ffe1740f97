import { mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { Locator, Page } from '@playwright/test';
import sharp from 'sharp';
import { hydrated, SCREENSHOTS, url, useMemberJourney, visitorContext } from './accounts-support.ts';
import { mailsTo } from '../support/outbox.ts';
import {
  addStaffMember,
  consolePage,
  expectAccessible,
  logInToConsole,
  openConsoleSection,
} from './console-staff.ts';
import { expect, picture, test } from './fixtures.ts';

/*
 * Reports in Chromium: a member reports a profile from its page (a reason, words, the toast),
 * and a moderator logs in to the console, finds the report at the head of the queue with its
 * context (the profile, the words, the earlier complaint), and decides both items with the
 * keyboard until the queue is empty. The queue is checked with axe at 1280 and 768 px.
 */
const journey = useMemberJourney();

/**
 * Sends the filled report `dialog` about `reported` once its screenshot is taken and axe has
 * checked it (as `check.name`), and sees the member thanked.
 */
async function sendReport(
  page: Page,
  dialog: Locator,
  reported: string,
  check: { screenshot: string; name: string },
): Promise<void> {
  await picture(page, `${SCREENSHOTS}/${check.screenshot}`);
  await expectAccessible(page, check.name);
  await dialog.getByRole('button', { name: 'Send report' }).click();
  await expect(
    page.getByText(`Thank you. Our moderators will look at your report about ${reported}.`),
  ).toBeVisible();
}

test('a member reports a profile; a moderator sees it with its context and decides with the keyboard', async ({
  browser,
}) => {
  // A journey through many pages: more than the default 30 s on a loaded machine.
  test.setTimeout(90_000);
  const target = await journey.make.loggedIn({
    name: 'Quentina',
    gender: 'female',
    seeking: 'male',
    birthdate: '1990-03-03',
  });
  await journey.make.updateProfile(target, { text: 'Send me a gift card first' });
  const photo = await journey.make.photo(target);
  for (const file of photo.files) {
    const path = join(journey.server.dataDir, 'uploads', file);
    mkdirSync(dirname(path), { recursive: true });
    await sharp({ create: { width: 240, height: 240, channels: 3, background: '#c0392b' } })
      .webp()
      .toFile(path);
  }
  await journey.make.complaint({ category: 'harassment', text: 'Quentina keeps writing me rude things' });

  // The member, on a phone.
  const { context: memberContext } = await journey.memberBrowser(browser, 360, {
    name: 'Reporter',
    gender: 'male',
    seeking: 'female',
  });
  const page = await memberContext.newPage();
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await page.goto(url(journey.server, `/members/${target.profileId}`));
  await hydrated(page);
  await page.getByRole('button', { name: 'Report', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Report Quentina' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Send report' }).click();
  await expect(dialog.getByRole('alert')).toHaveText('Please choose a reason.');
  await dialog.getByLabel('Scam or asking for money').check();
  await expect(dialog.getByRole('alert')).toBeHidden();
  await dialog.getByLabel('Anything else we should know? (optional)').fill('Asked me for a gift card');
  await sendReport(page, dialog, 'Quentina', { screenshot: 'report-dialog-360.png', name: 'report dialog' });
  await expect(dialog).toBeHidden();
  expect(errors).toEqual([]);
  await memberContext.close();

  // The moderator, at a desk and on a tablet.
  const moderator = await addStaffMember(journey, { role: 'moderator' });
  const context = await visitorContext(browser, { width: 1280 });
  const console = await context.newPage();
  console.on('pageerror', (e) => errors.push(e.message));
  await logInToConsole(console, journey, moderator);
  await expect(console).toHaveURL(/\/console$/);
  await openConsoleSection(console, 'Reports', '/console/reports');
  await expect(console.getByRole('heading', { name: 'Reports and complaints', level: 1 })).toBeVisible();

  // The scam report comes before the harassment complaint; its context is shown beside it.
  const queue = console.getByTestId('queue');
  await expect(queue.getByRole('button')).toHaveCount(2);
  await expect(queue.getByRole('button').first()).toContainText('Scam or asking for money');
  await expect(queue.getByRole('button').first()).toHaveAttribute('aria-current', 'true');
  const detail = console.getByTestId('queue-detail');
  await expect(detail.getByTestId('report-profile')).toContainText('Quentina');
  await expect(detail.getByTestId('report-profile')).toContainText('Send me a gift card first');
  await expect(detail).toContainText('Asked me for a gift card');
  await expect(detail.getByRole('link', { name: 'Warn, suspend or ban' })).toHaveAttribute(
    'href',
    new RegExp(`/console/sanctions/new\\?member=${target.profileId}&report=`),
  );
  // The photo comes through the console's own route.
  const image = detail.getByRole('img', { name: 'Quentina (active, main)' });
  await expect(image).toBeVisible();
  await expect
    .poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0))
    .toBe(true);
  await expect(console.getByText('Keys: j or ↓ next, k or ↑ previous, d dismiss, r resolved')).toBeVisible();
  await picture(console, `${SCREENSHOTS}/console-reports-1280.png`, { fullPage: true });
  await expectAccessible(console, 'queue');

  await console.setViewportSize({ width: 768, height: 900 });
  await expectAccessible(console, 'queue at 768 px');

  // j and k move; r resolves the report, then d dismisses the complaint.
  await console.keyboard.press('j');
  await expect(queue.getByRole('button').nth(1)).toHaveAttribute('aria-current', 'true');
  await expect(detail).toContainText('Quentina keeps writing me rude things');
  await console.keyboard.press('k');
  await expect(queue.getByRole('button').first()).toHaveAttribute('aria-current', 'true');
  await expect(detail.getByTestId('report-profile')).toBeVisible();
  await console.keyboard.press('r');
  await expect(queue.getByRole('button')).toHaveCount(1);
  await expect(detail).toContainText('Quentina keeps writing me rude things');
  await console.keyboard.press('d');
  await expect(console.getByTestId('queue-empty')).toHaveText('Nothing to decide: the queue is empty.');
  await expectAccessible(console, 'empty queue');

  const rows = await journey.inspect.rows('reports', { profile_id: target.profileId });
  expect(rows).toMatchObject([{ status: 'resolved', decided_by: expect.any(String) }]);
  expect(errors).toEqual([]);
  await context.close();
});

test('a member reports a message; the moderator reads it in the conversation around it', async ({
  browser,
}) => {
  // A journey through many pages: more than the default 30 s on a loaded machine.
  test.setTimeout(90_000);
  const { me, context: memberContext } = await journey.memberBrowser(browser, 360, {
    name: 'Reader',
    gender: 'male',
    seeking: 'female',
  });
  const sender = await journey.make.loggedIn({ name: 'Mallory', gender: 'female', seeking: 'male' });
  await journey.make.message(sender, me, 'Send me 100 euros and I will visit you');
  const page = await memberContext.newPage();
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await page.goto(url(journey.server, `/members/${sender.profileId}/chat`));
  await hydrated(page);
  const thread = page.getByTestId('chat-messages');
  await thread.getByRole('button', { name: 'Report message' }).click();
  const dialog = page.getByRole('dialog', { name: 'Report a message from Mallory' });
  await dialog.getByLabel('Scam or asking for money').check();
  await dialog.getByLabel('Also block Mallory').check();
  await sendReport(page, dialog, 'Mallory', {
    screenshot: 'report-message-360.png',
    name: 'message report dialog',
  });
  expect(errors).toEqual([]);
  await memberContext.close();

  const moderator = await addStaffMember(journey, { role: 'moderator' });
  const { context, page: console } = await consolePage(browser, journey, moderator, 768);
  await console.goto(url(journey.server, '/console/reports', 'console.localhost'));
  const conversation = console.getByTestId('report-conversation');
  await expect(conversation).toContainText('Send me 100 euros and I will visit you');
  await expect(conversation.getByText('reported', { exact: true })).toBeVisible();
  await expectAccessible(console, 'queue with a conversation');
  await console.keyboard.press('d');
  await expect(console.getByTestId('queue-empty')).toBeVisible();
  await context.close();
});

test('a moderator bans a reported member from the report, which closes it and tells the reporter', async ({
  browser,
}) => {
  // A journey through many pages: more than the default 30 s on a loaded machine.
  test.setTimeout(90_000);
  const target = await journey.make.loggedIn({ name: 'Rosalind', gender: 'female', seeking: 'male' });
  const { me: reporter, context: memberContext } = await journey.memberBrowser(browser, 360, {
    name: 'Watcher',
    gender: 'male',
    seeking: 'female',
  });
  const page = await memberContext.newPage();
  await page.goto(url(journey.server, `/members/${target.profileId}`));
  await hydrated(page);
  await page.getByRole('button', { name: 'Report', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Report Rosalind' });
  await dialog.getByLabel('Scam or asking for money').check();
  await dialog.getByRole('button', { name: 'Send report' }).click();
  await expect(dialog).toBeHidden();
  await memberContext.close();

  const moderator = await addStaffMember(journey, { role: 'moderator' });
  const { context, page: console } = await consolePage(browser, journey, moderator);
  await console.goto(url(journey.server, '/console/reports', 'console.localhost'));
  await console.getByTestId('queue').getByRole('button').filter({ hasText: 'Rosalind' }).click();
  const detail = console.getByTestId('queue-detail');
  await expect(detail.getByTestId('report-profile')).toContainText('Rosalind');
  await detail.getByRole('link', { name: 'Warn, suspend or ban' }).click();
  await expect(console.getByRole('heading', { name: 'New sanction', level: 1 })).toBeVisible();
  // The form is React's once its island has run: what is typed before would be drawn over.
  await hydrated(console);
  await console.getByRole('radio', { name: 'Ban' }).check();
  await console.getByLabel('Facts').fill('Asked a member for money, as reported.');
  await console.getByLabel('Legal ground or clause of the terms').fill('Terms of use §4.2');
  await console.getByRole('button', { name: 'Decide' }).click();
  await expect(console.getByText('Decision recorded')).toBeVisible();

  // The report left the queue as decided, its reporter was told, and the member's login is refused.
  const rows = await journey.inspect.rows('reports', { profile_id: target.profileId });
  expect(rows).toMatchObject([{ status: 'resolved' }]);
  await expect
    .poll(() => mailsTo(journey.server.dataDir, reporter.email).at(-1)?.subject)
    .toContain('the outcome of your report');
  const login = await context.request.post(url(journey.server, '/api/user.php'), {
    data: { email: target.email, password: target.password },
    headers: { origin: `http://localhost:${journey.server.port}` },
  });
  expect(login.status()).toBe(403);
  expect((await login.json()) as { error: string }).toMatchObject({ error: 'account_banned' });
  await context.close();
});
