import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { formatDuration as format } from './duration.ts';

/** Intl writes some languages' spaces as no-break spaces. */
const formatDuration = (...args: Parameters<typeof format>) =>
  format(...args).replace(/[\u00a0\u202f]/g, ' ');
const MIN = 60_000;
const HOUR = 60 * MIN;
const DAY = 24 * HOUR;

describe('formatDuration', () => {
  it('grows the unit with the time, never below two of the next', () => {
    expect(formatDuration(45_000, 'en')).toBe('45 sec');
    expect(formatDuration(119_999, 'en')).toBe('119 sec');
    expect(formatDuration(120_000, 'en')).toBe('2 min');
    expect(formatDuration(119 * MIN, 'en')).toBe('119 min');
    expect(formatDuration(120 * MIN, 'en')).toBe('2 hr');
    expect(formatDuration(47 * HOUR + 59 * MIN, 'en')).toBe('47 hr');
    expect(formatDuration(48 * HOUR, 'en')).toBe('2 days');
    expect(formatDuration(72 * HOUR, 'en')).toBe('3 days');
  });

  it("speaks the staff member's language, not English abbreviations", () => {
    expect(formatDuration(72 * HOUR, 'de')).toBe('3 Tg.');
    expect(formatDuration(5 * HOUR, 'de')).toBe('5 Std.');
    expect(formatDuration(5 * HOUR, 'pl')).toBe('5 godz.');
    expect(formatDuration(5 * HOUR, 'nl')).toBe('5 uur');
    expect(formatDuration(30 * MIN, 'fr', { smallest: 'minute' })).toBe('30 min');
  });

  it('starts at the smallest unit asked for, and counts nothing below none', () => {
    expect(formatDuration(30_000, 'en', { smallest: 'minute' })).toBe('0 min');
    expect(formatDuration(-5 * MIN, 'en', { smallest: 'minute' })).toBe('0 min');
  });

  it('floors a wait so far and rounds an average', () => {
    expect(formatDuration(150 * MIN - 1, 'en')).toBe('2 hr');
    expect(formatDuration(150 * MIN, 'en', { rounding: 'round' })).toBe('3 hr');
    expect(formatDuration(89_600, 'en', { rounding: 'round' })).toBe('90 sec');
  });

  it('never shows more than two digits of a unit below days, nor a figure that shrinks as time grows', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 30 * DAY }), fc.integer({ min: 0, max: 10 * DAY }), (a, more) => {
        const figure = (ms: number) => {
          const text = formatDuration(ms, 'en');
          const [count, unit] = text.split(' ');
          const rank = ['sec', 'min', 'hr', 'day', 'days'].indexOf(unit!);
          return { count: Number(count), rank: Math.min(rank, 3) };
        };
        const x = figure(a);
        const y = figure(a + more);
        if (x.rank < 3) expect(x.count).toBeLessThan(120);
        expect(y.rank > x.rank || (y.rank === x.rank && y.count >= x.count)).toBe(true);
      }),
    );
  });
});
