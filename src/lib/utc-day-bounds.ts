/*
 * The console's date filters name whole UTC days (`YYYY-MM-DD`, both ends included); its queries
 * take epoch milliseconds in [from, to). These are the two ends of such a day.
 */

const DAY_MS = 24 * 60 * 60 * 1000;

/** 00:00 UTC of a `YYYY-MM-DD` day, in epoch milliseconds: where a period from that day starts. */
export function utcDayStart(day: string): number {
  return Date.parse(`${day}T00:00:00Z`);
}

/** 00:00 UTC of the day after a `YYYY-MM-DD` day: the exclusive end of a period up to that day. */
export function utcDayEnd(day: string): number {
  return utcDayStart(day) + DAY_MS;
}
