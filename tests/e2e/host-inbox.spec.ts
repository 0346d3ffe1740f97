import type { Browser, Page } from '@playwright/test';
import sharp from 'sharp';
import { hydrated, SCREENSHOTS, url, useMemberJourney, visitorContext } from './accounts-support.ts';
import { addStaffMember, expectAccessible, logInToConsole } from './console-staff.ts';
import { expect, picture, test } from './fixtures.ts';

/*
 * The host inbox in two browsers: a host answers a member's message to an operator-run profile
 * and the member sees the typing and the reply live, as the host sees the member's typing and
 * new messages (and the inbox its new conversations) without a refresh; a member who asks
 * whether the profile is real gets the honest answer (the site's fictional warning), in English
 * on Amber Hearts and in German on Kurvenreich.
 */
const journey = useMemberJourney();
test.describe.configure({ mode: 'serial' });

const CONSOLE = 'console.localhost';

async function hostPage(browser: Browser, networks: string[]): Promise<Page> {
  const host = await addStaffMember(journey, { role: 'host', networks });
  const page = await (await visitorContext(browser)).newPage();
  await logInToConsole(page, journey, host);
  return page;
}

/** A member on `site` with credits, in their own browser, who wrote `first` to an operator-run profile. */
async function memberWriting(
  browser: Browser,
  site: { id: string; network: string; host: string },
  language: string,
  first: string,
) {
  const me = await journey.make.loggedIn({
    site,
    language,
    name: `Max${site.id}`,
    gender: 'male',
    seeking: 'female',
  });
  await journey.make.order(me, { credits: 200 });
  await journey.make.updateMember(me, { paid_user: 1, credits: 200 });
  const operator = await journey.make.operatorProfile({ network: site.network, name: `Sophie${site.id}` });
  const context = await visitorContext(browser);
  await context.addCookies([{ name: 'session', value: me.token, url: url(journey.server, '/', site.host) }]);
  const page = await context.newPage();
  await page.goto(url(journey.server, '/chats', site.host));
  await hydrated(page);
  const conversation = await page.evaluate(
    async ({ profile, text }) => {
      const res = await fetch('/api/chat.php', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ profile, type: 'text', text, client_id: crypto.randomUUID() }),
      });
      return ((await res.json()) as { message: { conversation: string } }).message.conversation;
    },
    { profile: operator.profileId, text: first },
  );
  await page.goto(url(journey.server, `/chats/${conversation}`, site.host));
  await hydrated(page);
  await expect(page.getByTestId('chat-messages')).toContainText(first);
  return { page, conversation, operatorName: `Sophie${site.id}` };
}

test('a host answers a member live; "are you real?" gets the honest answer (English)', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const member = await memberWriting(
    browser,
    { id: 'localhost', network: 'amber', host: 'localhost' },
    'en',
    'Hi Sophie!',
  );
  const host = await hostPage(browser, ['amber']);

  // The inbox lists the conversation; the host opens it.
  await host
    .getByRole('navigation', { name: 'Console navigation' })
    .getByRole('link', { name: 'Host inbox' })
    .click();
  const row = host.locator(`tr[data-conversation="${member.conversation}"]`);
  await expect(row).toBeVisible();
  // How long it waits, in the console's language (`formatDuration`): the member just wrote.
  await expect(row.locator('td').first()).toHaveText(/^[01]\smin$/);
  // The brand the member joined on, beside the network.
  await expect(row.locator('td').nth(3)).toHaveText('Amber Hearts');
  // The column of Open buttons has a name too, said to screen readers only.
  await expect(host.getByRole('columnheader', { name: 'Actions' })).toHaveCount(1);
  await expectAccessible(host, 'the host inbox with a conversation');
  await row.getByRole('link', { name: 'Open' }).click();
  await hydrated(host);
  await expect(host.getByTestId('inbox-thread')).toContainText('Hi Sophie!');
  await expect(host.getByTestId('inbox-member-site')).toHaveText('Amber Hearts');
  // The member's language by its name in the console's language.
  await expect(
    host
      .getByTestId('inbox-conversation')
      .locator('dd')
      .filter({ hasText: /^English$/ }),
  ).toHaveCount(1);
  // The day above its first message, and the time by the host's clock.
  await expect(host.getByTestId('inbox-thread').locator('time').first()).toHaveText('Today');
  await expect(host.getByTestId('inbox-thread').locator('time').nth(1)).toHaveText(/^\d{2}:\d{2}/);
  await expect(host.getByRole('heading', { level: 1 })).toHaveText('Host inbox');
  await expectAccessible(host, 'a conversation in the host inbox');

  // The member sees the profile typing, then the reply arrives live.
  const reply = host.getByLabel('Your reply as the profile');
  await reply.pressSequentially('Hi Max, nice to ', { delay: 20 });
  await expect(member.page.getByTestId('chat-typing')).toHaveText(`${member.operatorName} is typing…`);
  await reply.pressSequentially('hear from you');
  await host.getByRole('button', { name: 'Send reply' }).click();
  await expect(member.page.getByTestId('chat-messages')).toContainText('Hi Max, nice to hear from you');
  await picture(host, `${SCREENSHOTS}/host-inbox-conversation.png`, { fullPage: true });

  // The member asks whether the profile is real: the host sees them typing and the question
  // arrive live, without a refresh, and only the honest answer can go out.
  await expect(host.getByTestId('inbox-live')).toHaveAttribute('data-state', 'live');
  await expect(host.getByRole('button', { name: 'Refresh' })).toHaveCount(0);
  const input = member.page.getByRole('textbox', { name: 'Message' });
  await input.pressSequentially('are you real?', { delay: 30 });
  await expect(host.getByTestId('inbox-typing')).toHaveText('Maxlocalhost is typing…');
  await input.press('Enter');
  await expect(host.getByTestId('inbox-thread')).toContainText('are you real?');
  await expect(host.getByTestId('inbox-announce')).toHaveText('New message from Maxlocalhost: are you real?');
  await expect(host.getByTestId('inbox-thread').getByTestId('inbox-asks-if-real')).toBeVisible();
  const honest = host.getByTestId('inbox-honest');
  await expect(honest).toBeVisible();
  const warning =
    'This profile is fictional and run by the operator for entertainment. You cannot meet this person.';
  await expect(host.getByTestId('inbox-honest-text')).toHaveText(warning);
  await expect(host.getByLabel('Your reply as the profile')).toHaveCount(0);
  await picture(host, `${SCREENSHOTS}/host-inbox-honest.png`, { fullPage: true });
  await honest.getByRole('button', { name: 'Send the honest answer' }).click();
  await expect(member.page.getByTestId('chat-messages')).toContainText(warning);
  // Answered: the composer is back.
  await expect(host.getByLabel('Your reply as the profile')).toBeVisible();
});

