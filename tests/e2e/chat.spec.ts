import sharp from 'sharp';
import type { Browser, BrowserContext, Page } from '@playwright/test';
import { type TestMember, type TestSession } from '../support/factories.ts';
import { accessibilityViolations, expect, picture, test } from './fixtures.ts';
import { hydrated, url, visitorContext, SCREENSHOTS, useMemberJourney } from './accounts-support.ts';
import { spendFreeMessages } from './chat-support.ts';

/*
 * The chat in two browsers (spec §2 chats, chats-id, members-id-chat): A writes, B sees it live
 * with the typing indicator, then the read state reaches A; B's unread badge and title count it
 * and clear when B opens the chat; B's reply reaches A; a picture arrives blurred until tapped and
 * a gift arrives; a free member's third conversation is refused with the reason and the way to
 * premium. Screenshots at 360 and 1280 px in test-results/screenshots.
 */

const app = useMemberJourney();
const DIR = SCREENSHOTS;

test.describe.configure({ mode: 'serial' });

type Member = TestMember & TestSession;

/** A shown member (with a photo); `credits` makes them a paying (premium) member. */
async function member(name: string, gender: 'male' | 'female', credits: number | null): Promise<Member> {
  const me = await app.make.loggedIn({ name, gender, seeking: gender === 'male' ? 'female' : 'male' });
  await app.make.photo(me);
  if (credits !== null) {
    await app.make.order(me, { credits });
    await app.make.updateMember(me, { paid_user: 1, credits });
  }
  return me;
}

async function browse(
  browser: Browser,
  me: Member,
  width: number,
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await visitorContext(browser, { width });
  await context.addCookies([{ name: 'session', value: me.token, url: url(app.server, '/') }]);
  return { context, page: await context.newPage() };
}

function messages(page: Page) {
  return page.getByTestId('chat-messages');
}

function unreadBadge(page: Page) {
  return page.locator('.member-nav .badge-unread');
}

async function pictureFile() {
  const buffer = await sharp({
    create: { width: 640, height: 480, channels: 3, background: { r: 200, g: 90, b: 40 } },
  })
    .jpeg()
    .toBuffer();
  return { name: 'chat-picture.jpg', mimeType: 'image/jpeg', buffer };
}

