import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DEMO, REPO_ROOT } from '../support/server.ts';
import { useServer } from '../support/use-server.ts';
import { lastMailTo, linkIn, signUp } from './accounts-helpers.ts';
import {
  balanceOf,
  call,
  chatsOf,
  eventsOf,
  payingMember,
  sendGift,
  sendText,
  shownMember,
  type LoggedIn,
  type Message,
} from './chat-support.ts';
import { chatPictureTests } from './chat-pictures-suite.ts';

/* Chat pictures (who may see them), held messages of unconfirmed members, the free history limit. */

/* Kurvenreich chooses its own gifts (one at its own price) and its own icebreakers. */
const curvy = {
  ...(JSON.parse(readFileSync(join(REPO_ROOT, 'tenants', 'curvy.json'), 'utf8')) as { id: string }),
  gifts: [{ id: 'champagne', credits: 99 }, { id: 'rose' }],
  icebreakers: ['Servus from {site}!', { en: 'Hello', de: 'Hallo du' }],
};
const app = useServer({ clock: true, sites: [curvy] });
const DAY = 24 * 60 * 60 * 1000;

chatPictureTests(app);

describe('a site’s own gifts and icebreakers', () => {
  it('serves and charges the tenant’s catalogue, and its icebreakers in the member’s language', async () => {
    const host = DEMO.curvy.host;
    const gifts = (await app.request('/api/gifts.php', { host })).json<{
      gifts: { id: string; credits: number }[];
    }>();
    expect(gifts.gifts.map((g) => [g.id, g.credits])).toEqual([
      ['champagne', 99],
      ['rose', 15],
    ]);
    const lines = (await app.request('/api/icebreakers.php', { host, headers: { 'x-locale': 'de' } })).json<{
      icebreakers: string[];
    }>();
    expect(lines.icebreakers).toEqual(['Servus from Kurvenreich!', 'Hallo du']);

    const ann = await payingMember(app, 200, DEMO.curvy);
    const bo = await shownMember(app, { site: DEMO.curvy });
    const teddy = await sendGift(app, ann, bo, 'teddy');
    expect(teddy.status).toBe(422);
    const champagne = await sendGift(app, ann, bo, 'champagne');
    expect(champagne.status, champagne.body).toBe(201);
    expect(await balanceOf(app, ann)).toBe(101);
    // The other sites keep the platform's catalogue.
    expect((await app.request('/api/gifts.php')).json<{ gifts: unknown[] }>().gifts).toHaveLength(6);
  });
});

describe('held messages', () => {
  it('holds an unconfirmed member’s messages (charged) and delivers them with the signup message at activation', async () => {
    const bo = await shownMember(app, { name: 'Bo' });
    const visitor = app.visitor();
    const { fields, user } = await signUp(visitor, {
      signup_message: 'Hi Bo, from the signup form',
      profile: bo.profileId,
    });
    expect(user.status).toBe('not_confirmed');
    const newcomer = {
      memberId: user.id,
      profileId: user.profile.id,
      network: 'amber',
      siteId: 'localhost',
      cookie: `session=${visitor.cookies.get('session')}`,
    } as LoggedIn;

    const res = await sendText(app, newcomer, bo, 'A second hello');
    expect(res.status, res.body).toBe(202);
    expect(res.json()).toMatchObject({
      held: true,
      message: { held: true, mine: true, text: 'A second hello' },
    });
    // The sender sees the chat with the held message; the receiver nothing yet.
    expect((await chatsOf(app, newcomer)).chats[0]!.last_message).toMatchObject({ held: true });
    expect((await chatsOf(app, bo)).chats).toEqual([]);
    expect(await eventsOf(app, bo, 'message')).toEqual([]);

    const link = linkIn(lastMailTo(app.server, fields.email), '/api/activate.php');
    expect((await visitor.get(link.pathAndQuery)).status).toBe(302);

    const chats = await chatsOf(app, bo);
    expect(chats.chats).toHaveLength(1);
    expect(chats.chats[0]!.num_unread_messages).toBe(2);
    const events = await eventsOf(app, bo, 'message');
    expect(events.map((e) => (e.data.message as Message).text)).toEqual([
      'Hi Bo, from the signup form',
      'A second hello',
    ]);
    const opened = (await call(app, bo, 'GET', `/api/chat.php?profile=${newcomer.profileId}`)).json<{
      messages: Message[];
    }>();
    expect(opened.messages.map((m) => [m.text, m.held])).toEqual([
      ['Hi Bo, from the signup form', false],
      ['A second hello', false],
    ]);
    // The link again delivers nothing twice.
    await visitor.get(link.pathAndQuery);
    expect(await eventsOf(app, bo, 'message')).toHaveLength(2);
    const row = await app.db
      .selectFrom('members')
      .select('signup_message')
      .where('id', '=', user.id)
      .executeTakeFirstOrThrow();
    expect(row.signup_message).toBeNull();
  });
});

describe('the free history limit', () => {
  it('hides messages older than free_history_days from a free member and says so', async () => {
    const ann = await shownMember(app);
    const bo = await payingMember(app);
    // Sessions last 30 days, so the old message is sent in the past rather than read in the future.
    await app.withClock(-31 * DAY, () => sendText(app, bo, ann, 'long ago'));
    await sendText(app, bo, ann, 'today');
    const freeRes = await call(app, ann, 'GET', `/api/chat.php?profile=${bo.profileId}`);
    expect(freeRes.status, freeRes.body).toBe(200);
    const free = freeRes.json<{
      messages: Message[];
      history_limited: boolean;
    }>();
    expect(free.messages.map((m) => m.text)).toEqual(['today']);
    expect(free.history_limited).toBe(true);
    await app.make.updateMember(ann, { paid_user: 1 });
    const premium = (await call(app, ann, 'GET', `/api/chat.php?profile=${bo.profileId}`)).json<{
      messages: Message[];
      history_limited: boolean;
    }>();
    expect(premium.messages.map((m) => m.text)).toEqual(['long ago', 'today']);
    expect(premium.history_limited).toBe(false);
  });
});
