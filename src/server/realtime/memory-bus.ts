import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.ts';
import type { Clock } from '../../lib/clock.ts';
import type { Logger } from '../log.ts';
import { createLocalFanout, type LocalFanout } from './local-fanout.ts';
import {
  TRANSIENT_EVENTS,
  type PublishItem,
  type RealtimeBus,
  type RealtimeEvent,
  type RecordedEvents,
} from './realtime-bus.ts';
import { eventsAfter, insertEvents } from './realtime.repository.ts';

/** Catch-up never sends more than this at once; a client far behind reloads its lists instead. */
export const CATCH_UP_LIMIT = 500;

export interface BusDeps {
  db: Kysely<Database>;
  /** The database as one network sees it (row-level security on PostgreSQL); `db` when absent. */
  dbFor?: ((network: string) => Kysely<Database>) | undefined;
  clock: Clock;
  log: Logger;
}

/**
 * Stores the items that are not transient with one statement, in `db` (a caller's transaction,
 * or the database); answers the events in order.
 */
export async function storeEvents(
  deps: BusDeps,
  network: string,
  items: readonly PublishItem[],
  db: Kysely<Database> = deps.dbFor?.(network) ?? deps.db,
): Promise<RecordedEvents> {
  const createdAt = deps.clock.now();
  const kept = items.filter((item) => !TRANSIENT_EVENTS.has(item.type));
  const ids = await insertEvents(
    db,
    network,
    kept.map((item) => ({
      memberId: item.memberId,
      type: item.type,
      data: JSON.stringify(item.data),
      createdAt,
    })),
  );
  let next = 0;
  return {
    network,
    events: items.map((item) => ({
      memberId: item.memberId,
      event: {
        id: TRANSIENT_EVENTS.has(item.type) ? null : ids[next++]!,
        type: item.type,
        data: item.data,
        createdAt,
      } as RealtimeEvent,
    })),
  };
}

/** The member's stored events after `lastEventId` (both buses read the same table). */
export async function storedSince(
  deps: BusDeps,
  network: string,
  memberId: string,
  lastEventId: number,
  limit = CATCH_UP_LIMIT,
): Promise<RealtimeEvent[]> {
  const rows = await eventsAfter(
    deps.dbFor?.(network) ?? deps.db,
    network,
    memberId,
    lastEventId,
    Math.min(limit, CATCH_UP_LIMIT),
  );
  return rows.map(
    (row) =>
      ({
        id: row.id,
        type: row.type,
        data: JSON.parse(row.data),
        createdAt: row.created_at,
      }) as RealtimeEvent,
  );
}

/**
 * What both buses share around their own way of handing events out (`fanOut`): events stored
 * in the database (`publishAll` stores with one statement, `publish` is a `publishAll` of one),
 * delivered to this process's subscribers, and read back after a Last-Event-ID.
 */
export function storedEventsBus(
  deps: BusDeps,
  local: LocalFanout,
  fanOut: (recorded: RecordedEvents) => Promise<void>,
): Omit<RealtimeBus, 'kind' | 'endSessions' | 'listening'> {
  const publishAll: RealtimeBus['publishAll'] = async (network, items) => {
    const recorded = await storeEvents(deps, network, items);
    await fanOut(recorded);
    return recorded.events.map(({ event }) => event);
  };
  return {
    publish: async (network, memberId, type, data) => {
      const [event] = await publishAll(network, [{ memberId, type, data } as PublishItem]);
      return event!;
    },
    publishAll,
    record: (db, network, items) => storeEvents(deps, network, items, db),
    fanOut,
    subscribe: local.subscribe,
    since: (network, memberId, lastEventId, limit) =>
      storedSince(deps, network, memberId, lastEventId, limit),
  };
}

/**
 * The embedded default: events stored in the database, fanned out to the subscribers of this
 * process. Enough for one process; several processes need the Redis adapter to reach each other.
 */
export function createMemoryBus(deps: BusDeps): RealtimeBus {
  const local = createLocalFanout(deps.log);
  return {
    kind: 'memory',
    ...storedEventsBus(deps, local, async (recorded) => {
      for (const { memberId, event } of recorded.events) local.deliver(recorded.network, memberId, event);
    }),
    async endSessions(network, memberId, sessionIds) {
      local.endSessions(network, memberId, sessionIds);
    },
    listening: async (network, memberId) => local.has(network, memberId),
  };
}
