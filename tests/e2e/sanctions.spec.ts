import type { Browser } from '@playwright/test';
import {
  holdIslands,
  hydrated,
  mailedLink,
  notHydratedYet,
  SCREENSHOTS,
  uniqueEmail,
  url,
  useMemberJourney,
  visitorContext,
} from './accounts-support.ts';
import { mailsTo } from '../support/outbox.ts';
import { addStaffMember, consolePage, expectAccessible } from './console-staff.ts';
import { expect, picture, test } from './fixtures.ts';

/*
 * Sanctions in Chromium (the "done when"): a moderator bans a member; the member's open
 * event stream ends, the login is refused, and the statement of reasons is in the outbox; the
 * member appeals from the e-mail's link, and another moderator reverses the ban from the
 * appeals queue with the keyboard, after which the member logs in again.
 */
const journey = useMemberJourney();

async function loginStatus(browser: Browser, email: string, password: string) {
  const context = await visitorContext(browser);
  const response = await context.request.post(url(journey.server, '/api/user.php'), {
    data: { email, password },
    headers: { origin: `http://localhost:${journey.server.port}` },
  });
  const answer = { status: response.status(), body: (await response.json()) as { error?: string } };
  await context.close();
  return answer;
}

test('a ban ends the stream and the login, and an appeal decided by another moderator lifts it', async ({
  browser,
}) => {
  // A journey through many pages: more than the default 30 s on a loaded machine.
  test.setTimeout(90_000);
  // The member, signed up in a browser of their own with an open event stream.
  const memberContext = await visitorContext(browser);
  const email = uniqueEmail('banned');
  const password = 'blue tulips at dawn 42';
  const signup = await memberContext.request.post(url(journey.server, '/api/signup.php'), {
    data: { email, password, name: 'Robin', date_of_birth: '1990-05-17' },
    headers: { origin: `http://localhost:${journey.server.port}` },
  });
  expect(signup.status()).toBe(201);
  const profileId = ((await signup.json()) as { user: { profile: { id: string } } }).user.profile.id;
  const memberPage = await memberContext.newPage();
  // A same-site page without the member shell, which would itself leave once the session ends.
  await memberPage.goto(url(journey.server, '/robots.txt'));
  await memberPage.evaluate(() => {
    const w = window as unknown as { stream: EventSource; opened: boolean };
    w.stream = new EventSource('/api/events.php');
    w.stream.onopen = () => (w.opened = true);
  });
  await expect
    .poll(() => memberPage.evaluate(() => (window as unknown as { opened?: boolean }).opened))
    .toBe(true);

  // The first moderator bans them.
  const alice = await addStaffMember(journey, { role: 'moderator' });
  const first = await consolePage(browser, journey, alice);
  // They choose and type before the form's script runs: the form takes it over when it does.
  const islands = await holdIslands(first.page);
  await first.page.goto(
    url(journey.server, `/console/sanctions/new?member=${profileId}`, 'console.localhost'),
    { waitUntil: 'commit' },
  );
  await expect(first.page.getByRole('heading', { name: 'New sanction', level: 1 })).toBeVisible();
  await first.page.getByRole('radio', { name: 'Ban' }).check();
  await first.page.getByLabel('Facts').fill('Asked three members for money by message.');
  await first.page.getByLabel('Legal ground or clause of the terms').fill('Terms of use §4.2');
  await notHydratedYet(first.page);
  await expect(first.page.getByRole('button', { name: 'Decide' })).toBeDisabled();
  islands.release();
  await hydrated(first.page);
  await expect(first.page.getByText('closed for good')).toBeVisible();
  // The statement as the member will read it: what the form cannot know yet is an omission mark.
  const statement = first.page.getByRole('region', { name: 'Statement of reasons (preview)' });
  await expect(statement).toContainText('on […] and on every site that shares its members.');
  await expect(statement).not.toContainText('….');
  await expect(
    first.page.getByText('What we found: Asked three members for money by message.'),
  ).toBeVisible();
  await expect(first.page.getByRole('radio', { name: 'Ban' })).toBeChecked();
  await expectAccessible(first.page, 'sanction form');
  await picture(first.page, `${SCREENSHOTS}/console-sanction-new-1280.png`, { fullPage: true });
  await first.page.getByRole('button', { name: 'Decide' }).click();
  await expect(first.page.getByText('Decision recorded')).toBeVisible();

  // The stream ends (and its reconnection is refused), the login answers 403, the statement is mailed.
  await expect
    .poll(() => memberPage.evaluate(() => (window as unknown as { stream: EventSource }).stream.readyState))
    .toBe(2);
  expect(await loginStatus(browser, email, password)).toMatchObject({
    status: 403,
    body: { error: 'account_banned' },
  });
  const { mail, link } = await mailedLink(journey.server, email, '/appeal');
  expect(mail.text).toContain('Asked three members for money by message.');
  expect(mail.text).toContain('Terms of use §4.2');

  // The decision is listed; the first moderator's queue does not offer its own decision.
  await first.page.goto(url(journey.server, '/console/sanctions', 'console.localhost'));
  await expect(first.page.getByRole('row').filter({ hasText: 'Terms of use §4.2' }).first()).toBeVisible();
  await expectAccessible(first.page, 'decisions');

  // The member appeals from the e-mail's link.
  await memberPage.goto(link.toString().replace(/^http:\/\/[^/]+/, url(journey.server, '')));
  await expectAccessible(memberPage, 'appeal form');
  await memberPage
    .getByLabel('Your appeal')
    .fill('It was a misunderstanding: I was asking for a gift card code back.');
  await memberPage.getByRole('button', { name: 'Send appeal' }).click();
  await expect(memberPage.getByText('Your appeal has been received.')).toBeVisible();

  await first.page.goto(url(journey.server, '/console/appeals', 'console.localhost'));
  await expect(first.page.getByText('No open appeals for you to decide.')).toBeVisible();

  // Another moderator reverses it from the queue with the keyboard, at 768 px.
  const bob = await addStaffMember(journey, { role: 'moderator' });
  const second = await consolePage(browser, journey, bob, 768);
  await second.page.goto(url(journey.server, '/console/appeals', 'console.localhost'));
  const appeal = second.page.getByRole('article').filter({ hasText: 'It was a misunderstanding' });
  await expect(appeal).toBeVisible();
  await expectAccessible(second.page, 'appeals queue');
  await picture(second.page, `${SCREENSHOTS}/console-appeals-768.png`, { fullPage: true });
  await second.page.keyboard.press('r');
  await expect(appeal).toHaveCount(0);

  expect((await loginStatus(browser, email, password)).status).toBe(200);
  await expect
    .poll(() => mailsTo(journey.server.dataDir, email).at(-1)?.subject)
    .toContain('the answer to your appeal');

  await second.page.goto(url(journey.server, '/console/transparency', 'console.localhost'));
  await expect(second.page.getByRole('row').filter({ hasText: 'Amber Hearts' })).toBeVisible();
  await expectAccessible(second.page, 'transparency');
  for (const context of [memberContext, first.context, second.context]) await context.close();
});
