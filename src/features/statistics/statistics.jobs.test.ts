import type { Kysely } from 'kysely';
import { describe, expect, it } from 'vitest';
import type { Database } from '../../db/database.ts';
import { useMemoryDatabase } from '../../db/test-database.ts';
import { createLogger } from '../../server/log.ts';
import type { Site } from '../../tenancy/site.ts';
import { testMember } from '../../../tests/support/rows.ts';
import { BACKFILL_DAYS, rollUpClosedDays } from './statistics.jobs.ts';

let db: Kysely<Database>;
useMemoryDatabase((opened) => (db = opened));

const DAY = 86_400_000;
const TODAY = Date.parse('2026-03-10T12:00:00Z');
const sites = [
  { id: 'a', network: 'n' },
  { id: 'b', network: 'n' },
] as unknown as Site[];

async function arrival(site: string, at: number, ref: string) {
  await db
    .insertInto('tracking_records')
    .values({
      id: `t${Math.random().toString(36).slice(2, 14)}`,
      network_id: 'n',
      site_id: site,
      ref,
      created_at: at,
    })
    .execute();
}

const job = (now: number, served: readonly Site[] = sites) =>
  rollUpClosedDays({ db, clock: { now: () => now }, log: createLogger('error'), sites: () => served });

const rolledThrough = async (site: string) =>
  (
    await db
      .selectFrom('statistics_progress')
      .select('rolled_through')
      .where('site_id', '=', site)
      .executeTakeFirst()
  )?.rolled_through;

const visits = async (site: string, day: string) =>
  (
    await db
      .selectFrom('statistics_daily')
      .selectAll()
      .where('site_id', '=', site)
      .where('day', '=', day)
      .execute()
  ).map((r) => [r.source_ref, r.visits]);

describe('the daily rollup job', () => {
  it('writes every closed day once, catches up missed days, and leaves today live', async () => {
    await arrival('a', TODAY - 2 * DAY, 'x');
    await arrival('a', TODAY - 2 * DAY, 'x');
    await arrival('b', TODAY - DAY, 'y');
    await arrival('a', TODAY, 'z');
    // From the network's first visit (two days back), not BACKFILL_DAYS of empty days.
    expect(await job(TODAY)).toBe(2 * 2);
    expect(await visits('a', '2026-03-08')).toEqual([['x', 2]]);
    expect(await visits('b', '2026-03-09')).toEqual([['y', 1]]);
    expect(await visits('a', '2026-03-10')).toEqual([]);
    const progress = await db.selectFrom('statistics_progress').selectAll().orderBy('site_id').execute();
    expect(progress.map((p) => p.rolled_through)).toEqual(['2026-03-09', '2026-03-09']);

    // Again the same day: nothing to do. Two days later: the two missed days, today's included.
    expect(await job(TODAY + 60_000)).toBe(0);
    expect(await job(TODAY + 2 * DAY)).toBe(4);
    expect(await visits('a', '2026-03-10')).toEqual([['z', 1]]);
    expect(await visits('a', '2026-03-08')).toEqual([['x', 2]]);
  });

  it('rewrites a day in place when it runs again for it (idempotent)', async () => {
    await db.updateTable('statistics_progress').set({ rolled_through: '2026-03-07' }).execute();
    await job(TODAY);
    expect(await visits('a', '2026-03-08')).toEqual([['x', 2]]);
    expect(await visits('b', '2026-03-09')).toEqual([['y', 1]]);
  });

  it('starts a new network at its first signup, at most BACKFILL_DAYS back', async () => {
    const network = [{ id: 'c', network: 'm' }] as unknown as Site[];
    await db
      .insertInto('members')
      .values(testMember({ id: 'old-member', network_id: 'm', site_id: 'c', created_at: TODAY - 10 * DAY }))
      .execute();
    expect(await job(TODAY, network)).toBe(10);
    expect(await rolledThrough('c')).toBe('2026-03-09');

    const long = [{ id: 'e', network: 'o' }] as unknown as Site[];
    await db
      .insertInto('members')
      .values(
        testMember({ id: 'older-member', network_id: 'o', site_id: 'e', created_at: TODAY - 900 * DAY }),
      )
      .execute();
    expect(await job(TODAY, long)).toBe(BACKFILL_DAYS);
  });

  it('writes only yesterday for a network with nothing yet, and counts what comes next', async () => {
    const quiet = [{ id: 'q', network: 'quiet' }] as unknown as Site[];
    expect(await job(TODAY, quiet)).toBe(1);
    expect(await rolledThrough('q')).toBe('2026-03-09');
    expect(await visits('q', '2026-03-09')).toEqual([]);
    await db
      .insertInto('tracking_records')
      .values({ id: 'tquiet1', network_id: 'quiet', site_id: 'q', ref: 'w', created_at: TODAY + 1000 })
      .execute();
    expect(await job(TODAY + DAY, quiet)).toBe(1);
    expect(await visits('q', '2026-03-10')).toEqual([['w', 1]]);
  });
});
