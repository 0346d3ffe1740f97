import { describe, expect, it } from 'vitest';
import { utcDayEnd, utcDayStart } from './utc-day-bounds.ts';

describe('the bounds of a UTC day', () => {
  it('start at its midnight and end at the next one', () => {
    expect(new Date(utcDayStart('2026-03-05')).toISOString()).toBe('2026-03-05T00:00:00.000Z');
    expect(new Date(utcDayEnd('2026-03-05')).toISOString()).toBe('2026-03-06T00:00:00.000Z');
    expect(new Date(utcDayEnd('2026-12-31')).toISOString()).toBe('2027-01-01T00:00:00.000Z');
  });
});