test('a member of Kurvenreich asking "Bist du echt?" gets the honest answer in German', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  // The host keeps the inbox open: the member's new conversation appears in it by itself.
  const host = await hostPage(browser, ['curvy']);
  await host.goto(url(journey.server, '/console/inbox', CONSOLE));
  await hydrated(host);
  await expect(host.getByTestId('inbox-live')).toHaveAttribute('data-state', 'live');
  const member = await memberWriting(
    browser,
    { id: 'curvy', network: 'curvy', host: 'curvy.localhost' },
    'de',
    'Hallo Sophie!',
  );
  await expect(host.locator(`tr[data-conversation="${member.conversation}"]`)).toBeVisible();
  const input = member.page.getByRole('textbox', { name: 'Nachricht' });
  await input.fill('Bist du echt?');
  await input.press('Enter');
  await expect(member.page.getByTestId('chat-messages')).toContainText('Bist du echt?');

  await host.goto(url(journey.server, `/console/inbox/${member.conversation}`, CONSOLE));
  await hydrated(host);
  const honest = host.getByTestId('inbox-honest');
  await expect(honest).toBeVisible();
  const warning =
    'Dieses Profil ist fiktiv und wird zur Unterhaltung vom Betreiber geführt. Du kannst diese Person nicht treffen.';
  await expect(host.getByTestId('inbox-honest-text')).toHaveText(warning);
  await honest.getByRole('button', { name: 'Send the honest answer' }).click();
  await expect(member.page.getByTestId('chat-messages')).toContainText(warning);
});

test('a host creates an operator-run profile and sees the photo it adds', async ({ browser }) => {
  test.setTimeout(120_000);
  const host = await hostPage(browser, ['amber']);
  await host
    .getByRole('navigation', { name: 'Console navigation' })
    .getByRole('link', { name: 'Operator-run profiles' })
    .click();
  await expect(host).toHaveURL(/\/console\/profiles$/);
  await hydrated(host);
  const form = host.locator('form').filter({ has: host.getByRole('heading', { name: 'New profile' }) });
  await form.getByLabel('Name').fill('Lotte');
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(host.getByRole('heading', { name: 'Edit: Lotte' })).toBeVisible();
  await expect(host.getByText('No photos yet.', { exact: false })).toBeVisible();

  const photo = await sharp({
    create: { width: 600, height: 600, channels: 3, background: { r: 220, g: 120, b: 60 } },
  })
    .jpeg()
    .toBuffer();
  await host
    .getByLabel('Add a photo')
    .setInputFiles({ name: 'lotte.jpg', mimeType: 'image/jpeg', buffer: photo });
  // The photo itself, through the console's media route: loaded, not an id and a bare status.
  const thumbnail = host.getByRole('img', { name: 'Photo 1 of Lotte' });
  await expect(thumbnail).toBeVisible();
  await expect.poll(() => thumbnail.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  await expect(host.locator('[data-photo]').getByText('Main photo')).toBeVisible();
  // The list names the new profile, and its column of buttons has a name for screen readers.
  const row = host.getByTestId('operator-profiles').getByRole('row', { name: /Lotte/ });
  // Its site by the name hosts know it by, not its id.
  await expect(row.getByRole('cell', { name: 'Amber Hearts', exact: true })).toBeVisible();
  await expect(host.getByRole('columnheader', { name: 'Actions' })).toHaveCount(1);
  await expectAccessible(host, 'operator-run profiles with one open for editing');
  // Beginning a new profile, or opening one from the list, takes the focus (and the view) to the form.
  await host.getByRole('button', { name: 'New profile' }).click();
  await expect(host.getByRole('heading', { name: 'New profile' })).toBeFocused();
  await row.getByRole('button', { name: 'Edit' }).click();
  await expect(host.getByRole('heading', { name: 'Edit: Lotte' })).toBeFocused();
  await picture(host, `${SCREENSHOTS}/operator-profile-photos.png`, { fullPage: true });
});
