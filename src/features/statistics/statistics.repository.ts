import type { Kysely, Transaction } from 'kysely';
import type { Database, StatisticsDailyTable } from '../../db/database.ts';
import { COUNT_FIGURES, emptyFigures, type FigureRow } from './statistics.figures.ts';

/*
 * The rollups' SQL: rows per site, day, source and currency ('' for the counts, a currency for its
 * revenue), read by sites and a range of days, and replaced a range of days at a time.
 */

type Db = Kysely<Database> | Transaction<Database>;

/**
 * The closed days' figures in `from`..`to`, added up over the sites per day, source and
 * currency: of one site, or of every site of the network (sites since removed included: they are
 * the network's history).
 */
export async function readRollups(
  db: Db,
  query: { network: string; site?: string | undefined; from: string; to: string },
): Promise<FigureRow[]> {
  let select = db
    .selectFrom('statistics_daily')
    .select((eb) => [
      'day',
      'source_network',
      'source_ref',
      'source_sub',
      'currency',
      ...COUNT_FIGURES.map((figure) => eb.fn.sum<number>(figure).as(figure)),
      eb.fn.sum<number>('revenue').as('revenue'),
    ])
    .where('network_id', '=', query.network)
    .where('day', '>=', query.from)
    .where('day', '<=', query.to);
  if (query.site !== undefined) select = select.where('site_id', '=', query.site);
  const rows = await select
    .groupBy(['day', 'source_network', 'source_ref', 'source_sub', 'currency'])
    .execute();
  return rows.map((row) => {
    const figures = emptyFigures();
    if (row.currency) figures.revenue[row.currency] = Number(row.revenue);
    else for (const figure of COUNT_FIGURES) figures[figure] = Number(row[figure]);
    return {
      site: query.site ?? '',
      day: row.day,
      source: { network: row.source_network, ref: row.source_ref, sub: row.source_sub },
      figures,
    };
  });
}

/** Up to which day each site's rollups are written. */
export async function rolledThrough(db: Db, sites: readonly string[]): Promise<Map<string, string>> {
  if (sites.length === 0) return new Map();
  const rows = await db
    .selectFrom('statistics_progress')
    .select(['site_id', 'rolled_through'])
    .where('site_id', 'in', sites)
    .execute();
  return new Map(rows.map((row) => [row.site_id, row.rolled_through]));
}

function tableRows(network: string, row: FigureRow): StatisticsDailyTable[] {
  const base = {
    site_id: row.site,
    network_id: network,
    day: row.day,
    source_network: row.source.network,
    source_ref: row.source.ref,
    source_sub: row.source.sub,
  };
  const counts = COUNT_FIGURES.some((figure) => row.figures[figure] !== 0)
    ? [
        {
          ...base,
          currency: '',
          ...Object.fromEntries(COUNT_FIGURES.map((f) => [f, row.figures[f]])),
          revenue: 0,
        },
      ]
    : [];
  const zero = Object.fromEntries(COUNT_FIGURES.map((f) => [f, 0]));
  const money = Object.entries(row.figures.revenue)
    .filter(([, amount]) => amount !== 0)
    .map(([currency, revenue]) => ({ ...base, currency, ...zero, revenue }));
  return [...counts, ...money] as StatisticsDailyTable[];
}

/**
 * Writes a site's rollups of `from`..`to` (inclusive) and moves its progress there, in one
 * transaction: what was written for those days before is replaced, so a run again is harmless.
 */
export async function replaceRollups(
  db: Kysely<Database>,
  site: { id: string; network: string },
  range: { from: string; to: string },
  rows: readonly FigureRow[],
): Promise<void> {
  const values = rows.flatMap((row) => tableRows(site.network, row));
  await db.transaction().execute(async (trx) => {
    await trx
      .deleteFrom('statistics_daily')
      .where('site_id', '=', site.id)
      .where('day', '>=', range.from)
      .where('day', '<=', range.to)
      .execute();
    for (let at = 0; at < values.length; at += 500)
      await trx
        .insertInto('statistics_daily')
        .values(values.slice(at, at + 500))
        .execute();
    await trx
      .insertInto('statistics_progress')
      .values({ site_id: site.id, network_id: site.network, rolled_through: range.to })
      .onConflict((oc) =>
        oc.column('site_id').doUpdateSet({ network_id: site.network, rolled_through: range.to }),
      )
      .execute();
  });
}

/** Rollup rows written straight in (the benchmark's generated history). */
export async function insertRollupRows(db: Db, rows: readonly StatisticsDailyTable[]): Promise<void> {
  for (let at = 0; at < rows.length; at += 500)
    await db
      .insertInto('statistics_daily')
      .values(rows.slice(at, at + 500))
      .execute();
}
