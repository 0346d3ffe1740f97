/*
 * Word between the processes of one installation about state each keeps in its own memory (the
 * route cache's pages): one process changes what a page shows, every process drops its copy.
 * Not for members' events (the realtime bus stores and delivers those) and not a queue: a
 * signal sent while a process is away is lost to it, which is fine for state that expires by
 * itself (a cached page lives a minute at most). On Redis: redis-signals.ts.
 */

export type SignalListener = (payload: string) => void;

export interface ClusterSignals {
  readonly kind: 'memory' | 'redis';
  /**
   * Tells the other processes; this process's own listeners are not called (the caller has
   * already acted here, before it answered). Resolves once Redis took it; never rejects.
   */
  publish(topic: string, payload: string): Promise<void>;
  /** Calls `listener` with what other processes publish on `topic`; answers the unsubscribe. */
  subscribe(topic: string, listener: SignalListener): () => void;
  close(): Promise<void>;
}

/** One process alone (no REDIS_URL): there is nobody to tell. */
export function createMemorySignals(): ClusterSignals {
  return {
    kind: 'memory',
    publish: async () => {},
    subscribe: () => () => {},
    close: async () => {},
  };
}