for (const width of [1280, 360]) {
  test(`A writes, B sees it live; B replies; a picture and a gift arrive (${width} px)`, async ({
    browser,
  }) => {
    // Two browsers through a whole conversation: longer than one page's journey.
    test.setTimeout(120_000);
    const alex = await member(`Alex${width}`, 'male', 200);
    const bea = await member(`Bea${width}`, 'female', 200);
    const a = await browse(browser, alex, width);
    const b = await browse(browser, bea, width);

    // A opens a new chat with B: the icebreakers come first, usable by keyboard.
    await a.page.goto(url(app.server, `/members/${bea.profileId}/chat`));
    await hydrated(a.page);
    const icebreakers = a.page.getByRole('dialog', { name: `Say hello to Bea${width}` });
    await expect(icebreakers).toBeVisible();
    await picture(a.page, `${DIR}/chat-icebreakers-${width}.png`);
    expect(await accessibilityViolations(a.page)).toEqual([]);
    const opener = icebreakers.locator('.modal-body li button').first();
    const line = (await opener.textContent())!.trim();
    await opener.focus();
    await a.page.keyboard.press('Enter');
    await expect(icebreakers).toBeHidden();
    const input = a.page.getByRole('textbox', { name: 'Message' });
    await expect(input).toHaveValue(line);
    await expect(input).toBeFocused();
    // What a message costs is said before sending.
    await expect(a.page.getByTestId('chat-allowance')).toContainText('credits per message');
    await input.fill('');

    // B waits on the list of chats: the navigation's badge and the title move with A's message.
    await b.page.goto(url(app.server, '/chats'));
    await hydrated(b.page);
    await expect(b.page.getByTestId('chat-empty')).toBeVisible();
    await expect(unreadBadge(b.page)).toHaveCount(0);
    const title = await b.page.title();
    await input.pressSequentially('Hello Bea, ', { delay: 20 });
    await input.press('Enter');
    await expect(messages(a.page).locator('.chat-message.is-mine')).toContainText('Hello Bea,');
    // The chat now has its own address.
    await expect(a.page).toHaveURL(/\/chats\/[^/]+$/);

    // B's list and badge count the new message, and so does the title.
    const row = b.page.locator('.chat-list-item', { hasText: `Alex${width}` });
    await expect(row).toContainText('Hello Bea,');
    await expect(unreadBadge(b.page)).toHaveText(/^1/);
    await expect(b.page).toHaveTitle(new RegExp(`^\\(1\\) ${regexEscape(title.replace(/^\(\d+\) /, ''))}`));
    await picture(b.page, `${DIR}/chat-list-${width}.png`, { fullPage: true });
    expect(await accessibilityViolations(b.page)).toEqual([]);

    // B opens the chat: read at once, badge and title prefix go.
    await row.getByRole('link').click();
    await hydrated(b.page);
    await expect(messages(b.page)).toContainText('Hello Bea,');
    await expect(unreadBadge(b.page)).toHaveCount(0);
    await expect(b.page).not.toHaveTitle(/^\(\d+\)/);
    // A sees that B read it.
    await expect(messages(a.page).locator('.chat-message.is-mine [data-state]').last()).toHaveAttribute(
      'data-state',
      'read',
    );

    // A types again: B sees the typing indicator live.
    const bInput = b.page.getByRole('textbox', { name: 'Message' });
    await input.pressSequentially('How are', { delay: 30 });
    await expect(b.page.getByTestId('chat-typing')).toHaveText(`Alex${width} is typing…`);
    await input.press('Enter');
    await expect(messages(b.page)).toContainText('How are');

    // B replies; it reaches A live.
    await bInput.fill(`Hi Alex, nice to meet you`);
    await bInput.press('Enter');
    await expect(messages(a.page).locator('.chat-message:not(.is-mine)')).toContainText(
      'Hi Alex, nice to meet you',
    );

    // A sends a picture: B gets it blurred until tapped.
    await a.page.getByTestId('chat-image-input').setInputFiles(await pictureFile());
    await expect(messages(a.page).locator('.chat-message-image.is-mine [data-state]')).toHaveAttribute(
      'data-state',
      /sent|read/,
    );
    const blurred = messages(b.page).getByTestId('chat-image-blurred');
    await expect(blurred).toBeVisible();
    await blurred.click();
    await expect(messages(b.page).locator('.chat-message-image a img')).toBeVisible();

    // A sends a gift from the picker (each with its price): it arrives at B.
    await a.page.getByRole('button', { name: 'Send a gift' }).click();
    const picker = a.page.getByRole('dialog', { name: 'Choose a gift' });
    await expect(picker).toBeVisible();
    await expect(picker).toContainText('credits');
    await picture(a.page, `${DIR}/chat-gifts-${width}.png`);
    expect(await accessibilityViolations(a.page)).toEqual([]);
    await picker.getByRole('button').filter({ hasText: 'credits' }).first().click();
    await expect(picker).toBeHidden();
    await expect(messages(b.page).locator('.chat-message-gift')).toBeVisible();

    await picture(a.page, `${DIR}/chat-conversation-${width}.png`);
    await picture(b.page, `${DIR}/chat-received-${width}.png`);
    expect(await accessibilityViolations(a.page)).toEqual([]);
    expect(await accessibilityViolations(b.page)).toEqual([]);
    await a.context.close();
    await b.context.close();
  });
}

