import type { Site } from './site.ts';

/** Up to this many sites the start log names every domain; above it, it sums them up. */
export const LIST_ALL_SITES_UP_TO = 20;
/** Domains named before "and N more" in a summed-up start log. */
const FIRST_DOMAINS = 5;
/** Values per count line before the rest are folded into "N others". */
const TOP_VALUES = 8;

function counts(values: Iterable<string>): Map<string, number> {
  const out = new Map<string, number>();
  for (const v of values) out.set(v, (out.get(v) ?? 0) + 1);
  return out;
}

/** "amber 5000, midnight 4000 and 3 others (1000)": the most frequent first, ties by name. */
function countLine(map: Map<string, number>): string {
  const sorted = [...map].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]));
  const shown = sorted.slice(0, TOP_VALUES).map(([k, n]) => `${k} ${n}`);
  const rest = sorted.slice(TOP_VALUES);
  if (rest.length === 0) return shown.join(', ');
  return `${shown.join(', ')} and ${rest.length} others (${rest.reduce((sum, [, n]) => sum + n, 0)})`;
}

/**
 * The sites as one log line at start. A few sites are listed by domain; thousands are counted by
 * network, theme, niche and language with the first few domains, so the line stays readable and
 * the log does not grow with the portfolio.
 */
export function summarizeSites(sites: readonly Site[]): string {
  if (sites.length <= LIST_ALL_SITES_UP_TO) {
    return `${sites.length} sites: ${sites.map((s) => s.primaryDomain).join(', ')}`;
  }
  const networks = counts(sites.map((s) => s.network));
  const first = sites.slice(0, FIRST_DOMAINS).map((s) => s.primaryDomain);
  return [
    `${sites.length} sites in ${networks.size} networks`,
    `themes: ${countLine(counts(sites.map((s) => s.theme.id)))}`,
    `niches: ${countLine(counts(sites.map((s) => s.niche)))}`,
    `languages: ${countLine(counts(sites.map((s) => s.domainLanguage)))}`,
    `largest networks: ${countLine(networks)}`,
    `first: ${first.join(', ')} and ${sites.length - first.length} more`,
  ].join('; ');
}
