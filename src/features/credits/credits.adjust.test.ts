import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testMember } from '../../../tests/support/rows.ts';
import { createDatabase, type DatabaseHandle } from '../../db/client.ts';
import type { Database } from '../../db/database.ts';
import { migrateToLatest } from '../../db/migrate.ts';
import { DomainError } from '../../server/errors.ts';
import { adjustCredits, ledgerPage, LEDGER_PAGE_SIZE, parseLedgerCursor } from './credits.adjust.ts';

/*
 * Staff adjustments: a `staff_adjustment` entry naming its adjustment row (staff and reason),
 * never a balance below zero, nothing written when refused; the console's ledger in keyset pages.
 */

const NET = 'net';
let handle: DatabaseHandle;
let db: Kysely<Database>;
let n = 0;

beforeAll(async () => {
  handle = await createDatabase({ databaseUrl: 'sqlite::memory:', dataDir: '.' });
  db = handle.db;
  await migrateToLatest(db);
});
afterAll(() => handle.destroy());

async function member(): Promise<string> {
  n += 1;
  const id = `member${String(n).padStart(10, '0')}`;
  await db
    .insertInto('members')
    .values(testMember({ id, network_id: NET, site_id: 'unit' }))
    .execute();
  return id;
}

const adjust = (memberId: string, delta: number, reason = 'goodwill', now = 1_000) =>
  db
    .transaction()
    .execute((trx) =>
      adjustCredits(trx, { network: NET, siteId: 'unit', memberId, staffId: 'staff1', delta, reason }, now),
    );

describe('staff adjustments', () => {
  it('books an entry whose reference is the adjustment row with the staff id and reason', async () => {
    const id = await member();
    const done = await adjust(id, 25, '  outage  ');
    expect(done.balance).toBe(25);
    const entry = await db
      .selectFrom('credit_ledger')
      .selectAll()
      .where('member_id', '=', id)
      .executeTakeFirstOrThrow();
    expect(entry).toMatchObject({
      reason: 'staff_adjustment',
      reference: done.adjustment,
      delta: 25,
      balance_after: 25,
    });
    const row = await db
      .selectFrom('credit_adjustments')
      .selectAll()
      .where('id', '=', done.adjustment)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ staff_id: 'staff1', reason: 'outage', delta: 25, member_id: id });
  });

  it('refuses to go below zero, a zero or huge delta and an empty reason, writing nothing', async () => {
    const id = await member();
    await adjust(id, 3);
    await expect(adjust(id, -4)).rejects.toMatchObject({ code: 'not_enough_credits', status: 402 });
    for (const [delta, reason] of [
      [0, 'x'],
      [1.5, 'x'],
      [1_000_001, 'x'],
      [1, '   '],
    ] as const)
      await expect(adjust(id, delta, reason)).rejects.toBeInstanceOf(DomainError);
    const entries = await db
      .selectFrom('credit_ledger')
      .select('delta')
      .where('member_id', '=', id)
      .execute();
    expect(entries.map((e) => Number(e.delta))).toEqual([3]);
    expect(
      await db.selectFrom('credit_adjustments').select('id').where('member_id', '=', id).execute(),
    ).toHaveLength(1);
    expect((await adjust(id, -3)).balance).toBe(0);
  });

  it('pages the ledger newest first by time and id, with the staff of each adjustment', async () => {
    const id = await member();
    for (let i = 0; i < LEDGER_PAGE_SIZE + 5; i += 1)
      await adjust(id, 1, `r${i}`, 10_000 + Math.floor(i / 2));
    const first = await ledgerPage(db, NET, id, undefined);
    expect(first.entries).toHaveLength(LEDGER_PAGE_SIZE);
    expect(first.entries[0]).toMatchObject({
      balance_after: LEDGER_PAGE_SIZE + 5,
      staff: { id: 'staff1', reason: `r${LEDGER_PAGE_SIZE + 4}` },
    });
    const second = await ledgerPage(db, NET, id, first.next!);
    expect(second.next).toBeNull();
    // Entries of the same millisecond are ordered by id: every one is on exactly one page.
    const shown = [...first.entries, ...second.entries];
    expect(new Set(shown.map((e) => e.id)).size).toBe(LEDGER_PAGE_SIZE + 5);
    const times = shown.map((e) => e.created_at);
    expect(times).toEqual([...times].sort((a, b) => b - a));
    // Another network sees nothing of the member.
    expect((await ledgerPage(db, 'other', id, undefined)).entries).toEqual([]);
    expect(parseLedgerCursor('12.abc')).toEqual({ at: 12, id: 'abc' });
    expect(parseLedgerCursor('x; drop')).toBeUndefined();
  });
});