for (const width of [1280, 360]) {
  test(`a free member's third conversation is refused with the reason and the way to premium (${width} px)`, async ({
    browser,
  }) => {
    const free = await member(`Free${width}`, 'male', null);
    const first = await member(`One${width}`, 'female', null);
    const second = await member(`Two${width}`, 'female', null);
    const third = await member(`Three${width}`, 'female', null);
    const { context, page } = await browse(browser, free, width);

    // Two conversations with the free messages; the allowance says what is left beforehand.
    for (const [index, other] of [first, second].entries()) {
      await page.goto(url(app.server, `/members/${other.profileId}/chat`));
      await hydrated(page);
      // A new conversation opens with the icebreakers; writing one's own closes them.
      const icebreakers = page.getByRole('dialog', { name: /^Say hello to / });
      await icebreakers.getByRole('button', { name: 'Write my own' }).click();
      await expect(icebreakers).toBeHidden();
      const allowance = page.getByTestId('chat-allowance');
      await expect(allowance).toContainText('free message');
      await expect(allowance).toContainText(
        index === 0 ? 'You can start 2 more conversations' : 'You can start 1 more conversation',
      );
      await page.getByRole('textbox', { name: 'Message' }).fill(`Hello ${index}`);
      await page.getByRole('button', { name: 'Send', exact: true }).click();
      await expect(page.locator('.chat-message.is-mine [data-state]')).toHaveAttribute(
        'data-state',
        /sent|read/,
      );
    }

    // The third: refused before writing, with the reason and the way to premium.
    await page.goto(url(app.server, `/members/${third.profileId}/chat`));
    await hydrated(page);
    const refusal = page.locator('[data-code="free_conversation_limit"]');
    await expect(refusal).toContainText('Free members can chat in 2 conversations');
    await expect(refusal.getByRole('link', { name: 'Get Premium' })).toHaveAttribute('href', '/premium');
    await expect(page.getByRole('textbox', { name: 'Message' })).toHaveCount(0);
    await picture(page, `${DIR}/chat-limit-${width}.png`);
    expect(await accessibilityViolations(page)).toEqual([]);
    await context.close();
  });
}

test('older messages load when scrolling up', async ({ browser }) => {
  const alex = await member('Scroller', 'male', 400);
  const bea = await member('Reader', 'female', 100);
  const a = await browse(browser, alex, 1280);
  let conversation: string | undefined;
  for (let n = 1; n <= 35; n += 1) {
    const res = await a.context.request.post(url(app.server, '/api/chat.php'), {
      data: {
        ...(conversation ? { conversation } : { profile: bea.profileId }),
        type: 'text',
        text: `Line ${n}`,
        client_id: `scroll-test-${n}-${Date.now()}`,
      },
    });
    expect(res.status()).toBe(201);
    conversation = ((await res.json()) as { message: { conversation: string } }).message.conversation;
  }
  await a.context.close();

  const b = await browse(browser, bea, 360);
  await b.page.goto(url(app.server, `/chats/${conversation}`));
  await hydrated(b.page);
  const thread = messages(b.page);
  await expect(thread).toContainText('Line 35');
  await expect(thread.getByText('Line 1', { exact: true })).toHaveCount(0);
  await expect(b.page.getByRole('button', { name: 'Load older messages' })).toBeVisible();
  await thread.evaluate((element) => {
    element.scrollTop = 0;
  });
  await expect(thread.getByText('Line 1', { exact: true })).toBeVisible();
  await expect(b.page.getByRole('button', { name: 'Load older messages' })).toHaveCount(0);
  // The day stands above its first message once, older pages included; today's is "Today".
  const days = await thread.locator('.chat-day').allTextContents();
  expect(days.at(-1)).toBe('Today');
  expect(new Set(days).size).toBe(days.length);
  // The list says when the last message came: today's by its time.
  await b.page.goto(url(app.server, '/chats'));
  await hydrated(b.page);
  await expect(b.page.locator(`[data-conversation="${conversation}"]`).locator('.chat-list-time')).toHaveText(
    /^\d{2}:\d{2}/,
  );
  await b.context.close();
});

