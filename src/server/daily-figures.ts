/*
 * The shape in which features give their daily figures to the statistics (each through its own
 * index, with its SQL in its repository): counts per site, UTC day and traffic source.
 */

export const DAY_MS = 24 * 60 * 60 * 1000;

/** Which figures to count: the network's sites, in [from, to) (epoch milliseconds). */
export interface DailyFiguresQuery {
  network: string;
  sites: readonly string[];
  from: number;
  to: number;
}

/** One count: a site, a day (days since the epoch, UTC) and the tracking record's source. */
export interface DailyCount {
  site: string;
  day: number;
  network: string;
  ref: string;
  sub: string;
  count: number;
}

/** Money of one day and source: minor units of `currency`. */
export interface DailyAmount extends Omit<DailyCount, 'count'> {
  currency: string;
  amount: number;
}

/** `YYYY-MM-DD` of a day number. */
export function dayString(day: number): string {
  return new Date(day * DAY_MS).toISOString().slice(0, 10);
}

/** The day number of `YYYY-MM-DD` (UTC). */
export function dayNumber(day: string): number {
  return Math.floor(Date.parse(`${day}T00:00:00Z`) / DAY_MS);
}

/** The numbers of a query's rows, whatever the driver gave (PostgreSQL's bigint is a string). */
export function dailyCount(row: {
  site: string;
  day: number | string | bigint;
  network: string | null;
  ref: string | null;
  sub: string | null;
  count: number | string | bigint;
}): DailyCount {
  return {
    site: row.site,
    day: Number(row.day),
    network: row.network ?? '',
    ref: row.ref ?? '',
    sub: row.sub ?? '',
    count: Number(row.count),
  };
}
