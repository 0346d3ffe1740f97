/**
 * The arithmetic of the benchmark: on a shared machine absolute numbers drift with whatever
 * else runs, so targets are measured side by side in rounds (each round in another order) and
 * compared as ratios within a round; the report gives the median of those ratios.
 */
import { parseArgs } from 'node:util';

/**
 * The command-line options of every benchmark that measures side by side: how many rounds, how
 * long each target runs in a round, and the build under test.
 */
export const ROUND_OPTIONS = {
  rounds: { type: 'string', default: '5' },
  seconds: { type: 'string', default: '5' },
  dist: { type: 'string', default: 'dist' },
} as const;

type StringOptions = Record<string, { type: 'string'; default: string }>;

/** The options of a benchmark run alone that are texts, not numbers. */
type TextOption = 'dist' | 'profile';

/**
 * The options of a benchmark run alone (`--only <part>`, which it leaves out), each a number but
 * `dist`, the build under test, and `profile`, a folder for CPU profiles (empty: none).
 */
export function aloneArgs<O extends StringOptions>(
  argv: string[],
  part: string,
  options: O,
): { [K in keyof O]: K extends TextOption ? string : number } {
  const { values } = parseArgs({
    args: argv.filter((a) => a !== '--only' && a !== part && a !== `--only=${part}`),
    options,
  });
  return Object.fromEntries(
    Object.entries(values).map(([name, value]) => [
      name,
      name === 'dist' || name === 'profile' ? value : Number(value),
    ]),
  ) as { [K in keyof O]: K extends TextOption ? string : number };
}

export function median(values: readonly number[]): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

/** Round `round` runs the targets rotated by `round` places: each one takes each position in turn. */
export function roundOrder<T>(targets: readonly T[], round: number): T[] {
  const shift = targets.length === 0 ? 0 : round % targets.length;
  return [...targets.slice(shift), ...targets.slice(0, shift)];
}

/** Per-round ratios of two targets' results, and their median. */
export function medianRatio(
  rounds: ReadonlyArray<Readonly<Record<string, number>>>,
  numerator: string,
  denominator: string,
): { median: number; ratios: number[] } {
  const ratios = rounds
    .filter((round) => round[numerator] !== undefined && (round[denominator] ?? 0) > 0)
    .map((round) => round[numerator]! / round[denominator]!);
  return { median: median(ratios), ratios };
}

export function percent(ratio: number): string {
  return Number.isFinite(ratio) ? `${(ratio * 100).toFixed(1)} %` : 'n/a';
}

export function kilobytes(bytes: number): string {
  return `${(bytes / 1024).toFixed(1)} KB`;
}

/** The `p`th percentile of `values` (the nearest rank); NaN when there are none. */
export function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN;
}

/**
 * The milliseconds of each of `iterations` runs of `run`, one after another, after `warmup` runs
 * that are not measured (caches, compiled statements and connections warm).
 */
export async function timeRuns(
  run: () => Promise<unknown>,
  iterations: number,
  warmup = 0,
): Promise<number[]> {
  for (let i = 0; i < warmup; i++) await run();
  const times: number[] = [];
  for (let i = 0; i < iterations; i++) {
    const started = performance.now();
    await run();
    times.push(performance.now() - started);
  }
  return times;
}
