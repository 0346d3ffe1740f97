import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import { createLocalFanout } from './local-fanout.ts';
import { storedEventsBus, type BusDeps } from './memory-bus.ts';
import type { RealtimeBus, RealtimeEvent, RecordedEvents } from './realtime-bus.ts';

/** One channel per network: `<prefix><network>`; a process listens to the pattern of all of them. */
export const DEFAULT_CHANNEL_PREFIX = 'kindred:events:';

/**
 * What travels on a channel: the member, the event (or the sessions of the member that ended,
 * whose streams close), and which process published it.
 */
type Envelope = { origin: string; member: string } & (
  { event: RealtimeEvent; ended?: undefined } | { ended: string[]; event?: undefined }
);

/**
 * How long a process's word that a member holds a stream there counts without being renewed: a
 * process renews it every third of this for its members, so one that died stops counting soon.
 */
export const PRESENCE_TTL_MS = 60_000;

export interface RedisBusOptions {
  url: string;
  /** Channels start with this (tests use a prefix of their own to share one Redis). */
  channelPrefix?: string;
}

/**
 * The scale-out bus (ARCHITECTURE "Realtime"): events are stored in the database exactly as the
 * memory bus stores them (the store of record, what `since` reads after a reconnect), then
 * published on the network's Redis channel, so every process hands them to its own subscribers.
 * The publishing process delivers to its own subscribers at once and skips its own echo: a
 * member's tab on the same process does not wait for the round trip.
 *
 * ioredis reconnects both connections by itself and subscribes again after a reconnect. An event
 * published while Redis is away is stored but reaches other processes' streams only when their
 * clients reconnect and catch up with Last-Event-ID; the failure is logged, the publish answers.
 */
export function createRedisBus(
  deps: BusDeps,
  options: RedisBusOptions,
): RealtimeBus & { ready(): Promise<void>; readonly origin: string } {
  const prefix = options.channelPrefix ?? DEFAULT_CHANNEL_PREFIX;
  const origin = randomUUID();
  const local = createLocalFanout(deps.log);
  // A connection in subscriber mode can do nothing else: publishing needs a second one.
  // Named, so an operator's CLIENT LIST shows which process holds which connection.
  const publisher = new Redis(options.url, {
    maxRetriesPerRequest: 2,
    connectionName: `kindred-pub-${origin}`,
  });
  const subscriber = new Redis(options.url, { connectionName: `kindred-sub-${origin}` });
  for (const [name, connection] of [
    ['publisher', publisher],
    ['subscriber', subscriber],
  ] as const) {
    connection.on('error', (error: Error) =>
      deps.log.warn(`realtime: redis ${name}`, { error: error.message }),
    );
    connection.on('reconnecting', () => deps.log.info(`realtime: redis ${name} reconnecting`));
  }
  const subscribed = subscriber.psubscribe(`${prefix}*`);
  subscriber.on('pmessage', (_pattern: string, channel: string, message: string) => {
    let envelope: Envelope;
    try {
      envelope = JSON.parse(message) as Envelope;
    } catch {
      deps.log.warn('realtime: unreadable message on redis', { channel });
      return;
    }
    if (envelope.origin === origin) return;
    const network = channel.slice(prefix.length);
    if (envelope.ended) local.endSessions(network, envelope.member, envelope.ended);
    else local.deliver(network, envelope.member, envelope.event);
  });
  /** To this process's subscribers at once, then to the other processes in one round trip. */
  const fanOut = async ({ network, events: stored }: RecordedEvents) => {
    for (const { memberId, event } of stored) local.deliver(network, memberId, event);
    const pipeline = publisher.pipeline();
    for (const { memberId, event } of stored) {
      const envelope: Envelope = { origin, member: memberId, event };
      pipeline.publish(`${prefix}${network}`, JSON.stringify(envelope));
    }
    try {
      const results = (await pipeline.exec()) ?? [];
      const failed = results.find(([error]) => error);
      if (failed) throw failed[0] as Error;
    } catch (error) {
      deps.log.warn('realtime: redis publish failed', { error: (error as Error).message });
    }
  };
  /*
   * Presence: a hash per member (`<prefix>presence:<network>:<member>`), one field per process
   * that holds a stream of the member, valued with when that word expires. Other processes ask it
   * before they send a push (`listening`).
   */
  const presenceKey = (network: string, memberId: string) => `${prefix}presence:${network}:${memberId}`;
  const announce = (pairs: Iterable<[string, string]>) => {
    const until = Date.now() + PRESENCE_TTL_MS;
    const pipeline = publisher.pipeline();
    let any = false;
    for (const [network, memberId] of pairs) {
      const key = presenceKey(network, memberId);
      pipeline.hset(key, origin, String(until)).pexpire(key, PRESENCE_TTL_MS);
      any = true;
    }
    if (!any) return;
    pipeline.exec().catch((error: Error) => deps.log.warn('realtime: presence', { error: error.message }));
  };
  const renewal = setInterval(() => announce(local.members()), Math.floor(PRESENCE_TTL_MS / 3));
  renewal.unref();
  const stored = storedEventsBus(deps, local, fanOut);
  return {
    kind: 'redis',
    origin,
    async ready() {
      await subscribed;
    },
    ...stored,
    subscribe(network, memberId, listener, session) {
      const first = !local.has(network, memberId);
      const unsubscribe = local.subscribe(network, memberId, listener, session);
      if (first) announce([[network, memberId]]);
      return () => {
        unsubscribe();
        if (!local.has(network, memberId)) {
          publisher
            .hdel(presenceKey(network, memberId), origin)
            .catch((error: Error) => deps.log.warn('realtime: presence', { error: error.message }));
        }
      };
    },
    async listening(network, memberId) {
      if (local.has(network, memberId)) return true;
      try {
        const until = await publisher.hvals(presenceKey(network, memberId));
        const now = Date.now();
        return until.some((value) => Number(value) > now);
      } catch (error) {
        // Unknown: the member is treated as away, so a push may reach a member who is here
        // rather than nothing reaching one who is not.
        deps.log.warn('realtime: presence', { error: (error as Error).message });
        return false;
      }
    },
    async endSessions(network, memberId, sessionIds) {
      if (sessionIds.length === 0) return;
      local.endSessions(network, memberId, sessionIds);
      const envelope: Envelope = { origin, member: memberId, ended: [...sessionIds] };
      try {
        await publisher.publish(`${prefix}${network}`, JSON.stringify(envelope));
      } catch (error) {
        // The sessions are gone from the database: a stream elsewhere that is reconnected is
        // refused; until then it stays open. Said loudly, since that is a session outliving itself.
        deps.log.error('realtime: redis could not end sessions elsewhere', {
          error: (error as Error).message,
        });
      }
    },
    async close() {
      clearInterval(renewal);
      await Promise.allSettled([publisher.quit(), subscriber.quit()]);
    },
  };
}
