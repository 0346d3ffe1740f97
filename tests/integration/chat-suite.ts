import { describe, expect, it } from 'vitest';
import { DEMO } from '../support/server.ts';
import type { ServerUnderTest } from '../support/use-server.ts';
import {
  balanceOf,
  call,
  chatsOf,
  clientId,
  eventsOf,
  ledgerOf,
  payingMember,
  sendGift,
  sendImage,
  sendText,
  shownMember,
  type Message,
} from './chat-support.ts';
import { expectError, expectFieldErrors } from '../support/answers.ts';

/* API.md "Chat": conversations, sending with credits and free allowances, blocks and networks. */

interface ChatBody {
  conversation: { id: string } | null;
  profile: { id: string; fictional: boolean };
  messages: Message[];
  before: string | null;
  history_limited: boolean;
  allowance: {
    costs: { text: number; image: number; gift: number };
    free_messages_left: number | null;
    free_conversations_left: number | null;
    conversation_limit_reached: boolean;
    message_length: number;
  };
}

/** The chat calls against `app`, on whichever database it runs. */
export function chatTests(app: ServerUnderTest): void {
  describe('sending a text and reading it', () => {
    it('sends, charges message_credits in the same breath, and lists the chat on both sides', async () => {
      const ann = await payingMember(app, 20);
      const bo = await shownMember(app);
      const res = await sendText(app, ann, bo, '  Hi Bo!  ');
      expect(res.status, res.body).toBe(201);
      const { message, credits } = res.json<{ message: Message; credits: number }>();
      expect(message).toMatchObject({
        mine: true,
        type: 'text',
        text: 'Hi Bo!',
        credits: 5,
        held: false,
        read: false,
      });
      expect(credits).toBe(15);
      expect(await balanceOf(app, ann)).toBe(15);
      expect(await ledgerOf(app, ann)).toEqual([{ delta: -5, reason: 'message', reference: message.id }]);
      const balances = await eventsOf(app, ann, 'credits');
      expect(balances.at(-1)!.data).toEqual({ balance: 15 });

      const events = await eventsOf(app, bo, 'message');
      expect(events).toHaveLength(1);
      expect(events[0]!.data).toMatchObject({
        conversation: message.conversation,
        message: { id: message.id, mine: false, text: 'Hi Bo!', credits: 0, client_id: null },
      });

      const annChats = await chatsOf(app, ann);
      expect(annChats.chats.map((c) => c.profile.id)).toEqual([bo.profileId]);
      expect(annChats.chats[0]!.num_unread_messages).toBe(0);
      const boChats = await chatsOf(app, bo);
      expect(boChats.chats).toHaveLength(1);
      expect(boChats.chats[0]).toMatchObject({
        conversation: { id: message.conversation },
        profile: { id: ann.profileId },
        num_unread_messages: 1,
        last_message: { id: message.id, mine: false },
      });
      expect(boChats.num_unread_messages).toBe(1);
    });

    it('opens a conversation by profile or id, marks it read and tells the sender', async () => {
      const ann = await payingMember(app);
      const bo = await payingMember(app);
      const first = (await sendText(app, ann, bo, 'one')).json<{ message: Message }>().message;
      await sendText(app, ann, bo, 'two');
      const res = await call(app, bo, 'GET', `/api/chat.php?profile=${ann.profileId}`);
      expect(res.status, res.body).toBe(200);
      const body = res.json<ChatBody>();
      expect(body.conversation).toEqual({ id: first.conversation });
      expect(body.messages.map((m) => m.text)).toEqual(['one', 'two']);
      expect(body.messages.every((m) => !m.mine && m.read)).toBe(true);
      expect(body.history_limited).toBe(false);
      expect((await chatsOf(app, bo)).chats[0]!.num_unread_messages).toBe(0);
      const reads = await eventsOf(app, ann, 'read');
      expect(reads).toHaveLength(1);
      expect(reads[0]!.data).toMatchObject({ conversation: first.conversation });

      const byId = await call(app, ann, 'GET', `/api/chat.php?conversation=${first.conversation}`);
      expect(byId.json<ChatBody>().messages.map((m) => [m.text, m.mine, m.read])).toEqual([
        ['one', true, true],
        ['two', true, true],
      ]);
      // Nothing new to read: no second read event.
      await call(app, bo, 'GET', `/api/chat.php?conversation=${first.conversation}`);
      expect(await eventsOf(app, ann, 'read')).toHaveLength(1);
    });

    it('reads without receipts while the reader is invisible, and with them once visible again', async () => {
      const ann = await payingMember(app);
      const bo = await payingMember(app);
      const first = (await sendText(app, ann, bo, 'one')).json<{ message: Message }>().message;
      await app.make.updateMember(bo, { invisible: 1 });
      const res = await call(app, bo, 'GET', `/api/chat.php?profile=${ann.profileId}`);
      expect(res.status, res.body).toBe(200);
      expect((await chatsOf(app, bo)).chats[0]!.num_unread_messages).toBe(0);
      expect(await eventsOf(app, ann, 'read')).toHaveLength(0);
      // The sender's message stays unread for them (their view shows `read` from this).
      expect((await app.inspect.row('messages', { id: first.id }))!.read_at).toBeNull();

      await app.make.updateMember(bo, { invisible: 0 });
      await call(app, bo, 'GET', `/api/chat.php?conversation=${first.conversation}`);
      expect(await eventsOf(app, ann, 'read')).toHaveLength(1);
      const seen = await call(app, ann, 'GET', `/api/chat.php?conversation=${first.conversation}`);
      expect(seen.json<ChatBody>().messages.map((m) => m.read)).toEqual([true]);
    });

    it('pages older messages with the before cursor, stable under equal times', async () => {
      const ann = await payingMember(app, 1000);
      const bo = await shownMember(app);
      for (let i = 1; i <= 35; i++) await sendText(app, ann, bo, `m${i}`);
      const page1 = (await call(app, bo, 'GET', `/api/chat.php?profile=${ann.profileId}`)).json<ChatBody>();
      expect(page1.messages).toHaveLength(30);
      expect(page1.messages.at(-1)!.text).toBe('m35');
      expect(page1.before).not.toBeNull();
      const page2 = (
        await call(app, bo, 'GET', `/api/chat.php?profile=${ann.profileId}&before=${page1.before}`)
      ).json<ChatBody>();
      expect(page2.messages.map((m) => m.text)).toEqual(['m1', 'm2', 'm3', 'm4', 'm5']);
      expect(page2.before).toBeNull();
      const bad = await call(app, bo, 'GET', `/api/chat.php?profile=${ann.profileId}&before=nonsense`);
      expect(bad.status).toBe(422);
    });

    it('answers an empty conversation for a profile not written to yet', async () => {
      const ann = await shownMember(app);
      const bo = await shownMember(app);
      const res = await call(app, ann, 'GET', `/api/chat.php?profile=${bo.profileId}`);
      expect(res.status, res.body).toBe(200);
      expect(res.json<ChatBody>()).toMatchObject({
        conversation: null,
        profile: { id: bo.profileId },
        messages: [],
        allowance: { free_messages_left: 3, free_conversations_left: 2, conversation_limit_reached: false },
      });
      // The least a paid text costs in money, for the member's country, as the settings say.
      const { settings } = (await app.request('/api/settings.php')).json<{
        settings: { minimum_message_costs: Record<string, { costs: number; currency: string }> };
      }>();
      const { user } = (await call(app, ann, 'GET', '/api/user.php')).json<{
        user: { profile: { country: string } };
      }>();
      const price = res.json<{ allowance: { message_price: unknown } }>().allowance.message_price;
      expect(price).toEqual(settings.minimum_message_costs[user.profile.country] ?? null);
      expect(price).not.toBeNull();
    });
  });

  describe('exactly once', () => {
    it('a retried client_id answers the first message and charges nothing', async () => {
      const ann = await payingMember(app, 20);
      const bo = await shownMember(app);
      const body = { profile: bo.profileId, type: 'text', text: 'once', client_id: clientId() };
      const first = await call(app, ann, 'POST', '/api/chat.php', body);
      const again = await call(app, ann, 'POST', '/api/chat.php', body);
      expect(first.status).toBe(201);
      expect(again.status).toBe(201);
      expect(again.json<{ message: Message }>().message.id).toBe(
        first.json<{ message: Message }>().message.id,
      );
      expect(again.json().credits).toBe(15);
      expect(await app.inspect.count('messages', { sender_profile_id: ann.profileId })).toBe(1);
      expect(await ledgerOf(app, ann)).toHaveLength(1);
      expect(await eventsOf(app, bo, 'message')).toHaveLength(1);
    });

    it('a retry answers the first message even when a send would now be refused', async () => {
      // The first send spends the whole balance, then the other side blocks: a new text would
      // be refused twice over, but the retry of the one sent is answered as it was.
      const ann = await payingMember(app, 5);
      const bo = await shownMember(app);
      const body = { profile: bo.profileId, type: 'text', text: 'just once', client_id: clientId() };
      const first = await call(app, ann, 'POST', '/api/chat.php', body);
      expect(first.status).toBe(201);
      expect(first.json().credits).toBe(0);
      await app.make.block(bo, ann);
      const again = await call(app, ann, 'POST', '/api/chat.php', body);
      expect(again.status).toBe(201);
      expect(again.json<{ message: Message }>().message.id).toBe(
        first.json<{ message: Message }>().message.id,
      );
      expect(again.json().credits).toBe(0);
      expect(await ledgerOf(app, ann)).toHaveLength(1);
      const fresh = await call(app, ann, 'POST', '/api/chat.php', { ...body, client_id: clientId() });
      expect(fresh.status).toBe(403);
    });
  });

  describe('prices and limits', () => {
    it('refuses a text longer than message_length (422 too_long) and writes nothing', async () => {
      const ann = await payingMember(app);
      const bo = await shownMember(app);
      const res = await sendText(app, ann, bo, 'x'.repeat(1001));
      expect(res.status).toBe(422);
      expect(res.json()).toMatchObject({ error: 'validation', fields: { text: 'too_long' } });
      expect(res.json<{ field_messages: Record<string, string> }>().field_messages.text).toContain('1000');
      expect((await sendText(app, ann, bo, 'x'.repeat(1000))).status).toBe(201);
      expect(await app.inspect.count('messages', { sender_profile_id: ann.profileId })).toBe(1);
    });

    it("refuses control characters and bidi overrides in a text (422, in the member's language), keeps lines and tabs", async () => {
      const ann = await payingMember(app);
      const bo = await shownMember(app);
      for (const text of ['Hi\u0000there', 'Hi\u001bthere', 'Hi \u202Eereht', 'a\u2066b', 'Hi\u0085']) {
        const res = await sendText(app, ann, bo, text);
        expect(res.status, JSON.stringify(text)).toBe(422);
        expect(res.json()).toMatchObject({ error: 'validation', fields: { text: 'control_characters' } });
        expect(res.json<{ field_messages: Record<string, string> }>().field_messages.text).toBe(
          'Please remove the hidden control or text direction characters.',
        );
      }
      expect(await app.inspect.count('messages', { sender_profile_id: ann.profileId })).toBe(0);
      await app.make.updateMember(ann, { language: 'de' });
      const german = await app.request('/api/chat.php', {
        host: DEMO.amber.host,
        method: 'POST',
        headers: { cookie: `${ann.cookie}; locale=de` },
        body: { profile: bo.profileId, type: 'text', text: 'Hallo\u0000', client_id: clientId() },
      });
      expect(german.status).toBe(422);
      expect(german.json<{ field_messages: Record<string, string> }>().field_messages.text).toBe(
        'Bitte entferne die unsichtbaren Steuer- oder Textrichtungszeichen.',
      );
      const lines = await sendText(app, ann, bo, 'Line one\n\tLine two\r\nthree');
      expect(lines.status, lines.body).toBe(201);
      expect(lines.json<{ message: Message }>().message.text).toBe('Line one\n\tLine two\r\nthree');
    });

    it('402 not_enough_credits changes nothing', async () => {
      const ann = await payingMember(app, 4);
      const bo = await shownMember(app);
      const res = await sendText(app, ann, bo);
      expect(res.status).toBe(402);
      expect(res.json()).toMatchObject({ error: 'not_enough_credits', credits: 4, needed: 5 });
      expect(await app.inspect.count('messages', { sender_profile_id: ann.profileId })).toBe(0);
      expect(
        await app.inspect.count('conversations', { profile_a_id: [ann.profileId, bo.profileId].sort()[0]! }),
      ).toBe(0);
      expect(await balanceOf(app, ann)).toBe(4);
    });

    it('charges gifts and images their own prices with their own reasons', async () => {
      const ann = await payingMember(app, 100);
      const bo = await shownMember(app);
      await app.make.updateMember(bo, { language: 'de' });
      const catalogue = (await app.request('/api/gifts.php')).json<{
        gifts: { id: string; credits: number; name: string; image: string }[];
      }>();
      expect(catalogue.gifts.length).toBeGreaterThan(3);
      const teddy = catalogue.gifts.find((g) => g.id === 'teddy')!;
      expect(teddy).toMatchObject({ credits: 45, name: 'Teddy bear', image: '/gift-teddy.svg' });
      const res = await sendGift(app, ann, bo, 'teddy');
      expect(res.status, res.body).toBe(201);
      const message = res.json<{ message: Message }>().message;
      expect(message).toMatchObject({ type: 'gift', gift: { id: 'teddy', credits: 45 }, credits: 45 });
      expect(await ledgerOf(app, ann)).toEqual([{ delta: -45, reason: 'gift', reference: message.id }]);
      // The receiver reads the gift's name in their own language.
      const [event] = await eventsOf(app, bo, 'message');
      expect(event!.data.message).toMatchObject({ gift: { id: 'teddy', name: 'Teddybär' } });
      const unknown = await sendGift(app, ann, bo, 'unicorn');
      expectFieldErrors(unknown, { gift: 'invalid' });
      const notMine = await sendImage(app, ann, bo, 'no-such-photo');
      expect(notMine.status).toBe(422);
      expect(await balanceOf(app, ann)).toBe(55);
    });

    it('gives a free member free texts, then charges; shows what is left', async () => {
      const ann = await shownMember(app);
      await app.make.updateMember(ann, { credits: 7 });
      const bo = await shownMember(app);
      for (const left of [2, 1, 0]) {
        const res = await sendText(app, ann, bo);
        expect(res.status, res.body).toBe(201);
        expect(res.json()).toMatchObject({
          credits: 7,
          message: { credits: 0 },
          allowance: { free_messages_left: left },
        });
      }
      const paid = await sendText(app, ann, bo);
      expect(paid.status).toBe(201);
      expect(paid.json()).toMatchObject({
        credits: 2,
        message: { credits: 5 },
        allowance: { costs: { text: 5 } },
      });
      expect((await sendText(app, ann, bo)).status).toBe(402);
    });

    it('lets a free member write in two conversations and refuses a third with the way to premium', async () => {
      const ann = await shownMember(app);
      const [bo, cy, di] = [await shownMember(app), await shownMember(app), await shownMember(app)];
      expect((await sendText(app, ann, bo)).status).toBe(201);
      expect((await sendText(app, ann, cy)).status).toBe(201);
      const third = await sendText(app, ann, di);
      expect(third.status).toBe(403);
      expect(third.json()).toMatchObject({
        error: 'free_conversation_limit',
        limit: 2,
        upgrade_url: '/credits',
      });
      expect(third.json().message).toContain('premium');
      const open = await call(app, ann, 'GET', `/api/chat.php?profile=${di.profileId}`);
      expect(open.json<ChatBody>().allowance).toMatchObject({
        free_conversations_left: 0,
        conversation_limit_reached: true,
      });
      // The profile's Message button says the same before the chat opens, and nothing where
      // the member already writes.
      const profile = (id: string) => call(app, ann, 'GET', `/members/${id}`);
      const blocked = await profile(di.profileId);
      expect(blocked.body).toContain(`&quot;limit_reached&quot;:[0,true]`);
      expect(blocked.body).toContain('Get Premium to write');
      expect(blocked.body).toContain('Free members can chat in 2 conversations, and yours are in use.');
      const writing = await profile(bo.profileId);
      expect(writing.body).toContain('&quot;starts_new&quot;:[0,false]');
      expect(writing.body).not.toContain('data-testid="message-limit"');
      // The two conversations stay open; premium lifts the limit.
      expect((await sendText(app, ann, bo)).status).toBe(201);
      await app.make.updateMember(ann, { paid_user: 1, credits: 10 });
      expect((await sendText(app, ann, di)).status).toBe(201);
      expect(await app.inspect.count('messages', { sender_profile_id: ann.profileId })).toBe(4);
    });
  });

  describe('blocks, modes and networks', () => {
    it('refuses every chat call 403 blocked both ways and hides the chat from the list', async () => {
      const ann = await payingMember(app);
      const blocker = await payingMember(app);
      await app.make.updateProfile(blocker, { name: 'Blockwell' });
      const conversation = (await sendText(app, blocker, ann)).json<{ message: Message }>().message
        .conversation;
      await app.make.block(blocker, ann);
      const calls = [
        () => call(app, ann, 'GET', `/api/chat.php?profile=${blocker.profileId}`),
        () => call(app, ann, 'GET', `/api/chat.php?conversation=${conversation}`),
        () => sendText(app, ann, blocker),
        () =>
          call(app, ann, 'POST', '/api/chat.php', {
            conversation,
            type: 'text',
            text: 'x',
            client_id: clientId(),
          }),
        () => call(app, ann, 'POST', '/api/typing.php', { conversation }),
      ];
      for (const act of calls) {
        const res = await act();
        expect(res.status, res.body).toBe(403);
        expect(res.json()).toMatchObject({
          error: 'blocked',
          name: 'Blockwell',
          message: "You're blocked by Blockwell, no access",
        });
      }
      const mine = await call(app, blocker, 'GET', `/api/chat.php?conversation=${conversation}`);
      expectError(mine, 403, 'blocked');
      expect((await chatsOf(app, ann)).chats).toEqual([]);
      expect((await chatsOf(app, blocker)).chats).toEqual([]);
      expect(await app.inspect.count('messages', { sender_profile_id: ann.profileId })).toBe(0);
    });

    it('never reaches another network, an invisible member or a stranger’s conversation (404)', async () => {
      const ann = await payingMember(app);
      const elsewhere = await shownMember(app, { site: DEMO.curvy });
      const hidden = await shownMember(app);
      await app.make.updateMember(hidden, { invisible: 1 });
      await app.make.updateProfile(hidden, { listing: 'invisible' });
      const [x, y] = [await payingMember(app), await shownMember(app)];
      const strangers = (await sendText(app, x, y)).json<{ message: Message }>().message.conversation;
      for (const profile of [elsewhere.profileId, hidden.profileId, ann.profileId, 'nobody']) {
        expect((await sendText(app, ann, { profileId: profile })).status, profile).toBe(404);
        expect((await call(app, ann, 'GET', `/api/chat.php?profile=${profile}`)).status, profile).toBe(404);
      }
      // Every way to name the conversation of two others (each send with its own client_id).
      const intoStrangers = () =>
        [
          ['GET', `/api/chat.php?conversation=${strangers}`, undefined],
          [
            'POST',
            '/api/chat.php',
            { conversation: strangers, type: 'text', text: 'x', client_id: clientId() },
          ],
          ['DELETE', '/api/chat.php', { conversation: strangers }],
          ['POST', '/api/typing.php', { conversation: strangers }],
        ] as const;
      for (const [method, path, body] of intoStrangers()) {
        expect((await call(app, ann, method, path, body)).status, `${method} ${path}`).toBe(404);
      }
      // Another network's member names the conversation: it is not there for them.
      await app.make.updateMember(elsewhere, { paid_user: 1, credits: 50 });
      for (const [method, path, body] of intoStrangers()) {
        expect((await call(app, elsewhere, method, path, body)).status, `curvy ${method} ${path}`).toBe(404);
      }
      expect((await sendText(app, elsewhere, x)).status).toBe(404);
      expect((await chatsOf(app, elsewhere)).chats).toEqual([]);
      // An invisible member's chats reach nobody: writing is refused before anything is paid.
      await app.make.updateMember(hidden, { paid_user: 1, credits: 50 });
      const invisible = await sendText(app, hidden, ann);
      expect(invisible.status).toBe(403);
      expect(invisible.json()).toMatchObject({ error: 'invisible_mode' });
      expect(await app.inspect.count('messages', { sender_profile_id: hidden.profileId })).toBe(0);
      expect(await balanceOf(app, hidden)).toBe(50);
      expect((await chatsOf(app, ann)).chats).toEqual([]);
      expect(await app.inspect.count('messages', { sender_profile_id: ann.profileId })).toBe(0);
    });

    it('refuses visitors and bad input', async () => {
      for (const [method, path] of [
        ['GET', '/api/chats.php'],
        ['GET', '/api/chat.php?profile=x'],
        ['POST', '/api/chat.php'],
        ['DELETE', '/api/chat.php'],
        ['POST', '/api/typing.php'],
      ] as const) {
        const res = await app.request(path, {
          method,
          body: method === 'GET' ? undefined : { conversation: 'x' },
        });
        expect(res.status, path).toBe(403);
        expect(res.json().error).toBe('authentication_required');
      }
      const ann = await payingMember(app);
      const bo = await shownMember(app);
      const noKey = await call(app, ann, 'POST', '/api/chat.php', {
        profile: bo.profileId,
        type: 'text',
        text: 'x',
      });
      expect(noKey.status).toBe(422);
      expect(noKey.json().fields).toMatchObject({ client_id: 'required' });
      const both = await sendText(app, ann, bo, 'x', { conversation: 'c-1' });
      expect(both.status).toBe(422);
      expect(both.json<{ fields: Record<string, string> }>().fields).toEqual({
        conversation: 'conversation_or_profile',
      });
      const neither = await call(app, ann, 'GET', '/api/chat.php');
      expect(neither.status).toBe(422);
      const empty = await sendText(app, ann, bo, '   ');
      expectFieldErrors(empty, { text: 'required' });
      expect(await app.inspect.count('messages', { sender_profile_id: ann.profileId })).toBe(0);
    });
  });

  describe('DELETE /api/chat.php', () => {
    it('hides the chat for this member only, until a new message', async () => {
      const ann = await payingMember(app);
      const bo = await payingMember(app);
      const conversation = (await sendText(app, ann, bo, 'before')).json<{ message: Message }>().message
        .conversation;
      const res = await call(app, bo, 'DELETE', '/api/chat.php', { conversation });
      expect(res.status).toBe(200);
      expect(res.json()).toEqual({ ok: true });
      expect((await chatsOf(app, bo)).chats).toEqual([]);
      expect((await chatsOf(app, ann)).chats).toHaveLength(1);
      await new Promise((r) => setTimeout(r, 5));
      await sendText(app, ann, bo, 'after');
      const back = await chatsOf(app, bo);
      expect(back.chats).toHaveLength(1);
      expect(back.chats[0]!.num_unread_messages).toBe(1);
      const history = (
        await call(app, bo, 'GET', `/api/chat.php?conversation=${conversation}`)
      ).json<ChatBody>();
      expect(history.messages.map((m) => m.text)).toEqual(['after']);
      const annHistory = (
        await call(app, ann, 'GET', `/api/chat.php?conversation=${conversation}`)
      ).json<ChatBody>();
      expect(annHistory.messages.map((m) => m.text)).toEqual(['before', 'after']);
    });
  });

  describe('typing, icebreakers, fictional profiles', () => {
    it('publishes typing to the other side only, never stored, rate limited', async () => {
      const ann = await payingMember(app);
      const bo = await shownMember(app);
      const conversation = (await sendText(app, ann, bo)).json<{ message: Message }>().message.conversation;
      const res = await call(app, ann, 'POST', '/api/typing.php', { conversation });
      expect(res.status).toBe(204);
      expect(await eventsOf(app, bo, 'typing')).toEqual([]);
      let limited = 0;
      for (let i = 0; i < 35; i++) {
        if ((await call(app, ann, 'POST', '/api/typing.php', { conversation })).status === 429) limited++;
      }
      expect(limited).toBeGreaterThan(0);
    });

    it('serves icebreakers in the member’s language', async () => {
      const en = (await app.request('/api/icebreakers.php')).json<{ icebreakers: string[] }>();
      expect(en.icebreakers).toHaveLength(8);
      expect(en.icebreakers.at(-1)).toContain('Amber Hearts');
      const de = (await app.request('/api/icebreakers.php', { headers: { 'x-locale': 'de' } })).json<{
        icebreakers: string[];
      }>();
      expect(de.icebreakers[0]).toMatch(/^Hallo/);
    });

    it('labels a fictional profile’s conversation and never answers for it', async () => {
      const ann = await payingMember(app);
      const operator = await app.make.operatorProfile({ network: 'amber', name: 'Fiona', fictional: true });
      const res = await sendText(app, ann, operator, 'Hi Fiona');
      expect(res.status, res.body).toBe(201);
      const chats = await chatsOf(app, ann);
      expect(chats.chats[0]!.profile).toMatchObject({ id: operator.profileId, fictional: true });
      const open = (
        await call(app, ann, 'GET', `/api/chat.php?profile=${operator.profileId}`)
      ).json<ChatBody>();
      expect(open.profile.fictional).toBe(true);
      expect(await app.inspect.count('messages', { sender_profile_id: operator.profileId })).toBe(0);
    });
  });
}

