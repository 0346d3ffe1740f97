import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.ts';
import type { Clock } from '../../lib/clock.ts';
import { recordAudit, type AuditActor } from '../../server/audit/audit.ts';
import {
  DAY_MS,
  dayNumber,
  dayString,
  type DailyAmount,
  type DailyCount,
  type DailyFiguresQuery,
} from '../../server/daily-figures.ts';
import { platformError } from '../../server/errors.ts';
import type { StaffPrincipal } from '../../server/staff.ts';
import { dailyActivations, dailyActiveMembers, dailySignups, firstSignupAt } from '../accounts/index.ts';
import { dailyMessages } from '../chat/index.ts';
import { dailyFirstPurchases, dailyRevenue } from '../payments/index.ts';
import { dailyVisits, firstVisitAt } from '../tracking/index.ts';
import {
  emptyFigures,
  sourceKey,
  splitPeriod,
  statisticsCsv,
  summarise,
  type CountFigure,
  type FigureRow,
} from './statistics.figures.ts';
import { readRollups, rolledThrough } from './statistics.repository.ts';
import type { StatisticsAnswer, StatisticsQueryInput } from './statistics.schemas.ts';

/*
 * Statistics per site and network, per day (docs/console.md "Statistics"): each feature counts
 * its own figures through its index; closed days come from the rollups the job writes, today
 * (and any day the job has not reached yet) is counted live, and the two are put together.
 */

export interface StatisticsContext {
  db: Kysely<Database>;
  clock: Clock;
  /** The networks served now. */
  networks(): string[];
  /** The ids of a network's sites. */
  sitesOf(network: string): string[];
}

const PERMISSION = 'view_statistics';
const MAX_DAYS = 400;

/**
 * The earliest time a figure of the network's `sites` can fall on (null: nothing yet): its first
 * member's signup or its first tracked visit. Members make the messages and purchases counted.
 */
export async function firstFigureAt(
  db: Kysely<Database>,
  query: { network: string; sites: readonly string[] },
): Promise<number | null> {
  const ctx = { db };
  const times = [await firstSignupAt(ctx, query.network), await firstVisitAt(ctx, query.sites)];
  const known = times.filter((time) => time !== null);
  return known.length === 0 ? null : Math.min(...known);
}

/** Every figure of the network's `sites` in [from, to] (days), counted from the features' tables. */
export async function liveFigures(
  db: Kysely<Database>,
  query: { network: string; sites: readonly string[]; from: string; to: string },
): Promise<FigureRow[]> {
  const range: DailyFiguresQuery = {
    network: query.network,
    sites: query.sites,
    from: dayNumber(query.from) * DAY_MS,
    to: (dayNumber(query.to) + 1) * DAY_MS,
  };
  const ctx = { db };
  const counts: [CountFigure, Promise<DailyCount[]>][] = [
    ['visits', dailyVisits(ctx, range)],
    ['signups', dailySignups(ctx, range)],
    ['activations', dailyActivations(ctx, range)],
    ['first_purchases', dailyFirstPurchases(ctx, range)],
    ['messages', dailyMessages(ctx, range)],
    ['active_members', dailyActiveMembers(ctx, range)],
  ];
  const rows = new Map<string, FigureRow>();
  const rowOf = (entry: DailyCount | DailyAmount) => {
    const source = { network: entry.network, ref: entry.ref, sub: entry.sub };
    const day = dayString(entry.day);
    const key = `${entry.site}\u0000${day}\u0000${sourceKey(source)}`;
    let row = rows.get(key);
    if (!row) rows.set(key, (row = { site: entry.site, day, source, figures: emptyFigures() }));
    return row;
  };
  for (const [figure, pending] of counts)
    for (const entry of await pending) rowOf(entry).figures[figure] += entry.count;
  for (const entry of await dailyRevenue(ctx, range)) {
    const revenue = rowOf(entry).figures.revenue;
    revenue[entry.currency] = (revenue[entry.currency] ?? 0) + entry.amount;
  }
  return [...rows.values()];
}

/** The network and sites asked for, within what the staff member may see. */
function scope(ctx: StatisticsContext, staff: StaffPrincipal, input: StatisticsQueryInput) {
  const held = staff.networksFor(PERMISSION);
  const visible = held === 'all' ? ctx.networks() : ctx.networks().filter((n) => held.includes(n));
  const network = input.network ?? visible[0];
  if (network === undefined || !visible.includes(network)) throw platformError('forbidden');
  const sites = ctx.sitesOf(network);
  if (input.site !== undefined && !sites.includes(input.site)) throw platformError('not_found');
  return { network, sites: input.site === undefined ? sites : [input.site] };
}

/** The period: `from`..`to` when given, else the last `days` days up to today. */
function period(
  ctx: StatisticsContext,
  input: StatisticsQueryInput,
): { from: string; to: string; today: string } {
  const today = dayString(Math.floor(ctx.clock.now() / DAY_MS));
  const to = input.to && input.to < today ? input.to : today;
  const from = input.from ?? dayString(dayNumber(to) - (input.days - 1));
  if (from > to || dayNumber(to) - dayNumber(from) >= MAX_DAYS)
    throw platformError('validation', { fields: { from: 'invalid' } });
  return { from, to, today };
}

async function figuresOf(ctx: StatisticsContext, staff: StaffPrincipal, input: StatisticsQueryInput) {
  const { network, sites } = scope(ctx, staff, input);
  const { from, to, today } = period(ctx, input);
  const yesterday = dayString(dayNumber(today) - 1);
  const split = splitPeriod({ from, to, yesterday }, sites, await rolledThrough(ctx.db, sites));
  const [rollups, live] = await Promise.all([
    split.rollupsThrough === null
      ? []
      : readRollups(ctx.db, { network, site: input.site, from, to: split.rollupsThrough }),
    split.liveFrom === null ? [] : liveFigures(ctx.db, { network, sites, from: split.liveFrom, to }),
  ]);
  return { network, from, to, today, summary: summarise([...rollups, ...live], from, to) };
}

export async function statistics(
  ctx: StatisticsContext,
  staff: StaffPrincipal,
  input: StatisticsQueryInput,
): Promise<StatisticsAnswer> {
  const { network, from, to, today, summary } = await figuresOf(ctx, staff, input);
  return {
    network,
    site: input.site ?? null,
    from,
    to,
    today,
    by_source: input.by_source,
    currencies: summary.currencies,
    days: summary.days,
    totals: summary.totals,
    sources: summary.sources,
    day_sources: input.by_source ? summary.day_sources : [],
  };
}

/** The CSV of what the page shows; the export is an audit entry. */
export async function statisticsExport(
  ctx: StatisticsContext,
  staff: StaffPrincipal,
  actor: AuditActor,
  input: StatisticsQueryInput,
): Promise<{ csv: string; filename: string }> {
  const { network, from, to, summary } = await figuresOf(ctx, staff, input);
  const csv = statisticsCsv(summary, input.by_source);
  await recordAudit(
    ctx.db,
    actor,
    {
      action: 'statistics.export',
      network,
      target: { type: 'statistics', id: input.site ?? null },
      after: { site: input.site ?? null, from, to, by_source: input.by_source },
    },
    ctx.clock.now(),
  );
  const filename = `statistics-${network}${input.site ? `-${input.site}` : ''}-${from}-${to}.csv`;
  return { csv, filename: filename.replace(/[^A-Za-z0-9._-]/g, '_') };
}
