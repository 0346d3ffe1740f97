import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { countryTimeZone, memberTimeZone, quietUntil, wallTime } from './quiet-hours.ts';

const ZONES = [
  'UTC',
  'Europe/Amsterdam',
  'Europe/London',
  'America/New_York',
  'Asia/Kolkata',
  'Australia/Adelaide',
  'Asia/Kathmandu',
  'Pacific/Chatham',
];
const instant = fc.integer({ min: Date.UTC(2020, 0, 1), max: Date.UTC(2030, 0, 1) });

describe('quiet hours', () => {
  it('are 22:00 to 08:00 on the member’s wall clock, and end at the first 08:00 after', () => {
    fc.assert(
      fc.property(instant, fc.constantFrom(...ZONES), (now, zone) => {
        const { hour } = wallTime(now, zone);
        const until = quietUntil(now, zone);
        if (hour >= 8 && hour < 22) return until === undefined;
        expect(until).toBeGreaterThan(now);
        expect(wallTime(until!, zone)).toEqual({ hour: 8, minute: 0 });
        // Never more than ten hours and a daylight-saving hour away, and nothing earlier is 08:00.
        expect(until! - now).toBeLessThanOrEqual(11 * 3_600_000);
        expect(wallTime(until! - 60_000, zone).hour).toBe(7);
        return true;
      }),
      { numRuns: 2000 },
    );
  });

  it('end at 08:00 on the morning the clocks go forward or back', () => {
    // Europe/Amsterdam: 02:00 became 03:00 on 2024-03-31; 03:00 became 02:00 on 2024-10-27.
    for (const night of ['2024-03-30T21:30:00Z', '2024-10-26T22:30:00Z']) {
      const until = quietUntil(Date.parse(night), 'Europe/Amsterdam')!;
      expect(wallTime(until, 'Europe/Amsterdam')).toEqual({ hour: 8, minute: 0 });
    }
    expect(new Date(quietUntil(Date.parse('2024-03-30T21:30:00Z'), 'Europe/Amsterdam')!).toISOString()).toBe(
      '2024-03-31T06:00:00.000Z',
    );
    expect(new Date(quietUntil(Date.parse('2024-10-26T22:30:00Z'), 'Europe/Amsterdam')!).toISOString()).toBe(
      '2024-10-27T07:00:00.000Z',
    );
  });

  it('use the site’s default country’s zone for a member without one', () => {
    expect(memberTimeZone(null, 'DE')).toBe('Europe/Berlin');
    expect(memberTimeZone('Not/AZone', 'NL')).toBe('Europe/Amsterdam');
    expect(memberTimeZone('Asia/Tokyo', 'NL')).toBe('Asia/Tokyo');
    expect(countryTimeZone('ZZ')).toBe('UTC');
    // 21:30 UTC in winter is 22:30 in Berlin: quiet there, not in London.
    const now = Date.parse('2025-01-15T21:30:00Z');
    expect(quietUntil(now, memberTimeZone(null, 'DE'))).toBe(Date.parse('2025-01-16T07:00:00Z'));
    expect(quietUntil(now, memberTimeZone(null, 'GB'))).toBeUndefined();
  });
});
