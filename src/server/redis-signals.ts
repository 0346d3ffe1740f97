import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import type { ClusterSignals, SignalListener } from './cluster-signals.ts';
import type { Logger } from './log.ts';

/** The channels' common start; a test gives a prefix of its own to share one Redis. */
export const DEFAULT_SIGNALS_PREFIX = 'kindred:signals:';

export interface RedisSignalsOptions {
  url: string;
  log: Logger;
  prefix?: string;
}

/** Signals on Redis pub/sub, a channel per topic (`<prefix><topic>`). */
export function createRedisSignals(
  options: RedisSignalsOptions,
): ClusterSignals & { ready(): Promise<void> } {
  const { log } = options;
  const prefix = options.prefix ?? DEFAULT_SIGNALS_PREFIX;
  const origin = randomUUID();
  const publisher = new Redis(options.url, {
    maxRetriesPerRequest: 2,
    connectionName: `kindred-signals-pub-${origin}`,
  });
  // A connection in subscriber mode can do nothing else: listening needs one of its own.
  const subscriber = new Redis(options.url, { connectionName: `kindred-signals-sub-${origin}` });
  for (const connection of [publisher, subscriber]) {
    connection.on('error', (error: Error) => log.warn('signals: redis', { error: error.message }));
  }
  const listeners = new Map<string, Set<SignalListener>>();
  const subscribed = subscriber.psubscribe(`${prefix}*`);
  subscriber.on('pmessage', (_pattern: string, channel: string, message: string) => {
    let envelope: { origin: string; payload: string };
    try {
      envelope = JSON.parse(message) as { origin: string; payload: string };
    } catch {
      log.warn('signals: unreadable message on redis', { channel });
      return;
    }
    if (envelope.origin === origin) return;
    for (const listener of listeners.get(channel.slice(prefix.length)) ?? []) {
      try {
        listener(envelope.payload);
      } catch (error) {
        log.error('signals: a listener failed', { channel, error: (error as Error).message });
      }
    }
  });
  return {
    kind: 'redis',
    async ready() {
      await subscribed;
    },
    async publish(topic, payload) {
      try {
        await publisher.publish(`${prefix}${topic}`, JSON.stringify({ origin, payload }));
      } catch (error) {
        log.warn('signals: redis publish failed', { topic, error: (error as Error).message });
      }
    },
    subscribe(topic, listener) {
      let set = listeners.get(topic);
      if (!set) listeners.set(topic, (set = new Set()));
      set.add(listener);
      return () => void set.delete(listener);
    },
    async close() {
      subscriber.disconnect();
      publisher.disconnect();
    },
  };
}
