/**
 * A length of time as staff read it in a table, in the member's language: "45 min", "3 Std.",
 * "2 dagen". The unit grows with the time, so that a figure stays short and is never below two
 * of the next unit (119 min stays minutes, 120 min is "2 hr"); past two days a wait is counted in
 * days. The unit's name is the language's own (`Intl.NumberFormat`, unit style), never an
 * English abbreviation in a Polish console.
 */

export type DurationUnit = 'second' | 'minute' | 'hour' | 'day';

/** Each unit, and from how many of it the next unit takes over (days have no next). */
const UNITS: ReadonlyArray<{ unit: DurationUnit; ms: number; upTo: number }> = [
  { unit: 'second', ms: 1_000, upTo: 120 },
  { unit: 'minute', ms: 60_000, upTo: 120 },
  { unit: 'hour', ms: 3_600_000, upTo: 48 },
  { unit: 'day', ms: 86_400_000, upTo: Number.POSITIVE_INFINITY },
];

/** Formats per language and unit: a table writes one per row, and every row of a column alike. */
const formats = new Map<string, Intl.NumberFormat>();
function formatOf(locale: string | undefined, unit: DurationUnit): Intl.NumberFormat {
  const key = `${locale ?? ''}\u0000${unit}`;
  let found = formats.get(key);
  if (!found) {
    found = new Intl.NumberFormat(locale, { style: 'unit', unit, unitDisplay: 'short' });
    formats.set(key, found);
  }
  return found;
}

export interface DurationOptions {
  /** The smallest unit shown (a waiting time is not counted in seconds). */
  smallest?: DurationUnit;
  /** How a figure between two whole units is shown: a wait so far floors, an average rounds. */
  rounding?: 'floor' | 'round';
}

/** `ms` (negative counts as none) in the unit that fits it, in `locale`'s words. */
export function formatDuration(
  ms: number,
  locale: string | undefined,
  options: DurationOptions = {},
): string {
  const { smallest = 'second', rounding = 'floor' } = options;
  const round = rounding === 'floor' ? Math.floor : Math.round;
  const elapsed = Math.max(0, ms);
  let i = UNITS.findIndex((u) => u.unit === smallest);
  while (i < UNITS.length - 1 && round(elapsed / UNITS[i]!.ms) >= UNITS[i]!.upTo) i++;
  const { unit, ms: size } = UNITS[i]!;
  return formatOf(locale, unit).format(round(elapsed / size));
}
