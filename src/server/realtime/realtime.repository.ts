import type { Kysely, Transaction } from 'kysely';
import { compiledPerShape } from '../../db/compiled.ts';
import type { Database } from '../../db/database.ts';

/* The `events` table: a member's realtime events, kept for catch-up with `Last-Event-ID`. */

type Db = Kysely<Database> | Transaction<Database>;

export interface StoredEventRow {
  id: number;
  type: string;
  data: string;
  created_at: number;
}

/**
 * Stores several events with one statement; answers their ids in the order given. The ids are
 * handed out in the order of the rows, so the sorted ids follow it (a statement's returned rows
 * need not come in that order).
 */
export async function insertEvents(
  db: Db,
  network: string,
  events: ReadonlyArray<{ memberId: string; type: string; data: string; createdAt: number }>,
): Promise<number[]> {
  if (events.length === 0) return [];
  const rows = await insertEventsQuery.execute(db, { network, events });
  return rows.map((row) => Number(row.id)).sort((a, b) => a - b);
}

/**
 * Compiled once per number of rows: a chat send stores two events in its transaction, and
 * building the insert anew for each was a visible part of a send's time.
 */
const insertEventsQuery = compiledPerShape<
  {
    network: string;
    events: ReadonlyArray<{ memberId: string; type: string; data: string; createdAt: number }>;
  },
  { id: number }
>((db, { network, events }) =>
  db
    .insertInto('events')
    .values(
      events.map((event) => ({
        member_id: event.memberId,
        network_id: network,
        type: event.type,
        data: event.data,
        created_at: event.createdAt,
      })),
    )
    .returning('id'),
);

export async function eventsAfter(
  db: Db,
  network: string,
  memberId: string,
  lastEventId: number,
  limit: number,
): Promise<StoredEventRow[]> {
  const rows = await db
    .selectFrom('events')
    .select(['id', 'type', 'data', 'created_at'])
    .where('network_id', '=', network)
    .where('member_id', '=', memberId)
    .where('id', '>', lastEventId)
    .orderBy('id')
    .limit(limit)
    .execute();
  return rows.map((row) => ({ ...row, id: Number(row.id), created_at: Number(row.created_at) }));
}
