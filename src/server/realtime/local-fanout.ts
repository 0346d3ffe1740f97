import type { Logger } from '../log.ts';
import type { RealtimeBus, RealtimeEvent, RealtimeListener } from './realtime-bus.ts';

/**
 * The subscribers of this process, keyed by network and member: what both buses hand an event
 * to once it is theirs to deliver (the memory bus at once, the Redis bus also for events that
 * another process published), and the sessions' ends they are told of.
 */
export interface LocalFanout extends Pick<RealtimeBus, 'subscribe'> {
  deliver(network: string, memberId: string, event: RealtimeEvent): void;
  /** Ends this process's subscriptions of these sessions of the member. */
  endSessions(network: string, memberId: string, sessionIds: readonly string[]): void;
  /** Whether the member has a subscriber in this process. */
  has(network: string, memberId: string): boolean;
  /** The members with a subscriber in this process, as [network, memberId]. */
  members(): IterableIterator<[string, string]>;
}

/**
 * How long an ended session is remembered: a stream whose session was read as live just before
 * it ended (the read and the logout crossing) subscribes a moment later, and ends at once.
 */
const ENDED_MEMORY_MS = 60_000;

export function createLocalFanout(log: Logger): LocalFanout {
  // Per process, keyed by network and member: the platform holds one bus, never a module.
  const listeners = new Map<string, Set<RealtimeListener>>();
  // Per network, member and session: what ends each subscription made with a session.
  const enders = new Map<string, Set<() => void>>();
  // Sessions ended lately (key → when, in this process's monotonic milliseconds), oldest first.
  const ended = new Map<string, number>();
  const keyOf = (network: string, memberId: string) => `${network}\u0000${memberId}`;
  const sessionKeyOf = (network: string, memberId: string, sessionId: string) =>
    `${network}\u0000${memberId}\u0000${sessionId}`;
  const forgetOldEnds = (now: number) => {
    for (const [key, at] of ended) {
      if (now - at < ENDED_MEMORY_MS) break;
      ended.delete(key);
    }
  };
  return {
    has: (network, memberId) => listeners.has(keyOf(network, memberId)),
    *members() {
      for (const key of listeners.keys()) yield key.split('\u0000') as [string, string];
    },
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
    subscribe(network, memberId, listener, session) {
      const key = keyOf(network, memberId);
      let set = listeners.get(key);
      if (!set) listeners.set(key, (set = new Set()));
      set.add(listener);
      let stopEnding = () => {};
      if (session) {
        const sessionKey = sessionKeyOf(network, memberId, session.sessionId);
        let ends = enders.get(sessionKey);
        if (!ends) enders.set(sessionKey, (ends = new Set()));
        const end = session.end;
        ends.add(end);
        stopEnding = () => {
          ends.delete(end);
          if (ends.size === 0 && enders.get(sessionKey) === ends) enders.delete(sessionKey);
        };
        forgetOldEnds(performance.now());
        if (ended.has(sessionKey)) queueMicrotask(end);
      }
      return () => {
        set.delete(listener);
        if (set.size === 0 && listeners.get(key) === set) listeners.delete(key);
        stopEnding();
      };
    },
    endSessions(network, memberId, sessionIds) {
      const now = performance.now();
      forgetOldEnds(now);
      for (const sessionId of sessionIds) {
        const sessionKey = sessionKeyOf(network, memberId, sessionId);
        ended.delete(sessionKey);
        ended.set(sessionKey, now);
        for (const end of [...(enders.get(sessionKey) ?? [])]) {
          try {
            end();
          } catch (error) {
            log.warn('realtime: ending a stream failed', { error: (error as Error).message });
          }
        }
      }
    },
  };
}
