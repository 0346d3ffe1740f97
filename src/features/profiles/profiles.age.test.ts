import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ageOn } from './profiles.service.ts';

/** The age as a person counts it: the years since the birth year, less one before the birthday. */
function countedAge(birthdate: string, now: number): number {
  const [year, month, day] = birthdate.split('-').map(Number) as [number, number, number];
  const today = new Date(now);
  const beforeBirthday =
    today.getUTCMonth() + 1 < month || (today.getUTCMonth() + 1 === month && today.getUTCDate() < day);
  return today.getUTCFullYear() - year - (beforeBirthday ? 1 : 0);
}

const DAY = 86_400_000;
const date = (ms: number) => new Date(ms).toISOString().slice(0, 10);

describe('ageOn', () => {
  it('turns a year older on the birthday itself, not the day before', () => {
    const now = Date.UTC(2026, 10, 29, 23, 59);
    expect(ageOn('2000-11-29', now)).toBe(26);
    expect(ageOn('2000-11-30', now)).toBe(25);
    expect(ageOn('2000-12-01', now)).toBe(25);
    expect(ageOn('2008-11-29', now)).toBe(18);
    // A leap day's child is a year older from March 1 in other years.
    expect(ageOn('2004-02-29', Date.UTC(2026, 1, 28))).toBe(21);
    expect(ageOn('2004-02-29', Date.UTC(2026, 2, 1))).toBe(22);
  });

  it('counts as a person counts, for any birthdate and moment, asked in any order', () => {
    const moment = fc.integer({ min: Date.UTC(1990, 0, 1), max: Date.UTC(2100, 0, 1) });
    fc.assert(
      fc.property(
        fc.array(fc.tuple(moment, fc.integer({ min: 0, max: 120 * 366 })), { minLength: 1, maxLength: 20 }),
        (asks) => {
          // Moments repeat and alternate: the moment's date is kept between calls.
          for (const [now, daysOld] of [...asks, ...asks]) {
            const birthdate = date(now - daysOld * DAY);
            expect(ageOn(birthdate, now)).toBe(countedAge(birthdate, now));
          }
        },
      ),
    );
  });
});
