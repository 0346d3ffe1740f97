import { describe, expect, it } from 'vitest';
import { gatewayCounter, parseRawAnswer, rawExchange, rawHead, type RawAnswer } from '../support/raw-http.ts';
import { useServer } from '../support/use-server.ts';
import {
  balanceOf,
  clientId,
  eventsOf,
  ledgerOf,
  payingMember,
  shownMember,
  type LoggedIn,
} from './chat-support.ts';

/*
 * A text send is answered before the page pipeline when it can (src/server/api-gateway.ts), and
 * by the app otherwise: a session due a write (last seen a while ago) goes to the app, which
 * marks it seen. The same call down either path must answer the same status line, headers (in
 * order, byte for byte but the Date) and body, and leave the same rows behind.
 */

// Counting makes the server say which requests the gateway answered.
const app = useServer({ env: { KINDRED_COUNT_SQL: '1' } });

const { answers: gatewayAnswers, answered: gatewayAnswered } = gatewayCounter(
  () => app.server.output(),
  /^gateway: POST \/api\/chat\.php$/gm,
);

const hostOf = (member: LoggedIn) =>
  member.siteId === 'localhost' ? 'localhost' : `${member.siteId}.localhost`;

/** `POST /api/chat.php` written out byte for byte, on a connection of its own. */
async function post(
  member: LoggedIn | null,
  body: unknown,
  headers: Record<string, string> = {},
  host = member ? hostOf(member) : 'localhost',
): Promise<RawAnswer> {
  const payload = Buffer.from(JSON.stringify(body));
  const all: Record<string, string> = {
    host,
    'content-type': 'application/json',
    'content-length': String(payload.length),
    connection: 'close',
    ...(member ? { cookie: member.cookie } : {}),
    ...headers,
  };
  const head = rawHead('POST /api/chat.php HTTP/1.1', all);
  return parseRawAnswer(await rawExchange(app.server.port, Buffer.concat([Buffer.from(head), payload])));
}

/** When the member's session was last marked seen: the app's path marks it, the gateway never. */
async function lastSeen(member: LoggedIn): Promise<number> {
  const rows = await app.inspect.rows('sessions', { member_id: member.memberId });
  expect(rows).toHaveLength(1);
  return Number(rows[0]!.last_seen_at);
}

/** Makes the member's session due a write: its next call goes through the app. */
async function dueAWrite(member: LoggedIn): Promise<number> {
  const old = (await lastSeen(member)) - 120_000;
  await app.make.lastSeen(member, old);
  return old;
}

/** The call through the app (the session due a write), then through the gateway. */
async function bothWays(
  member: LoggedIn,
  body: () => unknown,
  headers: Record<string, string> = {},
): Promise<{ app: RawAnswer; gateway: RawAnswer }> {
  const old = await dueAWrite(member);
  const before = await gatewayAnswered(0);
  const viaApp = await post(member, body(), headers);
  // The app marked the session seen: this was its answer, and the next call is the gateway's.
  const seen = await lastSeen(member);
  expect(seen).toBeGreaterThan(old);
  const viaGateway = await post(member, body(), headers);
  expect(await lastSeen(member)).toBe(seen);
  expect(await gatewayAnswered(before + 1)).toBe(before + 1);
  return { app: viaApp, gateway: viaGateway };
}

/** A send's answer with what differs between two sends (ids, times, keys) named, not valued. */
function sendShape(body: string): unknown {
  const answer = JSON.parse(body) as { message: Record<string, unknown> };
  return {
    ...answer,
    message: { ...answer.message, id: 'id', created_at: 'at', client_id: 'key' },
  };
}

const text =
  (to: LoggedIn, words = 'Hello there') =>
  () => ({
    profile: to.profileId,
    type: 'text',
    text: words,
    client_id: clientId(),
  });

