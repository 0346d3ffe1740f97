import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.ts';
import type { Clock } from '../../lib/clock.ts';
import type { Logger } from '../log.ts';
import { createLocalFanout } from './local-fanout.ts';
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
  db: Kysely<Database> = deps.db,
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

/** `publishAll` of a bus: store with one statement, then hand out the way the bus does. */
export function publishingAll(
  deps: BusDeps,
  fanOut: (recorded: RecordedEvents) => Promise<void>,
): RealtimeBus['publishAll'] {
  return async (network, items) => {
    const recorded = await storeEvents(deps, network, items);
    await fanOut(recorded);
    return recorded.events.map(({ event }) => event);
  };
}

/** `publish` of a bus: a `publishAll` of one event. */
export function publishingOne(publishAll: RealtimeBus['publishAll']): RealtimeBus['publish'] {
  return async (network, memberId, type, data) => {
    const [event] = await publishAll(network, [{ memberId, type, data } as PublishItem]);
    return event!;
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
  const rows = await eventsAfter(deps.db, network, memberId, lastEventId, Math.min(limit, CATCH_UP_LIMIT));
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
 * The embedded default: events stored in the database, fanned out to the subscribers of this
 * process. Enough for one process; several processes need the Redis adapter to reach each other.
 */
export function createMemoryBus(deps: BusDeps): RealtimeBus {
  const local = createLocalFanout(deps.log);
  const fanOut = async (recorded: RecordedEvents): Promise<void> => {
    for (const { memberId, event } of recorded.events) local.deliver(recorded.network, memberId, event);
  };
  const publishAll = publishingAll(deps, fanOut);
  return {
    kind: 'memory',
    publish: publishingOne(publishAll),
    publishAll,
    record: (db, network, items) => storeEvents(deps, network, items, db),
    fanOut,
    subscribe: local.subscribe,
    since: (network, memberId, lastEventId, limit) =>
      storedSince(deps, network, memberId, lastEventId, limit),
  };
}
