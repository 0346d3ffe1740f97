/*
 * Quiet hours (API.md "Away from the site"): a notification e-mail due between 22:00 and 08:00
 * where the member lives waits until 08:00 there. The member's time zone is the one their browser
 * reported; without one, the site's default country's.
 */

export const QUIET_FROM_HOUR = 22;
export const QUIET_UNTIL_HOUR = 8;
const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(timeZone: string): Intl.DateTimeFormat | undefined {
  let found = formatters.get(timeZone);
  if (!found) {
    try {
      found = new Intl.DateTimeFormat('en-US', {
        timeZone,
        hourCycle: 'h23',
        hour: 'numeric',
        minute: 'numeric',
      });
    } catch {
      return undefined;
    }
    formatters.set(timeZone, found);
  }
  return found;
}

/** Hours and minutes on the wall clock of `timeZone` (an unknown zone reads as UTC). */
export function wallTime(epochMs: number, timeZone: string): { hour: number; minute: number } {
  const parts = (formatter(timeZone) ?? formatter('UTC')!).formatToParts(epochMs);
  const read = (type: string) => Number(parts.find((p) => p.type === type)?.value ?? 0);
  return { hour: read('hour'), minute: read('minute') };
}

/**
 * When the quiet hours around `now` end (the first moment the wall clock shows 08:00), or
 * undefined outside them. Every zone's offset is a multiple of 15 minutes, so quarter hours of
 * UTC are quarter hours on every wall clock: stepping by them finds 08:00 exactly, also across a
 * daylight-saving change in the night.
 */
export function quietUntil(now: number, timeZone: string): number | undefined {
  if (!isQuiet(wallTime(now, timeZone).hour)) return undefined;
  let at = Math.floor(now / QUARTER) * QUARTER;
  // At most 10 hours and a daylight-saving hour ahead.
  for (let step = 0; step < 12 * 4; step++) {
    at += QUARTER;
    if (!isQuiet(wallTime(at, timeZone).hour)) return at;
  }
  return at;
}

const QUARTER = 15 * 60_000;

function isQuiet(hour: number): boolean {
  return hour >= QUIET_FROM_HOUR || hour < QUIET_UNTIL_HOUR;
}

/**
 * The time zone of a country for a member who has none: the zone where most of its people live.
 * The sites' countries first; any other country counts as UTC.
 */
const COUNTRY_ZONES: Record<string, string> = {
  AT: 'Europe/Vienna',
  BE: 'Europe/Brussels',
  BG: 'Europe/Sofia',
  CH: 'Europe/Zurich',
  CY: 'Asia/Nicosia',
  CZ: 'Europe/Prague',
  DE: 'Europe/Berlin',
  DK: 'Europe/Copenhagen',
  EE: 'Europe/Tallinn',
  ES: 'Europe/Madrid',
  FI: 'Europe/Helsinki',
  FR: 'Europe/Paris',
  GB: 'Europe/London',
  GR: 'Europe/Athens',
  HR: 'Europe/Zagreb',
  HU: 'Europe/Budapest',
  IE: 'Europe/Dublin',
  IS: 'Atlantic/Reykjavik',
  IT: 'Europe/Rome',
  LI: 'Europe/Vaduz',
  LT: 'Europe/Vilnius',
  LU: 'Europe/Luxembourg',
  LV: 'Europe/Riga',
  MT: 'Europe/Malta',
  NL: 'Europe/Amsterdam',
  NO: 'Europe/Oslo',
  PL: 'Europe/Warsaw',
  PT: 'Europe/Lisbon',
  RO: 'Europe/Bucharest',
  SE: 'Europe/Stockholm',
  SI: 'Europe/Ljubljana',
  SK: 'Europe/Bratislava',
  US: 'America/New_York',
  CA: 'America/Toronto',
  AU: 'Australia/Sydney',
  NZ: 'Pacific/Auckland',
};

export function countryTimeZone(country: string): string {
  return COUNTRY_ZONES[country.toUpperCase()] ?? 'UTC';
}

/** The member's zone, else the site's default country's. */
export function memberTimeZone(memberZone: string | null, siteCountry: string): string {
  return memberZone && formatter(memberZone) ? memberZone : countryTimeZone(siteCountry);
}
