import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { waitUntil } from '../../../tests/support/polling.ts';
import { withRedis, type TestRedis } from '../../../tests/support/redis.ts';
import { createDatabase, type DatabaseHandle } from '../../db/client.ts';
import { migrateToLatest } from '../../db/migrate.ts';
import { testMember } from '../../../tests/support/rows.ts';
import { createLogger } from '../log.ts';
import type { RealtimeEvent } from './realtime-bus.ts';
import { createRedisBus } from './redis-bus.ts';

/* Two buses on one database and one Redis stand for two processes of one installation. */

let handle: DatabaseHandle;
let redis: TestRedis;
let one: ReturnType<typeof createRedisBus>;
let two: ReturnType<typeof createRedisBus>;
const now = 1_763_000_000_000;

/** A message between processes over Redis arrives within milliseconds: look often, not long. */
const until = (check: () => boolean, timeoutMs = 3_000) => waitUntil(check, timeoutMs, 10);

beforeAll(async () => {
  handle = await createDatabase({ databaseUrl: 'sqlite::memory:', dataDir: '.' });
  await migrateToLatest(handle.db);
  for (const [id, network] of [
    ['m-ann', 'amber'],
    ['m-cy', 'curvy'],
  ]) {
    await handle.db
      .insertInto('members')
      .values(testMember({ id: id!, network_id: network!, site_id: 'unit', created_at: now }))
      .execute();
  }
  redis = await withRedis();
  // A prefix of this run's own: other runs may share the Redis.
  const channelPrefix = `test:${randomUUID()}:`;
  const deps = { db: handle.db, clock: { now: () => now }, log: createLogger('error', () => {}) };
  one = createRedisBus(deps, { url: redis.url, channelPrefix });
  two = createRedisBus(deps, { url: redis.url, channelPrefix });
  await Promise.all([one.ready(), two.ready()]);
});

afterAll(async () => {
  await one?.close?.();
  await two?.close?.();
  await redis?.stop();
  await handle?.destroy();
});

