import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.ts';
import type { DailyCount, DailyFiguresQuery } from '../../server/daily-figures.ts';
import { dailySentMessages } from './chat.repository.ts';

/** Messages sent per day for the statistics: by members, by their site and tracked source. */
export function dailyMessages(
  ctx: { db: Kysely<Database> },
  query: DailyFiguresQuery,
): Promise<DailyCount[]> {
  return dailySentMessages(ctx.db, query);
}
