import type { Job, JobContext } from '../../server/jobs/index.ts';
import { DAY_MS, dayNumber, dayString } from '../../server/daily-figures.ts';
import { firstFigureAt, liveFigures } from './statistics.service.ts';
import { replaceRollups, rolledThrough } from './statistics.repository.ts';

/*
 * The rollups: every closed day of every site, written once the day is over, a batch of days
 * at a time. A site met for the first time is rolled up from `BACKFILL_DAYS` back, or from its
 * network's first signup or visit where that is later (the days before it are all zero, and a new
 * network's first start would otherwise count 400 empty days per site); a server that was down
 * catches up from where its rollups end. Rewriting a day replaces it (idempotent).
 */

/** How far back a site's first rollups reach. */
export const BACKFILL_DAYS = 400;
/** Days computed in one go (one set of queries per figure). */
const BATCH_DAYS = 31;

type RollupContext = Pick<JobContext, 'db' | 'clock' | 'log' | 'sites'> & { signal?: AbortSignal };

/**
 * Writes the rollups of every closed day not written yet; answers how many site-days. A network's
 * sites are counted together (one set of queries per batch of days for all of them, as their
 * members' rows lie side by side), each site written from the day after its own progress.
 */
export async function rollUpClosedDays(ctx: RollupContext): Promise<number> {
  const yesterday = Math.floor(ctx.clock.now() / DAY_MS) - 1;
  const sites = [...ctx.sites()];
  const progress = await rolledThrough(
    ctx.db,
    sites.map((s) => s.id),
  );
  // Where a site's first rollup starts, per network with a site not rolled up yet.
  const firstDayOf = new Map<string, number>();
  for (const network of new Set(sites.filter((s) => !progress.has(s.id)).map((s) => s.network))) {
    const unseen = sites.filter((s) => s.network === network && !progress.has(s.id)).map((s) => s.id);
    const first = await firstFigureAt(ctx.db, { network, sites: unseen });
    // Nothing yet: yesterday alone is written (empty), so that the site counts as rolled up.
    const firstDay = first === null ? yesterday : Math.min(yesterday, Math.floor(first / DAY_MS));
    firstDayOf.set(network, Math.max(yesterday - BACKFILL_DAYS + 1, firstDay));
  }
  const startOf = (site: { id: string; network: string }) => {
    const through = progress.get(site.id);
    return through === undefined ? (firstDayOf.get(site.network) ?? yesterday) : dayNumber(through) + 1;
  };
  let written = 0;
  for (const network of new Set(sites.map((s) => s.network))) {
    const members = sites.filter((s) => s.network === network && startOf(s) <= yesterday);
    let next = Math.min(...members.map((s) => startOf(s)));
    while (members.length > 0 && next <= yesterday && !ctx.signal?.aborted) {
      const last = Math.min(yesterday, next + BATCH_DAYS - 1);
      const due = members.filter((s) => startOf(s) <= last);
      const rows = await liveFigures(ctx.db, {
        network,
        sites: due.map((s) => s.id),
        from: dayString(next),
        to: dayString(last),
      });
      for (const site of due) {
        const from = Math.max(next, startOf(site));
        const range = { from: dayString(from), to: dayString(last) };
        const own = rows.filter((row) => row.site === site.id && row.day >= range.from);
        await replaceRollups(ctx.db, { id: site.id, network }, range, own);
        written += last - from + 1;
      }
      next = last + 1;
    }
  }
  if (written > 0) ctx.log.info('statistics: daily rollups written', { days: written });
  return written;
}

export const statisticsJobs: Job[] = [
  { name: 'statistics.rollup', run: (ctx) => rollUpClosedDays(ctx).then(() => {}) },
];
