import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.ts';
import { compiledOnce } from '../../db/compiled.ts';
import { groupedWrite } from '../../db/group-commit.ts';

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

const incrementQuery = compiledOnce<{ key: string; windowStart: number }, { count: number | bigint }>(
  ['key', 'windowStart'],
  (db, v) =>
    db
      .insertInto('rate_limit_counters')
      .values({ key: v.key, window_start: v.windowStart, count: 1 })
      .onConflict((conflict) =>
        conflict
          .columns(['key', 'window_start'])
          .doUpdateSet((eb) => ({ count: eb('rate_limit_counters.count', '+', 1) })),
      )
      .returning('count'),
);

/**
 * Adds one to a window's counter and answers the new count, in one statement (no lost updates).
 * On SQLite the upsert shares the commit of the turn's other writes (db/group-commit.ts): every
 * chat send and login counts one, and a commit of its own cost more than the upsert. Compiled
 * once (db/compiled.ts), as is the read beside it: both run on every send.
 */
export async function incrementCounter(
  db: Kysely<Database>,
  key: string,
  windowStart: number,
): Promise<number> {
  const row = await groupedWrite(db, (db) => incrementQuery.executeTakeFirst(db, { key, windowStart }));
  if (!row) throw new Error('the counter upsert answered no row');
  return Number(row.count);
}

const readQuery = compiledOnce<{ key: string; windowStart: number }, { count: number | bigint }>(
  ['key', 'windowStart'],
  (db, v) => windowsOf(db, v.key).select('count').where('window_start', '=', v.windowStart),
);

export async function readCounter(db: Kysely<Database>, key: string, windowStart: number): Promise<number> {
  const row = await readQuery.executeTakeFirst(db, { key, windowStart });
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
