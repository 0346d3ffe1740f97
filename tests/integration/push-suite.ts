import { afterAll, describe, expect, it } from 'vitest';
import type { PushPayload } from '../../src/features/pwa/index.ts';
import { openSse } from '../support/sse.ts';
import { DEMO } from '../support/server.ts';
import { useServer } from '../support/use-server.ts';
import {
  browserPushKeys,
  startPushReceiver,
  type BrowserPushKeys,
  type PushReceiver,
} from '../support/web-push.ts';
import { payingMember, sendText } from './chat-support.ts';
import { call, shownMember, type LoggedIn } from './likes-support.ts';

/*
 * Web push (API.md "Away from the site") against a local push service: the server may send to it
 * because PUSH_ALLOWED_ORIGINS names it, as a test configuration does; every other address
 * outside the browsers' push services is refused.
 */

/** The push tests against a server on `database`. */
export function pushTests(database: 'sqlite' | 'postgres'): void {
  let receiver: PushReceiver;
  const app = useServer({
    clock: true,
    database,
    env: async () => {
      receiver = await startPushReceiver();
      return { PUSH_ALLOWED_ORIGINS: receiver.origin };
    },
  });
  afterAll(async () => {
    await receiver?.close();
  });

  const hostOf = (member: LoggedIn) => (member.siteId === 'curvy' ? DEMO.curvy.host : 'localhost');

  /** `member` subscribes this "browser" (its own keys) at an endpoint of the receiver. */
  async function subscribe(member: LoggedIn, endpoint = receiver.endpoint()) {
    const keys = browserPushKeys();
    const res = await call(app, member, 'POST', '/api/user.php?push=1', {
      subscription: { endpoint, expirationTime: null, keys: { p256dh: keys.p256dh, auth: keys.auth } },
    });
    expect(res.status, res.body).toBe(200);
    return { endpoint, keys };
  }

  /**
   * The `count`th push this "browser" received (waiting for it), decrypted with its keys: the
   * payload its service worker would read.
   */
  async function payloadPushedTo(
    browser: { endpoint: string; keys: BrowserPushKeys },
    count = 1,
    timeoutMs?: number,
  ): Promise<PushPayload> {
    const pushes = await receiver.waitFor(browser.endpoint, count, timeoutMs);
    return JSON.parse(browser.keys.decrypt(pushes[count - 1]!.body)) as PushPayload;
  }

  /** `from` likes `to` (the like must be taken); answers the push `to`'s browser then receives. */
  async function pushOfLike(
    from: LoggedIn,
    to: LoggedIn,
    browser: { endpoint: string; keys: BrowserPushKeys },
  ) {
    expect((await call(app, from, 'POST', '/api/like.php', { profile: to.profileId })).status).toBe(200);
    return payloadPushedTo(browser);
  }

  /** A paying member to write, and a member whose browser is subscribed to pushes. */
  async function writerAndSubscriber() {
    const ann = await payingMember(app, 50);
    const bo = await shownMember(app);
    return { ann, bo, browser: await subscribe(bo) };
  }

  /** Waits until nothing more can be on its way: the push leaves within moments of the send. */
  const settle = () => new Promise((resolve) => setTimeout(resolve, 1_500));

  async function outbox(member: LoggedIn) {
    return app.db
      .selectFrom('push_outbox')
      .select(['status', 'payload', 'attempts', 'next_attempt_at', 'topic'])
      .where('member_id', '=', member.memberId)
      .orderBy('created_at')
      .execute();
  }

  async function setPreferences(member: LoggedIn, body: Record<string, unknown>) {
    const res = await call(app, member, 'PUT', '/api/notifications.php', body);
    expect(res.status, res.body).toBe(200);
    return res.json<{ push: boolean; push_preview: boolean; disabled: string[] }>();
  }

  describe('a push to a member who is away', () => {
    it("carries the sender's name and the text, to the conversation, one tag per conversation, signed with the site's key", async () => {
      const ann = await payingMember(app, 50);
      await app.make.updateProfile(ann, { name: 'Annabel' });
      const bo = await shownMember(app);
      const browser = await subscribe(bo);
      const sent = await sendText(app, ann, bo, 'Coffee on Sunday?');
      expect(sent.status, sent.body).toBe(201);
      const conversation = sent.json<{ message: { conversation: string } }>().message.conversation;
      const [push] = await receiver.waitFor(browser.endpoint);
      const payload = JSON.parse(browser.keys.decrypt(push!.body)) as PushPayload;
      expect(payload).toEqual({
        title: 'Annabel',
        body: 'Coffee on Sunday?',
        url: `/chats/${conversation}`,
        tag: `chat-${conversation}`,
        badge: 1,
      });
      expect(Object.keys(payload)).toEqual(['title', 'body', 'url', 'tag', 'badge']);
      expect(push!.headers['content-encoding']).toBe('aes128gcm');
      expect(Number(push!.headers.ttl)).toBeGreaterThan(0);
      expect(push!.headers.topic).toMatch(/^[A-Za-z0-9_-]{1,32}$/);
      // VAPID (RFC 8292) with the key the site publishes in its settings.
      const settings = (await app.request('/api/settings.php')).json<{
        settings: { push_public_key: string };
      }>();
      expect(push!.headers.authorization).toMatch(
        new RegExp(`^vapid t=[\\w-]+\\.[\\w-]+\\.[\\w-]+, k=${settings.settings.push_public_key}$`),
      );
      // Done: a push service took it, and the text is no longer kept.
      await expect
        .poll(async () => (await outbox(bo)).map((r) => [r.status, r.payload]))
        .toEqual([['sent', '']]);
      // A second message in the same conversation has the same tag, the badge counts both.
      await sendText(app, ann, bo, 'Or Saturday');
      const pushes = await receiver.waitFor(browser.endpoint, 2);
      const second = JSON.parse(browser.keys.decrypt(pushes[1]!.body)) as PushPayload;
      expect(second).toMatchObject({ tag: `chat-${conversation}`, body: 'Or Saturday', badge: 2 });
      expect(pushes[1]!.headers.topic).toBe(push!.headers.topic);
    });

    it("is in the recipient's language, and neutral with previews off", async () => {
      const ann = await payingMember(app, 50);
      const bo = await shownMember(app);
      await app.make.updateMember(bo, { language: 'de' });
      const browser = await subscribe(bo);
      expect(await setPreferences(bo, { push_preview: false })).toMatchObject({
        push: true,
        push_preview: false,
      });
      const sent = await sendText(app, ann, bo, 'A secret text');
      expect(sent.status, sent.body).toBe(201);
      const [push] = await receiver.waitFor(browser.endpoint);
      const text = browser.keys.decrypt(push!.body);
      expect(text).not.toMatch(/secret|Ann/);
      expect(JSON.parse(text)).toMatchObject({
        title: 'Neue Nachricht',
        body: 'Jemand hat dir geschrieben. Öffne den Chat, um es zu lesen.',
      });
    });

    it('tells of a like and of a match, on the likes page under one tag', async () => {
      const ann = await shownMember(app, { name: 'Liv' });
      const bo = await shownMember(app);
      const browser = await subscribe(bo);
      expect(await pushOfLike(ann, bo, browser)).toEqual({
        title: 'Liv',
        body: 'Likes you.',
        url: '/likes/received',
        tag: 'likes',
        badge: 1,
      });
      const annBrowser = await subscribe(ann);
      // Liking back makes a match, which Ann's browser is told of.
      expect(await pushOfLike(bo, ann, annBrowser)).toMatchObject({
        body: "It's a match: you like each other.",
        url: '/likes/received',
        tag: 'likes',
      });
    });
  });

  describe('no push', () => {
    it('for a category the member switched off (a first message is a new conversation)', async () => {
      const { ann, bo, browser } = await writerAndSubscriber();
      await setPreferences(bo, { disabled: ['new_conversations'] });
      await sendText(app, ann, bo, 'first');
      await settle();
      expect(receiver.pushesTo(browser.endpoint)).toHaveLength(0);
      // The next message in it is a new message, which is on.
      await sendText(app, ann, bo, 'second');
      expect(await payloadPushedTo(browser)).toMatchObject({ body: 'second' });
    });

    it('with push switched off as a whole, the subscription kept', async () => {
      const { ann, bo, browser } = await writerAndSubscriber();
      expect(await setPreferences(bo, { push: false })).toMatchObject({
        push: false,
        disabled: ['promotions', 'news'],
      });
      await sendText(app, ann, bo, 'hello');
      await settle();
      expect(receiver.pushesTo(browser.endpoint)).toHaveLength(0);
      expect(await outbox(bo)).toEqual([]);
      expect(await app.inspect.count('push_subscriptions', { member_id: bo.memberId })).toBe(1);
    });

    it('while the member holds an event stream open; again once it is closed', async () => {
      const { ann, bo, browser } = await writerAndSubscriber();
      const stream = await openSse(app.server.baseUrl, '/api/events.php', {
        host: hostOf(bo),
        cookie: bo.cookie,
      });
      try {
        expect(stream.status).toBe(200);
        await sendText(app, ann, bo, 'you are here');
        await stream.waitFor((events) => events.some((e) => e.event === 'message'));
        await settle();
        expect(receiver.pushesTo(browser.endpoint)).toHaveLength(0);
      } finally {
        stream.close();
      }
      await new Promise((resolve) => setTimeout(resolve, 300));
      await sendText(app, ann, bo, 'you are away');
      expect(await payloadPushedTo(browser)).toMatchObject({ body: 'you are away' });
    });

    it('from a member the recipient blocked: chat refuses the message, nothing is pushed', async () => {
      const { ann, bo, browser } = await writerAndSubscriber();
      await app.make.block(bo, ann);
      const sent = await sendText(app, ann, bo, 'let me in');
      expect(sent.status).toBe(403);
      expect((await call(app, ann, 'POST', '/api/like.php', { profile: bo.profileId })).status).not.toBe(200);
      await settle();
      expect(receiver.pushesTo(browser.endpoint)).toHaveLength(0);
    });

    it('across networks: a member of another network cannot be reached, nor is anyone else pushed', async () => {
      const ann = await payingMember(app, 50);
      const cy = await shownMember(app, { site: DEMO.curvy });
      const curvyBrowser = await subscribe(cy);
      const bo = await shownMember(app);
      const amberBrowser = await subscribe(bo);
      const sent = await sendText(app, ann, cy, 'over the fence');
      expect(sent.status).toBeGreaterThanOrEqual(400);
      // The same browser subscribed in both networks: a message in one network pushes once.
      const shared = receiver.endpoint('shared');
      const sharedKeys = await subscribe(bo, shared);
      await subscribe(cy, shared);
      await sendText(app, ann, bo, 'within amber');
      expect(await payloadPushedTo(sharedKeys)).toMatchObject({ body: 'within amber' });
      await settle();
      expect(receiver.pushesTo(shared)).toHaveLength(1);
      expect(receiver.pushesTo(curvyBrowser.endpoint)).toHaveLength(0);
      // bo's older subscription from the same account got it as well: one push per browser.
      expect(receiver.pushesTo(amberBrowser.endpoint)).toHaveLength(1);
    });
  });

  describe('subscriptions', () => {
    it('one the push service calls gone (410) is deleted', async () => {
      const { ann, bo, browser } = await writerAndSubscriber();
      receiver.answer(browser.endpoint, 410);
      await sendText(app, ann, bo, 'anyone there?');
      await receiver.waitFor(browser.endpoint);
      await expect.poll(() => app.inspect.count('push_subscriptions', { member_id: bo.memberId })).toBe(0);
      expect((await outbox(bo)).map((r) => r.status)).toEqual(['gone']);
    });

    it('a push the push service could not take now is sent again later, by the job', async () => {
      const { ann, bo, browser } = await writerAndSubscriber();
      receiver.answer(browser.endpoint, 503);
      await sendText(app, ann, bo, 'try again');
      await receiver.waitFor(browser.endpoint);
      await expect
        .poll(async () => (await outbox(bo)).map((r) => [r.status, r.attempts]))
        .toEqual([['failed', 1]]);
      expect((await outbox(bo))[0]!.payload).not.toBe('');
      receiver.answer(browser.endpoint, 201);
      // Not before its time (a minute after the first try)…
      await settle();
      expect(receiver.pushesTo(browser.endpoint)).toHaveLength(1);
      // …then the job sends it again.
      app.setClock(2 * 60_000);
      try {
        expect(await payloadPushedTo(browser, 2, 10_000)).toMatchObject({ body: 'try again' });
        await expect
          .poll(async () => (await outbox(bo)).map((r) => [r.status, r.attempts]))
          .toEqual([['sent', 2]]);
      } finally {
        app.setClock(0);
      }
    });

    it('an endpoint outside the push services is refused at subscribe (422) and never sent to', async () => {
      const ann = await payingMember(app, 50);
      const bo = await shownMember(app);
      for (const endpoint of [
        'https://push.example.org/send/1',
        'https://fcm.googleapis.com.evil.example/fcm/send/1',
        'https://fcm.googleapis.com:8443/fcm/send/1',
        'http://fcm.googleapis.com/fcm/send/1',
        `${receiver.origin.replace('127.0.0.1', 'localhost')}/push/1`,
      ]) {
        const res = await call(app, bo, 'POST', '/api/user.php?push=1', {
          subscription: { endpoint, keys: { p256dh: 'BPk', auth: 'aut' } },
        });
        expect(res.status, endpoint).toBe(422);
        expect(res.json<{ fields: Record<string, string> }>().fields).toEqual({
          subscription: 'endpoint_invalid',
        });
      }
      for (const endpoint of [
        'https://fcm.googleapis.com/fcm/send/abc',
        'https://updates.push.services.mozilla.com/wpush/v2/abc',
        'https://web.push.apple.com/abc',
        'https://wns2-par02p.notify.windows.com/w/?token=abc',
      ]) {
        const res = await call(app, bo, 'POST', '/api/user.php?push=1', {
          subscription: { endpoint, keys: { p256dh: 'BPk', auth: 'aut' } },
        });
        expect(res.status, endpoint).toBe(200);
      }
      await app.db.deleteFrom('push_subscriptions').where('member_id', '=', bo.memberId).execute();
      // One written before the rule (or under another configuration) is checked again at send time.
      const keys = browserPushKeys();
      const stray = `http://127.0.0.1:9/push/stray-${Date.now()}`;
      await app.db
        .insertInto('push_subscriptions')
        .values({
          id: `stray-${Date.now()}`,
          member_id: bo.memberId,
          network_id: bo.network,
          site_id: bo.siteId,
          endpoint: stray,
          p256dh: keys.p256dh,
          auth: keys.auth,
          user_agent: null,
          created_at: Date.now(),
          last_used_at: null,
        })
        .execute();
      await sendText(app, ann, bo, 'not to 9');
      await settle();
      expect(await app.inspect.count('push_subscriptions', { member_id: bo.memberId })).toBe(0);
      expect(await outbox(bo)).toEqual([]);
    });

    it("DELETE removes this browser's subscription, and only the member's own", async () => {
      const bo = await shownMember(app);
      const cy = await shownMember(app);
      const mine = await subscribe(bo);
      const theirs = await subscribe(cy);
      const visitor = await app.request('/api/user.php?push=1', {
        method: 'DELETE',
        body: { endpoint: mine.endpoint },
      });
      expect(visitor.status).toBe(403);
      const other = await call(app, bo, 'DELETE', '/api/user.php?push=1', { endpoint: theirs.endpoint });
      expect(other.status, other.body).toBe(200);
      expect(await app.inspect.count('push_subscriptions', { member_id: cy.memberId })).toBe(1);
      const res = await call(app, bo, 'DELETE', '/api/user.php?push=1', { endpoint: mine.endpoint });
      expect(res.status, res.body).toBe(200);
      expect(res.json()).toEqual({ ok: true });
      expect(await app.inspect.count('push_subscriptions', { member_id: bo.memberId })).toBe(0);
      const bad = await call(app, bo, 'DELETE', '/api/user.php?push=1', {});
      expect(bad.status).toBe(422);
    });
  });

  describe('GET and PUT /api/notifications.php with push', () => {
    it('keeps the push switch and the preview choice apart from the categories', async () => {
      const bo = await shownMember(app);
      // Promotions and news wait for the member's yes (consent).
      expect((await call(app, bo, 'GET', '/api/notifications.php')).json()).toEqual({
        disabled: ['promotions', 'news'],
        reasons: {},
        push: true,
        push_preview: true,
      });
      await setPreferences(bo, { push: false, push_preview: false });
      expect(await setPreferences(bo, { disabled: ['news'] })).toEqual({
        disabled: ['news'],
        reasons: {},
        push: false,
        push_preview: false,
      });
      expect(await setPreferences(bo, { push: true })).toEqual({
        disabled: ['news'],
        reasons: {},
        push: true,
        push_preview: false,
      });
      for (const body of [{}, { push: 'yes' }, { push_preview: 1 }, { other: true }]) {
        const res = await call(app, bo, 'PUT', '/api/notifications.php', body);
        expect(res.status, JSON.stringify(body)).toBe(422);
      }
    });
  });
}
