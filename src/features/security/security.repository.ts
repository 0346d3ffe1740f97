import type { Kysely } from 'kysely';
import { newId } from '../../db/ids.ts';
import type { Database } from '../../db/database.ts';

/*
 * Counters of rate limits and lockouts, and the authentication log. Counter keys start with the
 * site's id, so one site's traffic never counts against another's; they hold no e-mail address
 * (callers hash it), so the table itself is not personal data.
 */

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
  const row = await db
    .selectFrom('rate_limit_counters')
    .select('count')
    .where('key', '=', key)
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
  const row = await db
    .selectFrom('rate_limit_counters')
    .select('window_start')
    .where('key', '=', key)
    .where('window_start', '>', since)
    .orderBy('window_start', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row ? Number(row.window_start) : undefined;
}

export async function deleteCounters(db: Kysely<Database>, key: string): Promise<void> {
  await db.deleteFrom('rate_limit_counters').where('key', '=', key).execute();
}

export interface AuthEventRow {
  siteId: string;
  memberId: string | null;
  kind: string;
  ip: string | null;
  createdAt: number;
}

export async function insertAuthEvent(
  db: Kysely<Database>,
  networkId: string,
  event: AuthEventRow,
): Promise<void> {
  await db
    .insertInto('auth_events')
    .values({
      id: newId(),
      network_id: networkId,
      site_id: event.siteId,
      member_id: event.memberId,
      kind: event.kind,
      ip: event.ip,
      created_at: event.createdAt,
    })
    .execute();
}
