import type { Logger } from '../log.ts';
import type { RealtimeEvent, RealtimeListener } from './realtime-bus.ts';

/**
 * The subscribers of this process, keyed by network and member: what both buses hand an event
 * to once it is theirs to deliver (the memory bus at once, the Redis bus also for events that
 * another process published).
 */
export interface LocalFanout {
  deliver(network: string, memberId: string, event: RealtimeEvent): void;
  subscribe(network: string, memberId: string, listener: RealtimeListener): () => void;
}

export function createLocalFanout(log: Logger): LocalFanout {
  // Per process, keyed by network and member: the platform holds one bus, never a module.
  const listeners = new Map<string, Set<RealtimeListener>>();
  const keyOf = (network: string, memberId: string) => `${network}\u0000${memberId}`;
  return {
    deliver(network, memberId, event) {
      for (const listener of listeners.get(keyOf(network, memberId)) ?? []) {
        try {
          listener(event);
        } catch (error) {
          // One broken stream must not keep the event from the member's other tabs.
          log.warn('realtime: a subscriber failed', { error: (error as Error).message });
        }
      }
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
  };
}
