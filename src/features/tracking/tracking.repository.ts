import type { Kysely, Transaction } from 'kysely';
import { dailyCount, type DailyCount, type DailyFiguresQuery } from '../../server/daily-figures.ts';
import { utcDay } from '../../db/arrival-source.ts';
import type { Database, Row } from '../../db/database.ts';
import { selectInNetwork, updateInNetwork } from '../../db/query-network.ts';
import type { TrackingValues } from './tracking.params.ts';
import { updatedOne } from '../../db/updated-one.ts';

type Db = Kysely<Database> | Transaction<Database>;

export async function insertTrackingRecord(
  db: Db,
  network: string,
  record: {
    id: string;
    siteId: string;
    values: TrackingValues;
    landingPath: string | null;
    createdAt: number;
  },
): Promise<void> {
  await db
    .insertInto('tracking_records')
    .values({
      id: record.id,
      network_id: network,
      site_id: record.siteId,
      network: record.values.network ?? null,
      ref: record.values.ref ?? null,
      sub: record.values.sub ?? null,
      sub1: record.values.sub1 ?? null,
      sub2: record.values.sub2 ?? null,
      sub3: record.values.sub3 ?? null,
      aff_sub1: record.values.aff_sub1 ?? null,
      aff_sub2: record.values.aff_sub2 ?? null,
      aff_sub3: record.values.aff_sub3 ?? null,
      cpc: record.values.cpc ?? null,
      landing_path: record.landingPath,
      member_id: null,
      created_at: record.createdAt,
    })
    .execute();
}

/** A record of this site (a cookie from another site's record names nothing here). */
export async function findTrackingRecord(
  db: Db,
  network: string,
  siteId: string,
  id: string,
): Promise<Row<'tracking_records'> | undefined> {
  return selectInNetwork(db, 'tracking_records', network, { site_id: siteId, id })
    .selectAll()
    .executeTakeFirst();
}

/** Gives an unclaimed record to a new member; a record attributes one signup only. */
export async function claimTrackingRecord(
  db: Db,
  network: string,
  id: string,
  memberId: string,
): Promise<boolean> {
  return updatedOne(
    updateInNetwork(db, 'tracking_records', network, { id })
      .set({ member_id: memberId })
      .where('member_id', 'is', null),
  );
}

/** Tracked arrivals (visits) per site, day and source (the statistics' visits). */
/** The time of the first arrival tracked on any of `sites`, or null (the (site, time) index answers). */
export async function firstArrivalAt(db: Db, sites: readonly string[]): Promise<number | null> {
  if (sites.length === 0) return null;
  const { first } = await db
    .selectFrom('tracking_records')
    .select((eb) => eb.fn.min('created_at').as('first'))
    .where('site_id', 'in', sites)
    .executeTakeFirstOrThrow();
  return first === null ? null : Number(first);
}

export async function dailyArrivals(db: Db, query: DailyFiguresQuery): Promise<DailyCount[]> {
  if (query.sites.length === 0) return [];
  const day = utcDay('created_at');
  const rows = await db
    .selectFrom('tracking_records')
    .select((eb) => [
      'site_id as site',
      day.as('day'),
      'network',
      'ref',
      'sub',
      eb.fn.countAll<number>().as('count'),
    ])
    .where('network_id', '=', query.network)
    .where('site_id', 'in', query.sites)
    .where('created_at', '>=', query.from)
    .where('created_at', '<', query.to)
    .groupBy(['site_id', day, 'network', 'ref', 'sub'])
    .execute();
  return rows.map(dailyCount);
}
