import type { StaffPrincipal } from '../../server/staff.ts';
import { reportCounts } from '../reports/index.ts';
import * as repo from './sanctions.repository.ts';
import type { TransparencyRow } from './sanctions.schemas.ts';
import type { SanctionsContext } from './sanctions.service.ts';
import { csv } from './sanctions.statement.ts';

/*
 * The DSA counts per site for a period (Art. 15 and 24 reports): decisions, the time from the
 * matter arising (its first report, or its creation) to the decision, appeals and reversals.
 */

const DAY = 24 * 60 * 60 * 1000;
const HOUR = 60 * 60 * 1000;

export function median(values: readonly number[]): number | null {
  if (!values.length) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

const hours = (ms: number | null) => (ms === null ? null : Math.round((ms / HOUR) * 10) / 10);

/** The period of `from`..`to` (days, UTC, inclusive): the last 30 days unless said. */
export function period(now: number, from?: string, to?: string): { from: number; to: number } {
  const end = to ? Date.parse(to) + DAY : Math.floor(now / DAY) * DAY + DAY;
  const start = from ? Date.parse(from) : end - 30 * DAY;
  return { from: start, to: end };
}

export async function transparencyCounts(
  ctx: SanctionsContext,
  staff: StaffPrincipal,
  query: { network?: string; from?: string; to?: string },
): Promise<{ from: string; to: string; sites: TransparencyRow[] }> {
  const { from, to } = period(ctx.clock.now(), query.from, query.to);
  const held = staff.networksFor('moderate');
  const networks =
    query.network === undefined
      ? held
      : held === 'all' || held.includes(query.network)
        ? [query.network]
        : [];
  const decisions = (await repo.decisionsBetween(ctx.db, networks, from, to)).filter(
    (d) => d.kind !== 'lift',
  );
  const appeals = await repo.appealsBetween(ctx.db, networks, from, to);
  const sites = new Map<
    string,
    { network: string; reports: number; waits: number[]; appeals: number; reversals: number }
  >();
  const of = (site: string, network: string) => {
    let entry = sites.get(site);
    if (!entry) sites.set(site, (entry = { network, reports: 0, waits: [], appeals: 0, reversals: 0 }));
    return entry;
  };
  const reports =
    networks === 'all'
      ? await reportCounts(ctx, { from, to })
      : (await Promise.all(networks.map((network) => reportCounts(ctx, { network, from, to })))).flat();
  for (const r of reports) of(r.site, r.network).reports += r.count;
  for (const d of decisions)
    of(d.site_id, d.network_id).waits.push(Number(d.decided_at) - Number(d.opened_at));
  for (const a of appeals) {
    const entry = of(a.site_id, a.network_id);
    entry.appeals += 1;
    if (a.outcome === 'reverse') entry.reversals += 1;
  }
  const rows = [...sites].map(([site, e]): TransparencyRow => ({
    site,
    network: e.network,
    reports: e.reports,
    decisions: e.waits.length,
    median_hours_to_decision: hours(median(e.waits)),
    average_hours_to_decision: hours(
      e.waits.length ? e.waits.reduce((a, b) => a + b, 0) / e.waits.length : null,
    ),
    appeals: e.appeals,
    reversals: e.reversals,
  }));
  rows.sort((a, b) => a.site.localeCompare(b.site));
  return {
    from: new Date(from).toISOString().slice(0, 10),
    to: new Date(to - DAY).toISOString().slice(0, 10),
    sites: rows,
  };
}

export const TRANSPARENCY_COLUMNS = [
  'site',
  'network',
  'reports',
  'decisions',
  'median_hours_to_decision',
  'average_hours_to_decision',
  'appeals',
  'reversals',
] as const;

export function transparencyCsv(rows: readonly TransparencyRow[]): string {
  return csv([TRANSPARENCY_COLUMNS, ...rows.map((row) => TRANSPARENCY_COLUMNS.map((c) => row[c]))]);
}
