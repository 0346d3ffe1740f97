/*
 * A member's age, as every side shows it: profile cards, the console's queues, the demo seed.
 */

/** The moment `ageOn` was last asked for, as its year and its month and day (MMDD). */
const lastDay = { now: Number.NaN, year: 0, monthDay: 0 };

/**
 * Whole years between a birthdate (YYYY-MM-DD) and a moment, in UTC. Every card of a list asks
 * it for one moment: the moment's date is worked out once for all of them.
 */
export function ageOn(birthdate: string, now: number): number {
  if (now !== lastDay.now) {
    const today = new Date(now);
    lastDay.now = now;
    lastDay.year = today.getUTCFullYear();
    lastDay.monthDay = (today.getUTCMonth() + 1) * 100 + today.getUTCDate();
  }
  const year = Number(birthdate.slice(0, 4));
  const monthDay = Number(birthdate.slice(5, 7)) * 100 + Number(birthdate.slice(8, 10));
  // One year less until the birthday of the moment's year.
  return lastDay.year - year - (lastDay.monthDay < monthDay ? 1 : 0);
}