/** Parallel sends: exactly once per key, and never a credit more than the balance. */
export function chatConcurrencyTests(app: ServerUnderTest): void {
  describe('concurrent sends', () => {
    it('the same client_id sent ten times at once sends and charges once', async () => {
      const ann = await payingMember(app, 50);
      const bo = await shownMember(app);
      const body = { profile: bo.profileId, type: 'text', text: 'race', client_id: clientId() };
      const answers = await Promise.all(
        Array.from({ length: 10 }, () => call(app, ann, 'POST', '/api/chat.php', body)),
      );
      expect(answers.map((a) => a.status)).toEqual(Array(10).fill(201));
      expect(new Set(answers.map((a) => a.json<{ message: Message }>().message.id)).size).toBe(1);
      expect(await app.inspect.count('messages', { sender_profile_id: ann.profileId })).toBe(1);
      expect(await ledgerOf(app, ann)).toHaveLength(1);
      expect(await balanceOf(app, ann)).toBe(45);
    });

    it('parallel sends never spend more than the balance', async () => {
      const ann = await payingMember(app, 12);
      const bo = await shownMember(app);
      const answers = await Promise.all(Array.from({ length: 8 }, (_, i) => sendText(app, ann, bo, `p${i}`)));
      const statuses = answers.map((a) => a.status).sort();
      expect(statuses).toEqual([201, 201, 402, 402, 402, 402, 402, 402]);
      expect(await balanceOf(app, ann)).toBe(2);
      expect(await app.inspect.count('messages', { sender_profile_id: ann.profileId })).toBe(2);
      expect(await ledgerOf(app, ann)).toHaveLength(2);
    });

    it("parallel sends of several members: a refused send changes nothing and sinks none of the others'", async () => {
      const ann = await payingMember(app, 12);
      const carl = await payingMember(app, 50);
      const bo = await shownMember(app);
      const answers = await Promise.all([
        ...Array.from({ length: 6 }, (_, i) => sendText(app, ann, bo, `a${i}`)),
        ...Array.from({ length: 4 }, (_, i) => sendText(app, carl, bo, `c${i}`)),
      ]);
      expect(
        answers
          .slice(0, 6)
          .map((a) => a.status)
          .sort(),
      ).toEqual([201, 201, 402, 402, 402, 402]);
      expect(answers.slice(6).map((a) => a.status)).toEqual([201, 201, 201, 201]);
      expect(await balanceOf(app, ann)).toBe(2);
      expect(await balanceOf(app, carl)).toBe(30);
      expect(await app.inspect.count('messages', { sender_profile_id: ann.profileId })).toBe(2);
      expect(await app.inspect.count('messages', { sender_profile_id: carl.profileId })).toBe(4);
      expect(await ledgerOf(app, ann)).toHaveLength(2);
      expect(await ledgerOf(app, carl)).toHaveLength(4);
    });

    it('parallel first messages of a free member open at most two conversations and spend three free texts', async () => {
      const ann = await shownMember(app);
      const others = await Promise.all(Array.from({ length: 5 }, () => shownMember(app)));
      const answers = await Promise.all(others.map((o) => sendText(app, ann, o)));
      expect(answers.filter((a) => a.status === 201)).toHaveLength(2);
      expect(answers.filter((a) => a.status === 403)).toHaveLength(3);
      const open = others[answers.findIndex((a) => a.status === 201)]!;
      const more = await Promise.all([
        sendText(app, ann, open),
        sendText(app, ann, open),
        sendText(app, ann, open),
      ]);
      const sent =
        answers.filter((a) => a.status === 201).length + more.filter((a) => a.status === 201).length;
      // Three free texts and no credits: the fourth text cannot go out.
      expect(sent).toBe(3);
      expect(await app.inspect.count('messages', { sender_profile_id: ann.profileId })).toBe(sent);
    });
  });
}
