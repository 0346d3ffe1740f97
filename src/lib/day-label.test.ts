import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { dayLabel, localDate, sameDay } from './day-label.ts';

// Local dates: the labels are the reader's days, whatever zone the tests run in.
const NOW = new Date(2026, 10, 30, 21, 15); // Monday 30 November 2026, 21:15

describe('dayLabel', () => {
  // [year, month (0-based), day, hour, language, label]
  const cases: Array<[number, number, number, number, string, string]> = [
    // Today and yesterday, then the weekday within a week, then the date (and a year not this one's).
    [2026, 10, 30, 0, 'en', 'Today'],
    [2026, 10, 29, 23, 'en', 'Yesterday'],
    [2026, 10, 28, 12, 'en', 'Saturday'],
    [2026, 10, 24, 12, 'en', 'Tuesday'],
    [2026, 10, 23, 12, 'en', 'November 23'],
    [2025, 11, 31, 12, 'en', 'December 31, 2025'],
    // The page's language, starting with a capital.
    [2026, 10, 29, 8, 'de', 'Gestern'],
    [2026, 10, 30, 8, 'fr', 'Aujourd’hui'],
    [2026, 10, 28, 8, 'fi', 'Lauantai'],
    [2026, 10, 28, 8, 'pl', 'Sobota'],
    [2026, 10, 2, 8, 'nl', '2 november'],
  ];
  it.each(cases)('%i-%i-%i %i:00 in %s is %s', (year, month, day, hour, locale, label) => {
    expect(dayLabel(new Date(year, month, day, hour), NOW, locale)).toBe(label);
  });

  it('counts a moment ahead of the clock as today', () => {
    expect(dayLabel(new Date(2026, 11, 1, 9, 0), NOW, 'en')).toBe('Today');
  });

  it('gives every moment of one day the same label, and the day before another', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 400 }),
        fc.integer({ min: 0, max: 86_399 }),
        (daysAgo, second) => {
          const day = new Date(NOW.getFullYear(), NOW.getMonth(), NOW.getDate() - daysAgo);
          const at = new Date(day.getFullYear(), day.getMonth(), day.getDate(), 0, 0, second);
          expect(sameDay(at, day)).toBe(true);
          expect(localDate(at)).toBe(localDate(day));
          expect(dayLabel(at, NOW, 'en')).toBe(dayLabel(day, NOW, 'en'));
          const before = new Date(day.getFullYear(), day.getMonth(), day.getDate() - 1, 12);
          expect(dayLabel(before, NOW, 'en')).not.toBe(dayLabel(day, NOW, 'en'));
        },
      ),
    );
  });
});