describe('the Redis realtime bus', () => {
  it('stores an event once and delivers it to subscribers of both processes, once each', async () => {
    const here: RealtimeEvent[] = [];
    const there: RealtimeEvent[] = [];
    const stopHere = one.subscribe('amber', 'm-ann', (e) => here.push(e));
    const stopThere = two.subscribe('amber', 'm-ann', (e) => there.push(e));
    const sent = await one.publish('amber', 'm-ann', 'like', { profile: 'p-bob' });
    expect(sent.id).toBeGreaterThan(0);
    await until(() => there.length === 1);
    await new Promise((r) => setTimeout(r, 100));
    expect(here).toEqual([sent]);
    expect(there).toEqual([sent]);
    expect(await two.since('amber', 'm-ann', sent.id! - 1)).toEqual([sent]);
    stopHere();
    stopThere();
  });

  it('publishes several events at once to both processes, in order', async () => {
    const there: RealtimeEvent[] = [];
    const stop = two.subscribe('amber', 'm-ann', (e) => there.push(e));
    const sent = await one.publishAll('amber', [
      { memberId: 'm-ann', type: 'credits', data: { balance: 1 } },
      { memberId: 'm-ann', type: 'credits', data: { balance: 2 } },
    ]);
    await until(() => there.length === 2);
    expect(there).toEqual(sent);
    expect(sent[1]!.id).toBeGreaterThan(sent[0]!.id!);
    stop();
  });

  it('keeps networks apart and carries transient events without storing them', async () => {
    const got: RealtimeEvent[] = [];
    const stop = two.subscribe('curvy', 'm-cy', (e) => got.push(e));
    const elsewhere = two.subscribe('amber', 'm-cy', () => expect.unreachable());
    await one.publish('curvy', 'm-cy', 'typing', { conversation: 'c1', profile: 'p1' });
    await until(() => got.length === 1);
    expect(got[0]).toMatchObject({ id: null, type: 'typing' });
    stop();
    elsewhere();
  });

  it('knows in every process whether a member holds a stream, per network, until it closes', async () => {
    expect(await one.listening('amber', 'm-ann')).toBe(false);
    const stop = two.subscribe('amber', 'm-ann', () => {});
    // The word goes to Redis without being awaited by subscribe: ask until it is there.
    let seen = false;
    for (let i = 0; i < 100 && !seen; i++) {
      seen = await one.listening('amber', 'm-ann');
      if (!seen) await new Promise((r) => setTimeout(r, 10));
    }
    expect(seen).toBe(true);
    expect(await two.listening('amber', 'm-ann')).toBe(true);
    expect(await one.listening('curvy', 'm-ann')).toBe(false);
    stop();
    let gone = false;
    for (let i = 0; i < 100 && !gone; i++) {
      gone = !(await one.listening('amber', 'm-ann'));
      if (!gone) await new Promise((r) => setTimeout(r, 10));
    }
    expect(gone).toBe(true);
  });

  it('stops delivering after unsubscribe', async () => {
    const got: RealtimeEvent[] = [];
    const stop = two.subscribe('amber', 'm-ann', (e) => got.push(e));
    await one.publish('amber', 'm-ann', 'user', {});
    await until(() => got.length === 1);
    stop();
    await one.publish('amber', 'm-ann', 'user', {});
    await new Promise((r) => setTimeout(r, 150));
    expect(got).toHaveLength(1);
  });

  it("ends a session's subscriptions in both processes, and no other session's", async () => {
    let endedHere = 0;
    let endedThere = 0;
    let endedOther = 0;
    const got: RealtimeEvent[] = [];
    const stopHere = one.subscribe('amber', 'm-ann', () => {}, {
      sessionId: 's-1',
      end: () => endedHere++,
    });
    const stopThere = two.subscribe('amber', 'm-ann', (e) => got.push(e), {
      sessionId: 's-1',
      end: () => endedThere++,
    });
    const stopOther = two.subscribe('amber', 'm-ann', () => {}, {
      sessionId: 's-2',
      end: () => endedOther++,
    });
    const started = Date.now();
    await one.endSessions('amber', 'm-ann', ['s-1']);
    expect(endedHere).toBe(1);
    await until(() => endedThere === 1);
    expect(Date.now() - started).toBeLessThan(1_000);
    await new Promise((r) => setTimeout(r, 100));
    expect([endedHere, endedThere, endedOther]).toEqual([1, 1, 0]);
    // The same session of a member of another network is another session.
    const elsewhere = two.subscribe('curvy', 'm-ann', () => {}, {
      sessionId: 's-3',
      end: () => expect.unreachable(),
    });
    await one.endSessions('amber', 'm-ann', ['s-3']);
    await new Promise((r) => setTimeout(r, 100));
    for (const stop of [stopHere, stopThere, stopOther, elsewhere]) stop();
  });

  it('subscribes again after its Redis connection drops', async () => {
    const admin = new Redis(redis.url);
    try {
      const clients = (await admin.call('CLIENT', 'LIST', 'TYPE', 'pubsub')) as string;
      const line = clients.split('\n').find((l) => l.includes(`name=kindred-sub-${two.origin}`));
      const id = /\bid=(\d+)/.exec(line ?? '')?.[1];
      expect(id).toBeDefined();
      await admin.client('KILL', 'ID', id!);
      const got: RealtimeEvent[] = [];
      const stop = two.subscribe('amber', 'm-ann', (e) => got.push(e));
      // Events published while it reconnects are stored (caught up after Last-Event-ID); once
      // it is back, live ones arrive again.
      await until(() => {
        void one.publish('amber', 'm-ann', 'user', {});
        return got.length > 0;
      }, 5_000);
      stop();
    } finally {
      admin.disconnect();
    }
  });
});
