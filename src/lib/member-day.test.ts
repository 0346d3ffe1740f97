import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { dayAt, dayBounds, startOfDay } from './member-day.ts';

const at = (iso: string) => Date.parse(iso);

describe('startOfDay', () => {
  it('is UTC midnight for UTC', () => {
    expect(startOfDay(at('2026-11-23T15:30:00Z'), 'UTC')).toBe(at('2026-11-23T00:00:00Z'));
  });

  it("starts at the member's own midnight east of UTC", () => {
    // 01:30 in Amsterdam (UTC+1 in winter) is already the 24th there.
    expect(startOfDay(at('2026-11-24T00:30:00Z'), 'Europe/Amsterdam')).toBe(at('2026-11-23T23:00:00Z'));
    // Auckland is UTC+13 in its summer: its day began at 11:00 UTC the day before.
    expect(startOfDay(at('2026-11-23T12:00:00Z'), 'Pacific/Auckland')).toBe(at('2026-11-23T11:00:00Z'));
    expect(startOfDay(at('2026-11-23T10:59:59Z'), 'Pacific/Auckland')).toBe(at('2026-11-22T11:00:00Z'));
  });

  it("starts at the member's own midnight west of UTC", () => {
    // 20:00 in New York (UTC−5) on the 23rd is 01:00 UTC on the 24th.
    expect(startOfDay(at('2026-11-24T01:00:00Z'), 'America/New_York')).toBe(at('2026-11-23T05:00:00Z'));
  });

  it('follows daylight saving: the offset of midnight, not of now', () => {
    // Europe switched to summer time at 01:00 UTC on 29 March 2026; midnight was still UTC+1.
    expect(startOfDay(at('2026-03-29T20:00:00Z'), 'Europe/Berlin')).toBe(at('2026-03-28T23:00:00Z'));
    // And back on 25 October 2026: midnight was still UTC+2.
    expect(startOfDay(at('2026-10-25T20:00:00Z'), 'Europe/Berlin')).toBe(at('2026-10-24T22:00:00Z'));
  });

  it('begins the day at the first moment that exists when midnight is skipped', () => {
    // Santiago skipped from 00:00 to 01:00 on 6 September 2026 (UTC−4 → UTC−3).
    expect(startOfDay(at('2026-09-06T15:00:00Z'), 'America/Santiago')).toBe(at('2026-09-06T04:00:00Z'));
  });

  it('treats an unknown zone as UTC', () => {
    expect(startOfDay(at('2026-11-23T15:30:00Z'), 'Mars/Olympus')).toBe(at('2026-11-23T00:00:00Z'));
  });

  it('is never after now', () => {
    for (const zone of ['UTC', 'Asia/Kolkata', 'America/St_Johns', 'Australia/Lord_Howe']) {
      for (let h = 0; h < 48; h++) {
        const now = at('2026-11-23T00:17:00Z') + h * 3_600_000;
        const start = startOfDay(now, zone);
        expect(start).toBeLessThanOrEqual(now);
        expect(now - start).toBeLessThan(86_400_000);
      }
    }
  });
});

describe('dayAt', () => {
  it('ends at the next local midnight, across a daylight-saving change too', () => {
    expect(dayAt(at('2026-11-23T15:30:00Z'), 'UTC')).toEqual({
      start: at('2026-11-23T00:00:00Z'),
      end: at('2026-11-24T00:00:00Z'),
    });
    // Amsterdam's last Sunday of October has 25 hours.
    expect(dayAt(at('2026-10-25T12:00:00Z'), 'Europe/Amsterdam')).toEqual({
      start: at('2026-10-24T22:00:00Z'),
      end: at('2026-10-25T23:00:00Z'),
    });
  });
});

describe('the kept days', () => {
  it('give every moment of every zone the day worked out afresh, in any order of asking', () => {
    const zones = [
      'UTC',
      'Europe/Berlin',
      'America/Santiago',
      'Pacific/Auckland',
      'Asia/Kolkata',
      'Mars/Olympus',
    ];
    // Around the daylight-saving changes of 2026 and across ordinary days.
    const moments = fc.integer({ min: at('2026-03-20T00:00:00Z'), max: at('2026-11-10T00:00:00Z') });
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.constantFrom(...zones), moments), { minLength: 1, maxLength: 20 }),
        (asks) => {
          for (const [zone, now] of asks) {
            expect(dayAt(now, zone)).toEqual(dayBounds(now, zone));
            expect(startOfDay(now, zone)).toBe(dayBounds(now, zone).start);
          }
        },
      ),
      { numRuns: 200 },
    );
  });
});
