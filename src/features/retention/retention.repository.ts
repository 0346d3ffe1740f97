import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/database.ts';

/*
 * The retention purges' SQL. Each call deletes one batch of at most `limit` rows past their
 * period and answers how many it deleted; the service repeats it until a batch comes back short.
 * A batch is picked by a subquery on an indexed column, oldest first, because SQLite has no
 * DELETE … LIMIT. These are the queries without a network: retention is the same for every site,
 * and the job serves all of them at once.
 */

type Db = Kysely<Database>;

/**
 * Tables whose rows go once one column passes a cutoff, with that column (indexed in each):
 * - `sessions` past their end (`expires_at` slides with use, at most 30 days after the last);
 * - `auth_events`, `page_events`, `tracking_records` by when they were written (a member's
 *   `tracking_id` may then name a record that is gone: it has no foreign key for that reason,
 *   and nothing reads a record through it);
 * - `complaints` by when they were handled (open ones have no `handled_at` and are never picked).
 */
export const PURGED_BY = {
  sessions: 'expires_at',
  auth_events: 'created_at',
  page_events: 'created_at',
  tracking_records: 'created_at',
  complaints: 'handled_at',
} as const;

export type PurgedTable = keyof typeof PURGED_BY;

/** Rows of `table` whose cutoff column is at or before `before`, oldest first. */
export async function purgeOldest(
  db: Db,
  table: PurgedTable,
  before: number,
  limit: number,
): Promise<number> {
  const column = sql.ref(PURGED_BY[table]);
  const result = await db
    .deleteFrom(table)
    .where(
      'id',
      'in',
      db.selectFrom(table).select('id').where(column, '<=', before).orderBy(column).limit(limit),
    )
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

/**
 * Tokens that can no longer be used (used, retired or expired) and were sent before `sentBefore`:
 * the daily limits on link e-mails count the tokens sent within the last day, spent or not.
 */
export async function purgeTokens(db: Db, now: number, sentBefore: number, limit: number): Promise<number> {
  const result = await db
    .deleteFrom('tokens')
    .where(
      'id',
      'in',
      db
        .selectFrom('tokens')
        .select('id')
        .where('created_at', '<=', sentBefore)
        .where((eb) => eb.or([eb('used_at', 'is not', null), eb('expires_at', '<=', now)]))
        .orderBy('created_at')
        .limit(limit),
    )
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** Counter windows that started at or before `startedBefore`. The key is (key, window_start). */
export async function purgeCounters(db: Db, startedBefore: number, limit: number): Promise<number> {
  const result = await db
    .deleteFrom('rate_limit_counters')
    .where(({ eb, refTuple, selectFrom }) =>
      eb(
        refTuple('key', 'window_start'),
        'in',
        selectFrom('rate_limit_counters')
          .select(['key', 'window_start'])
          .where('window_start', '<=', startedBefore)
          .orderBy('window_start')
          .limit(limit)
          .$asTuple('key', 'window_start'),
      ),
    )
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
