import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.ts';

/*
 * The counters of the database-backed rate limiter: one row per key and fixed window. Keys
 * arrive here already keyed with the app secret (see `storedKey`): no IP address or e-mail
 * address is stored, and a row cannot be tied to a member without the secret, so the table has
 * no network and no privacy hook. The retention purge removes windows no rule reads any more.
 * (Counters written before keys were hashed are not migrated: they expire within two days.)
 */

/** The windows of one key: every read starts here. */
const windowsOf = (db: Kysely<Database>, key: string) =>
  db.selectFrom('rate_limit_counters').where('key', '=', key);

/** Adds one to a window's counter and answers the new count, in one statement (no lost updates). */
export async function incrementCounter(
  db: Kysely<Database>,
  key: string,
  windowStart: number,
): Promise<number> {
  const row = await db
    .insertInto('rate_limit_counters')
    .values({ key, window_start: windowStart, count: 1 })
    .onConflict((conflict) =>
      conflict
        .columns(['key', 'window_start'])
        .doUpdateSet((eb) => ({ count: eb('rate_limit_counters.count', '+', 1) })),
    )
    .returning('count')
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

export async function readCounter(db: Kysely<Database>, key: string, windowStart: number): Promise<number> {
  const row = await windowsOf(db, key)
    .select('count')
    .where('window_start', '=', windowStart)
    .executeTakeFirst();
  return row ? Number(row.count) : 0;
}

/** The newest window of a key that started after `since` (a lock that still holds). */
export async function latestWindowSince(
  db: Kysely<Database>,
  key: string,
  since: number,
): Promise<number | undefined> {
  const row = await windowsOf(db, key)
    .select('window_start')
    .where('window_start', '>', since)
    .orderBy('window_start', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row ? Number(row.window_start) : undefined;
}

export async function deleteCounters(db: Kysely<Database>, key: string): Promise<void> {
  await db.deleteFrom('rate_limit_counters').where('key', '=', key).execute();
}
