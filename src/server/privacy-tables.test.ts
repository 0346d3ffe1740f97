import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDatabase, type DatabaseHandle } from '../db/client.ts';
import { migrateToLatest } from '../db/migrate.ts';
import { exportMemberTables, memberTablesHook, ownRowsHook } from './privacy-tables.ts';

let handle: DatabaseHandle;
const db = () => handle.db;
afterAll(() => handle.destroy());

const subject = { network: 'n1', memberId: 'm1', profileId: null, now: 0 };

async function pageEvent(id: string, network: string, memberId: string, createdAt: number) {
  await db()
    .insertInto('page_events')
    .values({
      id,
      network_id: network,
      site_id: 's',
      kind: 'hidden',
      page: '/',
      ms: null,
      member_id: memberId,
      created_at: createdAt,
    })
    .execute();
}

async function trackingRecord(id: string, network: string, memberId: string) {
  await db()
    .insertInto('tracking_records')
    .values({
      id,
      network_id: network,
      site_id: 's',
      ref: 'aff',
      member_id: memberId,
      created_at: 0,
    })
    .execute();
}

const hook = memberTablesHook('test', [
  {
    table: 'page_events',
    column: 'member_id',
    exportAs: 'events',
    select: ['page', 'created_at'],
    orderBy: 'created_at',
    erase: 'delete',
  },
  {
    table: 'tracking_records',
    column: 'member_id',
    exportAs: 'sources',
    select: ['ref'],
    erase: { clear: ['member_id'] },
  },
]);

describe('declared member tables', () => {
  beforeAll(async () => {
    handle = await createDatabase({ databaseUrl: 'sqlite::memory:', dataDir: '.' });
    await migrateToLatest(db());
    // The rows below name members and sites that this test does not need to create.
    await sql`pragma foreign_keys = off`.execute(db());
    await pageEvent('e2', 'n1', 'm1', 2000);
    await pageEvent('e1', 'n1', 'm1', 1000);
    await pageEvent('e3', 'n2', 'm1', 3000);
    await pageEvent('e4', 'n1', 'm2', 4000);
    await trackingRecord('t1', 'n1', 'm1');
    await trackingRecord('t2', 'n2', 'm1');
  });

  it('export the member’s rows of their network only, in order, times readable, parts in declared order', async () => {
    const parts = await hook.export(db(), subject, { mediaUrl: (key) => key });
    expect(Object.keys(parts)).toEqual(['events', 'sources']);
    expect(parts.events).toEqual([
      { page: '/', created_at: new Date(1000).toISOString() },
      { page: '/', created_at: new Date(2000).toISOString() },
    ]);
    expect(parts.sources).toEqual([{ ref: 'aff' }]);
    expect(hook.tables).toEqual(['page_events', 'tracking_records']);
  });

  it('give empty parts for a profile column when the member has no profile', async () => {
    const parts = await exportMemberTables(
      db(),
      [
        {
          table: 'likes',
          column: 'liker_profile_id',
          by: 'profile',
          exportAs: 'likes_given',
          select: ['created_at'],
        },
      ],
      subject,
    );
    expect(parts).toEqual({ likes_given: [] });
  });

  it('erase by deleting or clearing as declared, in the member’s network only', async () => {
    await db()
      .transaction()
      .execute((trx) => hook.erase(trx, subject));
    const events = await db().selectFrom('page_events').select('id').orderBy('id').execute();
    expect(events.map((row) => row.id)).toEqual(['e3', 'e4']);
    const records = await db()
      .selectFrom('tracking_records')
      .select(['id', 'member_id'])
      .orderBy('id')
      .execute();
    expect(records).toEqual([
      { id: 't1', member_id: null },
      { id: 't2', member_id: 'm1' },
    ]);
  });

  it('read and delete a table of the member’s own rows by member_id when declared with ownRowsHook', async () => {
    await pageEvent('o1', 'n1', 'm1', 5000);
    await pageEvent('o2', 'n1', 'm2', 6000);
    const own = ownRowsHook('test', {
      table: 'page_events',
      exportAs: 'events',
      select: ['page', 'created_at'],
    });
    expect(own.tables).toEqual(['page_events']);
    expect(await own.export(db(), subject, { mediaUrl: (key) => key })).toEqual({
      events: [{ page: '/', created_at: new Date(5000).toISOString() }],
    });
    await db()
      .transaction()
      .execute((trx) => own.erase(trx, subject));
    const left = await db().selectFrom('page_events').select('id').where('id', 'in', ['o1', 'o2']).execute();
    expect(left.map((row) => row.id)).toEqual(['o2']);
  });
});
