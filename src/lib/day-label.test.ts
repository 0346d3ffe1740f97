import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { dayLabel, localDate, sameDay } from './day-label.ts';

// Local dates: the labels are the reader's days, whatever zone the tests run in.
const NOW = new Date(2026, 10, 30, 21, 15); // Monday 30 November 2026, 21:15

describe('dayLabel', () => {
  it('names today and yesterday, then the weekday, then the date', () => {
    expect(dayLabel(new Date(2026, 10, 30, 0, 5), NOW, 'en')).toBe('Today');
    expect(dayLabel(new Date(2026, 10, 29, 23, 59), NOW, 'en')).toBe('Yesterday');
    expect(dayLabel(new Date(2026, 10, 28, 12, 0), NOW, 'en')).toBe('Saturday');
    expect(dayLabel(new Date(2026, 10, 24, 12, 0), NOW, 'en')).toBe('Tuesday');
    expect(dayLabel(new Date(2026, 10, 23, 12, 0), NOW, 'en')).toBe('November 23');
    expect(dayLabel(new Date(2025, 11, 31, 12, 0), NOW, 'en')).toBe('December 31, 2025');
  });

  it("speaks the page's language, starting with a capital", () => {
    expect(dayLabel(new Date(2026, 10, 29, 8, 0), NOW, 'de')).toBe('Gestern');
    expect(dayLabel(new Date(2026, 10, 30, 8, 0), NOW, 'fr')).toBe('Aujourd’hui');
    expect(dayLabel(new Date(2026, 10, 28, 8, 0), NOW, 'fi')).toBe('Lauantai');
    expect(dayLabel(new Date(2026, 10, 28, 8, 0), NOW, 'pl')).toBe('Sobota');
    expect(dayLabel(new Date(2026, 10, 2, 8, 0), NOW, 'nl')).toBe('2 november');
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
