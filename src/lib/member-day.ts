/*
 * The member's day (spec §6: 4 swipe likes a day; the daily likes of every member). A day starts
 * at midnight where the member lives, not at UTC midnight: a member in Auckland would otherwise
 * get a new day at lunchtime. Shared by the features that count per day (likes, swipe).
 */

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(timeZone: string): Intl.DateTimeFormat {
  let found = formatters.get(timeZone);
  if (!found) {
    found = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    formatters.set(timeZone, found);
  }
  return found;
}

/** The wall-clock reading of `epochMs` in `timeZone`, as if that reading were UTC. */
function wallClock(epochMs: number, timeZone: string): number {
  const parts: Record<string, number> = {};
  for (const part of formatter(timeZone).formatToParts(epochMs))
    if (part.type !== 'literal') parts[part.type] = Number(part.value);
  return Date.UTC(parts.year!, parts.month! - 1, parts.day!, parts.hour!, parts.minute!, parts.second!);
}

/** How far `timeZone` is ahead of UTC at `epochMs`, in milliseconds. */
function offsetAt(epochMs: number, timeZone: string): number {
  const whole = Math.floor(epochMs / 1000) * 1000;
  return wallClock(whole, timeZone) - whole;
}

/**
 * The moment today began for someone in `timeZone` (an IANA name; an unknown one counts as UTC)
 * at `now`. Two offsets are tried because the offset at local midnight may differ from the one
 * now (a daylight-saving change in between); where midnight itself is skipped by a change, the
 * day starts at the first moment that exists.
 */
export function startOfDay(now: number, timeZone: string): number {
  const known = days.get(timeZone);
  if (known && known.start <= now && now < known.end) return known.start;
  return computedStartOfDay(now, timeZone);
}

function computedStartOfDay(now: number, timeZone: string): number {
  let zone = timeZone;
  try {
    formatter(zone);
  } catch {
    zone = 'UTC';
  }
  const local = wallClock(Math.floor(now / 1000) * 1000, zone);
  const midnight = local - (((local % 86_400_000) + 86_400_000) % 86_400_000);
  let start = midnight - offsetAt(midnight - offsetAt(now, zone), zone);
  if (wallClock(start, zone) !== midnight) {
    // Midnight did not exist: the day began when the clocks jumped past it.
    const second = midnight - offsetAt(now, zone);
    start = Math.min(start, second);
    while (wallClock(start, zone) < midnight) start += 60_000;
  }
  return start > now ? start - 86_400_000 : start;
}

/**
 * The member's day at `now` in `timeZone`: when it began and when the next one begins (a day is
 * 23 to 25 hours long across a daylight-saving change, so the next midnight is the start of the
 * day that holds the moment 36 hours after this one began).
 */
export function dayAt(now: number, timeZone: string): { start: number; end: number } {
  const known = days.get(timeZone);
  if (known && known.start <= now && now < known.end) return { start: known.start, end: known.end };
  const day = dayBounds(now, timeZone);
  if (days.size >= DAYS_KEPT) days.clear();
  days.set(timeZone, day);
  return { ...day };
}

/** `dayAt` worked out afresh, without the kept days. */
export function dayBounds(now: number, timeZone: string): { start: number; end: number } {
  const start = computedStartOfDay(now, timeZone);
  return { start, end: computedStartOfDay(start + 36 * 3_600_000, timeZone) };
}

/*
 * The current day per time zone. Finding a day's bounds takes eight readings of the zone's
 * clock through Intl (`formatToParts`), a twentieth of a swipe page's CPU; the members of one
 * zone share their day, and a moment inside a kept day's bounds has that day. Zones are few
 * (the member's browser reports one of the IANA names): the bound only guards against junk.
 */
const days = new Map<string, { start: number; end: number }>();
const DAYS_KEPT = 1_000;
