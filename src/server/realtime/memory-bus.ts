import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.ts';
import type { Clock } from '../../lib/clock.ts';
import type { Logger } from '../log.ts';
import { createLocalFanout } from './local-fanout.ts';
import { TRANSIENT_EVENTS, type RealtimeBus, type RealtimeEvent } from './realtime-bus.ts';
import { eventsAfter, insertEvent } from './realtime.repository.ts';

/** Catch-up never sends more than this at once; a client far behind reloads its lists instead. */
export const CATCH_UP_LIMIT = 500;

export interface BusDeps {
  db: Kysely<Database>;
  clock: Clock;
  log: Logger;
}

/** Stores the event unless it is transient; answers it as subscribers get it. */
export async function storeEvent(
  deps: BusDeps,
  network: string,
  memberId: string,
  type: RealtimeEvent['type'],
  data: unknown,
): Promise<RealtimeEvent> {
  const createdAt = deps.clock.now();
  const id = TRANSIENT_EVENTS.has(type)
    ? null
    : await insertEvent(deps.db, network, { memberId, type, data: JSON.stringify(data), createdAt });
  return { id, type, data, createdAt } as RealtimeEvent;
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
  return {
    kind: 'memory',
    async publish(network, memberId, type, data) {
      const event = await storeEvent(deps, network, memberId, type, data);
      local.deliver(network, memberId, event);
      return event;
    },
    subscribe: local.subscribe,
    since: (network, memberId, lastEventId, limit) =>
      storedSince(deps, network, memberId, lastEventId, limit),
  };
}