describe('POST /api/chat.php before the page pipeline and through the app', () => {
  it('sends a paid text the same way: status, headers, answer, charge, events', async () => {
    const ann = await payingMember(app, 100);
    const bo = await shownMember(app);
    const { app: viaApp, gateway } = await bothWays(ann, text(bo));
    expect(viaApp.status).toBe(201);
    expect(gateway.head).toBe(viaApp.head);
    const first = sendShape(viaApp.body) as { credits: number };
    const second = sendShape(gateway.body) as { credits: number };
    expect(second).toEqual({ ...first, credits: first.credits - 5 });
    expect(await balanceOf(app, ann)).toBe(90);
    expect(await ledgerOf(app, ann)).toHaveLength(2);
    expect((await eventsOf(app, bo, 'message')).length).toBe(2);
    expect((await eventsOf(app, ann, 'credits')).map((e) => e.data.balance)).toEqual([95, 90]);
  });

  it('answers a retried client_id the same way, once charged', async () => {
    const ann = await payingMember(app, 100);
    const bo = await shownMember(app);
    const once = text(bo)();
    const { app: viaApp, gateway } = await bothWays(ann, () => once);
    expect(gateway.status).toBe(201);
    expect(gateway.head).toBe(viaApp.head);
    expect(JSON.parse(gateway.body)).toEqual(JSON.parse(viaApp.body));
    expect(await balanceOf(app, ann)).toBe(95);
  });

  it('gzips a long answer the same way', async () => {
    const ann = await payingMember(app, 100);
    const bo = await shownMember(app);
    const { app: viaApp, gateway } = await bothWays(ann, text(bo, 'x'.repeat(1000)), {
      'accept-encoding': 'gzip',
    });
    expect(viaApp.headers['content-encoding']).toBe('gzip');
    expect(gateway.head).toBe(viaApp.head);
    expect(sendShape(gateway.body)).toEqual({ ...(sendShape(viaApp.body) as object), credits: 90 });
  });

  it('refuses the same way: no credits, too long, blocked, the free conversation limit', async () => {
    const poor = await payingMember(app, 4);
    const bo = await shownMember(app);
    const refusals = [
      await bothWays(poor, text(bo)),
      await bothWays(poor, text(bo, 'x'.repeat(1001)), { 'x-locale': 'de' }),
    ];
    const blocker = await payingMember(app);
    await app.make.block(blocker, poor);
    refusals.push(await bothWays(poor, text(blocker)));
    const free = await shownMember(app);
    const [one, two, three] = [await shownMember(app), await shownMember(app), await shownMember(app)];
    expect((await post(free, text(one)())).status).toBe(201);
    expect((await post(free, text(two)())).status).toBe(201);
    refusals.push(await bothWays(free, text(three)));
    expect(refusals.map((r) => [r.app.status, JSON.parse(r.app.body).error])).toEqual([
      [402, 'not_enough_credits'],
      [422, 'validation'],
      [403, 'blocked'],
      [403, 'free_conversation_limit'],
    ]);
    for (const { app: viaApp, gateway } of refusals) {
      expect(gateway.head).toBe(viaApp.head);
      expect(gateway.body).toBe(viaApp.body);
    }
    expect(JSON.parse(refusals[1]!.gateway.body).message).not.toBe(
      JSON.parse(refusals[0]!.gateway.body).message,
    );
    expect(await app.inspect.count('messages', { sender_profile_id: poor.profileId })).toBe(0);
    expect(await app.inspect.count('messages', { sender_profile_id: free.profileId })).toBe(2);
    expect(await balanceOf(app, poor)).toBe(4);
  });

  it('leaves bad input, a wrong origin, a visitor and other hosts to the app, which answers them', async () => {
    const ann = await payingMember(app, 100);
    const bo = await shownMember(app);
    const before = await gatewayAnswered(0);
    const missing = await post(ann, { profile: bo.profileId, type: 'text', text: 'x' });
    expect(missing.status).toBe(422);
    expect(JSON.parse(missing.body).fields).toEqual({ client_id: 'required' });
    const foreign = await post(ann, text(bo)(), { origin: 'https://elsewhere.example' });
    expect(foreign.status).toBe(403);
    expect(JSON.parse(foreign.body).error).toBe('forbidden_origin');
    const visitor = await post(null, text(bo)());
    expect(visitor.status).toBe(403);
    expect(JSON.parse(visitor.body).error).toBe('authentication_required');
    const unknown = await post(ann, text(bo)(), {}, 'nowhere.example');
    expect(unknown.status).toBe(404);
    // A body the gateway read and handed on is the app's to read: a send that is no text.
    const gift = await post(ann, {
      profile: bo.profileId,
      type: 'gift',
      gift: 'nothing',
      client_id: clientId(),
    });
    expect(gift.status).toBe(422);
    expect(JSON.parse(gift.body).fields).toEqual({ gift: 'invalid' });
    expect(await app.inspect.count('messages', { sender_profile_id: ann.profileId })).toBe(0);
    expect(await balanceOf(app, ann)).toBe(100);
    await new Promise((r) => setTimeout(r, 200));
    expect(gatewayAnswers()).toBe(before);
  });
});
