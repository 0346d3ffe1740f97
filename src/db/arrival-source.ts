import { sql, type Kysely, type RawBuilder, type SelectQueryBuilder, type SqlBool } from 'kysely';
import type { Database } from './database.ts';

/*
 * The statistics count members' doings (arriving, activating, writing, paying) per day and split
 * them by the source of the member's tracked arrival: the tracking record signup claimed for the
 * member. The features that count write their own SQL; the join to that record, the day of a
 * time column and the range of days are written here once, so that every figure splits alike.
 */

/** Members (`m`) with the tracking record of their arrival (`t`; its columns null when untracked). */
export function membersWithArrival(db: Kysely<Database>) {
  return db
    .selectFrom('members as m')
    .leftJoin('tracking_records as t', (join) =>
      join.onRef('t.id', '=', 'm.tracking_id').onRef('t.network_id', '=', 'm.network_id'),
    );
}

type MembersWithArrival = ReturnType<typeof membersWithArrival>;

/** The source of a member's arrival, under the names the daily counts read. */
export const ARRIVAL_SOURCE = ['t.network', 't.ref', 't.sub'] as const;

/** The UTC day (days since the epoch) of a millisecond time column. */
export function utcDay(time: string): RawBuilder<number> {
  return sql<number>`${sql.ref(time)} / 86400000`;
}

/** Whether a millisecond time column lies in [from, to). */
export function inTimeRange(time: string, range: { from: number; to: number }): RawBuilder<SqlBool> {
  return sql<SqlBool>`${sql.ref(time)} >= ${range.from} and ${sql.ref(time)} < ${range.to}`;
}

/**
 * Counts the rows of `counted` (members with their arrival, `membersWithArrival`, joined to
 * what is counted) per member's site, UTC day of `time` and arrival source, for the asked sites
 * and [from, to).
 */
export function countPerMemberSourceAndDay<DB, TB extends keyof DB>(
  counted: SelectQueryBuilder<DB, TB, object>,
  time: string,
  range: { sites: readonly string[]; from: number; to: number },
) {
  const day = utcDay(time);
  return (counted as unknown as MembersWithArrival)
    .select((eb) => [
      'm.site_id as site',
      day.as('day'),
      ...ARRIVAL_SOURCE,
      eb.fn.countAll<number>().as('count'),
    ])
    .where('m.site_id', 'in', range.sites)
    .where(inTimeRange(time, range))
    .groupBy(['m.site_id', day, ...ARRIVAL_SOURCE])
    .execute();
}
