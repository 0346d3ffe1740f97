import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.ts';
import type { Clock } from '../../lib/clock.ts';
import type { Logger } from '../log.ts';
import {
  TRANSIENT_EVENTS,
  type RealtimeBus,
  type RealtimeEvent,
  type RealtimeListener,
} from './realtime-bus.ts';
import { eventsAfter, insertEvent } from './realtime.repository.ts';

/** Catch-up never sends more than this at once; a client far behind reloads its lists instead. */
const CATCH_UP_LIMIT = 500;

/**
 * The embedded default: events stored in the database, fanned out to the subscribers of this
 * process. Enough for one process; several processes need the Redis adapter to reach each other.
 */
export function createMemoryBus(deps: { db: Kysely<Database>; clock: Clock; log: Logger }): RealtimeBus {
  // Per process, keyed by network and member: the platform holds one bus, never a module.
  const listeners = new Map<string, Set<RealtimeListener>>();
  const keyOf = (network: string, memberId: string) => `${network}\u0000${memberId}`;
  return {
    kind: 'memory',
    async publish(network, memberId, type, data) {
      const createdAt = deps.clock.now();
      const id = TRANSIENT_EVENTS.has(type)
        ? null
        : await insertEvent(deps.db, network, { memberId, type, data: JSON.stringify(data), createdAt });
      const event = { id, type, data, createdAt } as RealtimeEvent;
      for (const listener of listeners.get(keyOf(network, memberId)) ?? []) {
        try {
          listener(event);
        } catch (error) {
          // One broken stream must not keep the event from the member's other tabs.
          deps.log.warn('realtime: a subscriber failed', { error: (error as Error).message });
        }
      }
      return event;
    },
    subscribe(network, memberId, listener) {
      const key = keyOf(network, memberId);
      let set = listeners.get(key);
      if (!set) listeners.set(key, (set = new Set()));
      set.add(listener);
      return () => {
        set.delete(listener);
        if (set.size === 0 && listeners.get(key) === set) listeners.delete(key);
      };
    },
    async since(network, memberId, lastEventId, limit = CATCH_UP_LIMIT) {
      const rows = await eventsAfter(
        deps.db,
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
    },
  };
}
