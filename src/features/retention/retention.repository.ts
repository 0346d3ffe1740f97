import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.ts';

/*
 * The retention purges' SQL. Each call deletes one batch of at most `limit` rows past their
 * period and answers how many it deleted; the service repeats it until a batch comes back short.
 * A batch is picked by a subquery on an indexed column, oldest first, because SQLite has no
 * DELETE … LIMIT. These are the queries without a network: retention is the same for every site,
 * and the job serves all of them at once.
 */

type Db = Kysely<Database>;

/** Sessions past their end: `expires_at` slides with use, at most 30 days after the last one. */
export async function purgeSessions(db: Db, now: number, limit: number): Promise<number> {
  const result = await db
    .deleteFrom('sessions')
    .where(
      'id',
      'in',
      db
        .selectFrom('sessions')
        .select('id')
        .where('expires_at', '<=', now)
        .orderBy('expires_at')
        .limit(limit),
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

export async function purgeAuthEvents(db: Db, createdBefore: number, limit: number): Promise<number> {
  const result = await db
    .deleteFrom('auth_events')
    .where(
      'id',
      'in',
      db
        .selectFrom('auth_events')
        .select('id')
        .where('created_at', '<=', createdBefore)
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

/** Complaints handled at or before `handledBefore`; open ones are never picked. */
export async function purgeComplaints(db: Db, handledBefore: number, limit: number): Promise<number> {
  const result = await db
    .deleteFrom('complaints')
    .where(
      'id',
      'in',
      db
        .selectFrom('complaints')
        .select('id')
        .where('handled_at', '<=', handledBefore)
        .orderBy('handled_at')
        .limit(limit),
    )
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

/**
 * Traffic-source records that arrived at or before `createdBefore`. A member's `tracking_id` may
 * then name a record that is gone; it has no foreign key for that reason, and nothing reads a
 * record through it.
 */
export async function purgeTrackingRecords(db: Db, createdBefore: number, limit: number): Promise<number> {
  const result = await db
    .deleteFrom('tracking_records')
    .where(
      'id',
      'in',
      db
        .selectFrom('tracking_records')
        .select('id')
        .where('created_at', '<=', createdBefore)
        .orderBy('created_at')
        .limit(limit),
    )
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

export async function purgePageEvents(db: Db, createdBefore: number, limit: number): Promise<number> {
  const result = await db
    .deleteFrom('page_events')
    .where(
      'id',
      'in',
      db
        .selectFrom('page_events')
        .select('id')
        .where('created_at', '<=', createdBefore)
        .orderBy('created_at')
        .limit(limit),
    )
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
