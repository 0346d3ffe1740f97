import type { Job, JobContext } from '../../server/jobs/index.ts';
import { DAY_MS, dayNumber, dayString } from '../../server/daily-figures.ts';
import { liveFigures } from './statistics.service.ts';
import { replaceRollups, rolledThrough } from './statistics.repository.ts';

/*
 * The rollups: every closed day of every site, written once the day is over, a batch of days
 * at a time. A site met for the first time is rolled up from `BACKFILL_DAYS` back; a server that
 * was down catches up from where its rollups end. Rewriting a day replaces it (idempotent).
 */

/** How far back a site's first rollups reach. */
export const BACKFILL_DAYS = 400;
/** Days computed in one go (one set of queries per figure). */
const BATCH_DAYS = 31;

type RollupContext = Pick<JobContext, 'db' | 'clock' | 'log' | 'sites'> & { signal?: AbortSignal };

/** Writes the rollups of every closed day not written yet; answers how many site-days. */
export async function rollUpClosedDays(ctx: RollupContext): Promise<number> {
  const yesterday = Math.floor(ctx.clock.now() / DAY_MS) - 1;
  const sites = [...ctx.sites()];
  const progress = await rolledThrough(
    ctx.db,
    sites.map((s) => s.id),
  );
  let written = 0;
  for (const site of sites) {
    const through = progress.get(site.id);
    let next = through === undefined ? yesterday - BACKFILL_DAYS + 1 : dayNumber(through) + 1;
    while (next <= yesterday && !ctx.signal?.aborted) {
      const last = Math.min(yesterday, next + BATCH_DAYS - 1);
      const range = { from: dayString(next), to: dayString(last) };
      const rows = await liveFigures(ctx.db, { network: site.network, sites: [site.id], ...range });
      await replaceRollups(ctx.db, { id: site.id, network: site.network }, range, rows);
      written += last - next + 1;
      next = last + 1;
    }
  }
  if (written > 0) ctx.log.info('statistics: daily rollups written', { days: written });
  return written;
}

export const statisticsJobs: Job[] = [
  { name: 'statistics.rollup', run: (ctx) => rollUpClosedDays(ctx).then(() => {}) },
];
