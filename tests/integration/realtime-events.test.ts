import { describe, expect, it } from 'vitest';
import { openSse, type SseClient } from '../support/sse.ts';
import { DEMO } from '../support/server.ts';
import { useServer } from '../support/use-server.ts';
import { call, shownMember, type LoggedIn } from './likes-support.ts';

/* GET /api/events.php: the member's realtime events as Server-Sent Events. */

const app = useServer({ env: { EVENTS_HEARTBEAT_SECONDS: '0.3', EVENTS_STREAMS_PER_MEMBER: '2' } });

const hostOf = (member: LoggedIn) => (member.siteId === 'curvy' ? DEMO.curvy.host : 'localhost');

function stream(
  member: LoggedIn,
  options: { lastEventId?: string; query?: string } = {},
): Promise<SseClient> {
  return openSse(app.server.baseUrl, `/api/events.php${options.query ?? ''}`, {
    host: hostOf(member),
    cookie: member.cookie,
    lastEventId: options.lastEventId,
  });
}

async function storedIds(member: LoggedIn): Promise<number[]> {
  const rows = await app.db
    .selectFrom('events')
    .select('id')
    .where('member_id', '=', member.memberId)
    .orderBy('id')
    .execute();
  return rows.map((r) => Number(r.id));
}

describe('GET /api/events.php', () => {
  it('refuses a visitor with 403 and changes nothing', async () => {
    const res = await app.request('/api/events.php');
    expect(res.status).toBe(403);
    expect(res.json<{ error: string }>().error).toBe('authentication_required');
  });

  it('streams uncompressed, unbuffered, with retry and a heartbeat', async () => {
    const ann = await shownMember(app);
    const sse = await stream(ann);
    try {
      expect(sse.status).toBe(200);
      expect(sse.headers['content-type']).toMatch(/^text\/event-stream/);
      expect(sse.headers['content-encoding']).toBeUndefined();
      expect(sse.headers['x-accel-buffering']).toBe('no');
      expect(sse.headers['cache-control']).toMatch(/no-store/);
      await sse.waitFor((_e, comments) => comments.filter((c) => c === 'heartbeat').length >= 2, 5_000);
      expect(sse.text()).toMatch(/^retry: \d+\n/);
    } finally {
      sse.close();
    }
  });

  it('serves a fresh session without writing it, and one due a write through the full path, which writes it', async () => {
    const ann = await shownMember(app);
    const seen = () =>
      app.db
        .selectFrom('sessions')
        .select('last_seen_at')
        .where('member_id', '=', ann.memberId)
        .executeTakeFirstOrThrow()
        .then((row) => Number(row.last_seen_at));
    // Seen just now (the login): the stream's own path reads the session and writes nothing.
    const fresh = await seen();
    const first = await stream(ann);
    try {
      expect(first.status).toBe(200);
      expect(first.headers['x-content-type-options']).toBe('nosniff');
      expect(await seen()).toBe(fresh);
    } finally {
      first.close();
    }
    // Last seen two minutes ago: the app marks the member as seen, and the stream works the same.
    const old = fresh - 120_000;
    await app.make.lastSeen(ann, old);
    const second = await stream(ann);
    try {
      expect(second.status).toBe(200);
      expect(second.headers['content-type']).toMatch(/^text\/event-stream/);
      expect(await seen()).toBeGreaterThan(old);
      const bo = await shownMember(app);
      expect((await call(app, bo, 'POST', '/api/like.php', { profile: ann.profileId })).status).toBeLessThan(
        300,
      );
      await second.waitFor((events) => events.some((e) => e.event === 'like'), 5_000);
    } finally {
      second.close();
    }
  });

  it('delivers a like live, with the stored event id', async () => {
    const ann = await shownMember(app);
    const bo = await shownMember(app);
    const sse = await stream(bo);
    try {
      await sse.waitFor((_e, c) => c.includes('open'));
      const res = await call(app, ann, 'POST', '/api/like.php', { profile: bo.profileId });
      expect(res.status).toBeLessThan(300);
      const [like] = await sse.waitFor((events) => events.some((e) => e.event === 'like'));
      expect(JSON.parse(like!.data)).toEqual({ profile: ann.profileId });
      expect(Number(like!.id)).toBe((await storedIds(bo)).at(-1));
    } finally {
      sse.close();
    }
  });

  it('catches up after Last-Event-ID (header or query) without gaps or duplicates, then goes live', async () => {
    const cy = await shownMember(app);
    for (const n of [1, 2, 3]) await app.make.liveEvent(cy, 'credits', { balance: n });
    const [first, second, third] = await storedIds(cy);
    const sse = await stream(cy, { lastEventId: String(first) });
    const viaQuery = await stream(cy, { query: `?last_event_id=${second}` });
    try {
      await sse.waitFor((events) => events.length >= 2);
      expect(sse.events.map((e) => [Number(e.id), e.event, JSON.parse(e.data)])).toEqual([
        [second, 'credits', { balance: 2 }],
        [third, 'credits', { balance: 3 }],
      ]);
      await viaQuery.waitFor((events) => events.length >= 1);
      expect(viaQuery.events.map((e) => Number(e.id))).toEqual([third]);
      // A live event after the catch-up follows once, on both streams.
      const other = await shownMember(app);
      await call(app, other, 'POST', '/api/like.php', { profile: cy.profileId });
      await sse.waitFor((events) => events.some((e) => e.event === 'like'));
      await viaQuery.waitFor((events) => events.some((e) => e.event === 'like'));
      const ids = sse.events.map((e) => Number(e.id));
      expect(new Set(ids).size).toBe(ids.length);
      expect(ids).toEqual([...ids].sort((a, b) => a - b));
    } finally {
      sse.close();
      viaQuery.close();
    }
  });

  it('keeps networks apart: nothing stored under another network reaches the stream', async () => {
    const dee = await shownMember(app, { site: DEMO.curvy });
    // The same member id under the other network: another pool's row, never this member's.
    await app.make.liveEvent({ memberId: dee.memberId, network: 'amber' }, 'credits', { balance: 99 });
    await app.make.liveEvent(dee, 'credits', { balance: 1 });
    const sse = await stream(dee, { lastEventId: '0' });
    try {
      await sse.waitFor((events) => events.length >= 1);
      await new Promise((r) => setTimeout(r, 300));
      expect(sse.events.map((e) => JSON.parse(e.data))).toEqual([{ balance: 1 }]);
    } finally {
      sse.close();
    }
    // Its session does not open a stream on a site of the other network.
    const elsewhere = await openSse(app.server.baseUrl, '/api/events.php', {
      host: 'localhost',
      cookie: dee.cookie,
    });
    expect(elsewhere.status).toBe(403);
    elsewhere.close();
  });

  it('limits the streams one member holds open, and frees a place when one closes', async () => {
    const eve = await shownMember(app);
    const one = await stream(eve);
    const two = await stream(eve);
    const three = await stream(eve);
    expect([one.status, two.status, three.status]).toEqual([200, 200, 429]);
    expect(three.headers['retry-after']).toBeDefined();
    three.close();
    one.close();
    // The server notices the closed connection and gives its place back.
    let again: SseClient | undefined;
    for (let i = 0; i < 20; i++) {
      again = await stream(eve);
      if (again.status === 200) break;
      again.close();
      await new Promise((r) => setTimeout(r, 100));
    }
    expect(again!.status).toBe(200);
    again!.close();
    two.close();
  });
});