test('without credits the refusal links to buying them, and the message can be sent again', async ({
  browser,
}) => {
  const me = await member('Broke', 'male', null);
  const other = await member('Rich', 'female', null);
  const { context, page } = await browse(browser, me, 1280);
  // The free messages first: after them a message costs credits this member does not have.
  const conversation = await spendFreeMessages(context, app.server, other, 'free-test');
  await page.goto(url(app.server, `/chats/${conversation}`));
  await hydrated(page);
  await expect(page.getByTestId('chat-allowance')).toContainText('credits per message');
  // Past the 1,000 characters a message may have, the counter says by how much; nothing is sent.
  await page.getByRole('textbox', { name: 'Message' }).fill('x'.repeat(1003));
  await expect(page.locator('#chat-text-left')).toHaveText('3 characters too many');
  await expect(page.getByRole('button', { name: 'Send', exact: true })).toBeDisabled();
  await page.getByRole('textbox', { name: 'Message' }).fill('x'.repeat(999));
  await expect(page.locator('#chat-text-left')).toHaveText('1 character left');
  await page.getByRole('textbox', { name: 'Message' }).fill('One more');
  await page.getByRole('button', { name: 'Send', exact: true }).click();
  const refusal = page.locator('[data-code="not_enough_credits"]');
  await expect(refusal).toBeVisible();
  // Buying credits leads back to this conversation afterwards.
  await expect(refusal.getByRole('link', { name: 'Buy credits' })).toHaveAttribute(
    'href',
    `/credits?return=${encodeURIComponent(`/chats/${conversation}`)}`,
  );
  const failed = page.locator('.chat-message.is-failed');
  await expect(failed).toContainText('One more');
  await expect(failed.getByRole('button', { name: 'Try again' })).toBeVisible();
  await picture(page, `${DIR}/chat-no-credits-1280.png`);
  expect(await accessibilityViolations(page)).toEqual([]);
  await context.close();
});

test('a member who blocked me: the chat says so instead of opening', async ({ browser }) => {
  const me = await member('Blocked', 'male', 100);
  const blocker = await member('Blocker', 'female', null);
  await app.make.block(blocker, me);
  const { context, page } = await browse(browser, me, 360);
  await page.goto(url(app.server, `/members/${blocker.profileId}/chat`));
  await hydrated(page);
  await expect(page.getByTestId('chat-load-error')).toContainText("You're blocked by Blocker");
  await expect(page.getByRole('textbox', { name: 'Message' })).toHaveCount(0);
  expect(await accessibilityViolations(page)).toEqual([]);
  await context.close();
});

test('a fictional profile is labelled in the chat header and the list', async ({ browser }) => {
  const me = await member('Fan', 'male', 100);
  const operated = await app.make.operatorProfile({ name: 'Operated', fictional: true });
  await app.make.photo(operated);
  const { context, page } = await browse(browser, me, 360);

  await page.goto(url(app.server, `/members/${operated.profileId}/chat`));
  await hydrated(page);
  await page
    .getByRole('dialog', { name: /^Say hello to / })
    .getByRole('button', { name: 'Write my own' })
    .click();
  await expect(page.getByTestId('chat-fictional')).toContainText('fictional profile');
  await page.getByRole('textbox', { name: 'Message' }).fill('Hello there');
  await page.getByRole('button', { name: 'Send', exact: true }).click();
  await expect(page.locator('.chat-message.is-mine [data-state]')).toHaveAttribute('data-state', 'sent');

  await page.getByRole('link', { name: 'All chats' }).click();
  await hydrated(page);
  const row = page.locator('.chat-list-item', { hasText: 'Operated' });
  await expect(row.locator('.badge-fictional')).toContainText('fictional profile');
  await expect(row).toContainText('You: Hello there');
  expect(await accessibilityViolations(page)).toEqual([]);
  await context.close();
});

function regexEscape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
