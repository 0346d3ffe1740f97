import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDatabase, type DatabaseHandle } from '../../db/client.ts';
import { migrateToLatest } from '../../db/migrate.ts';
import { testMember } from '../../../tests/support/rows.ts';
import { createLogger } from '../log.ts';
import { createMemoryBus } from './memory-bus.ts';
import type { RealtimeBus, RealtimeEvent } from './realtime-bus.ts';

let handle: DatabaseHandle;
let bus: RealtimeBus;
let now = 1_763_000_000_000;

async function member(id: string, network: string): Promise<void> {
  await handle.db
    .insertInto('members')
    .values(testMember({ id, network_id: network, site_id: 'unit', created_at: now }))
    .execute();
}

beforeAll(async () => {
  handle = await createDatabase({ databaseUrl: 'sqlite::memory:', dataDir: '.' });
  await migrateToLatest(handle.db);
  bus = createMemoryBus({ db: handle.db, clock: { now: () => now }, log: createLogger('error', () => {}) });
  await member('m-ann', 'amber');
  await member('m-bob', 'amber');
  await member('m-cy', 'curvy');
});
afterAll(async () => {
  await handle.destroy();
});

describe('the in-process realtime bus', () => {
  it('delivers an event to every subscriber of that member and nobody else', async () => {
    const ann: RealtimeEvent[] = [];
    const annOtherTab: RealtimeEvent[] = [];
    const bob: RealtimeEvent[] = [];
    const stopAnn = bus.subscribe('amber', 'm-ann', (e) => ann.push(e));
    const stopTab = bus.subscribe('amber', 'm-ann', (e) => annOtherTab.push(e));
    const stopBob = bus.subscribe('amber', 'm-bob', (e) => bob.push(e));
    // The same member id in another network is another pool: nothing crosses.
    const stopElsewhere = bus.subscribe('curvy', 'm-ann', () => expect.unreachable());
    const sent = await bus.publish('amber', 'm-ann', 'like', { profile: 'p-bob' });
    expect(sent).toMatchObject({ type: 'like', data: { profile: 'p-bob' }, createdAt: now });
    expect(sent.id).toBeGreaterThan(0);
    expect(ann).toEqual([sent]);
    expect(annOtherTab).toEqual([sent]);
    expect(bob).toEqual([]);
    for (const stop of [stopAnn, stopTab, stopBob, stopElsewhere]) stop();
  });

  it('knows whether a member holds a stream, per network, until the last tab closes', async () => {
    expect(await bus.listening('amber', 'm-ann')).toBe(false);
    const tab = bus.subscribe('amber', 'm-ann', () => {});
    const other = bus.subscribe('amber', 'm-ann', () => {});
    expect(await bus.listening('amber', 'm-ann')).toBe(true);
    expect(await bus.listening('curvy', 'm-ann')).toBe(false);
    tab();
    expect(await bus.listening('amber', 'm-ann')).toBe(true);
    other();
    expect(await bus.listening('amber', 'm-ann')).toBe(false);
  });

  it('stores events so a reconnecting client catches up after its Last-Event-ID', async () => {
    const first = await bus.publish('amber', 'm-bob', 'credits', { balance: 10 });
    now += 1000;
    const second = await bus.publish('amber', 'm-bob', 'match', { profile: 'p-ann' });
    const message = {
      id: 'x1',
      conversation: 'c1',
      profile: 'p-ann',
      mine: false,
      type: 'text' as const,
      text: 'Hi',
      photo: null,
      gift: null,
      credits: 0,
      created_at: now,
      read: false,
      held: false,
      client_id: null,
    };
    const third = await bus.publish('amber', 'm-bob', 'message', { conversation: 'c1', message });
    expect(second.id!).toBeGreaterThan(first.id!);
    expect(await bus.since('amber', 'm-bob', first.id!)).toEqual([second, third]);
    expect(await bus.since('amber', 'm-bob', first.id!, 1)).toEqual([second]);
    expect(await bus.since('amber', 'm-bob', third.id!)).toEqual([]);
    // Another network never reads them.
    expect(await bus.since('curvy', 'm-bob', 0)).toEqual([]);
  });

  it('publishes several events with one statement, stored and handed out in the order given', async () => {
    const ann: RealtimeEvent[] = [];
    const bob: RealtimeEvent[] = [];
    const stopAnn = bus.subscribe('amber', 'm-ann', (e) => ann.push(e));
    const stopBob = bus.subscribe('amber', 'm-bob', (e) => bob.push(e));
    const last = (
      await handle.db
        .selectFrom('events')
        .select((eb) => eb.fn.max('id').as('id'))
        .executeTakeFirst()
    )?.id;
    const sent = await bus.publishAll('amber', [
      { memberId: 'm-bob', type: 'like', data: { profile: 'p-ann' } },
      { memberId: 'm-ann', type: 'typing', data: { conversation: 'c1', profile: 'p-bob' } },
      { memberId: 'm-ann', type: 'credits', data: { balance: 7 } },
      { memberId: 'm-bob', type: 'match', data: { profile: 'p-ann' } },
    ]);
    expect(sent.map((e) => e.type)).toEqual(['like', 'typing', 'credits', 'match']);
    expect(sent[1]!.id).toBeNull();
    const ids = [sent[0]!.id!, sent[2]!.id!, sent[3]!.id!];
    expect(ids).toEqual([...ids].sort((a, b) => a - b));
    expect(bob).toEqual([sent[0], sent[3]]);
    expect(ann).toEqual([sent[1], sent[2]]);
    // What a reconnect reads back is what went out, event for event.
    expect(await bus.since('amber', 'm-bob', Number(last ?? 0))).toEqual([sent[0], sent[3]]);
    expect(await bus.since('amber', 'm-ann', Number(last ?? 0))).toEqual([sent[2]]);
    stopAnn();
    stopBob();
  });

  it('fans out transient events without storing them', async () => {
    const got: RealtimeEvent[] = [];
    const stop = bus.subscribe('amber', 'm-cy', (e) => got.push(e));
    const before = await handle.db.selectFrom('events').select('id').execute();
    const typing = await bus.publish('amber', 'm-cy', 'typing', { conversation: 'c1', profile: 'p1' });
    expect(typing.id).toBeNull();
    expect(got).toEqual([typing]);
    expect(await handle.db.selectFrom('events').select('id').execute()).toEqual(before);
    stop();
  });

  it('stops delivering after unsubscribe, and one failing subscriber does not stop the rest', async () => {
    const got: RealtimeEvent[] = [];
    const stopBroken = bus.subscribe('amber', 'm-ann', () => {
      throw new Error('stream closed');
    });
    const stop = bus.subscribe('amber', 'm-ann', (e) => got.push(e));
    await bus.publish('amber', 'm-ann', 'user', {});
    stop();
    stopBroken();
    await bus.publish('amber', 'm-ann', 'user', {});
    expect(got.map((e) => e.type)).toEqual(['user']);
  });
});
