import { describe, expect, it } from 'vitest';
import { formatEvent, openEventStream, parseLastEventId } from './event-stream.ts';
import { createLogger } from '../log.ts';
import { createMemoryBus } from './memory-bus.ts';
import type { RealtimeBus, RealtimeEvent, RealtimeListener } from './realtime-bus.ts';

const ev = (id: number): RealtimeEvent => ({ id, type: 'credits', data: { balance: id }, createdAt: 0 });

/** A bus whose catch-up read lets live events arrive while it runs, as a busy server would. */
function racingBus(
  stored: RealtimeEvent[],
  duringCatchUp: RealtimeEvent[],
): RealtimeBus & { emit(event: RealtimeEvent): void } {
  const listeners = new Set<RealtimeListener>();
  return {
    emit(event) {
      for (const l of listeners) l(event);
    },
    kind: 'memory',
    publish: () => Promise.reject(new Error('unused')),
    publishAll: () => Promise.reject(new Error('unused')),
    record: () => Promise.reject(new Error('unused')),
    fanOut: () => Promise.reject(new Error('unused')),
    subscribe(_n, _m, listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    endSessions: () => Promise.reject(new Error('unused')),
    listening: () => Promise.reject(new Error('unused')),
    async since(_n, _m, last) {
      for (const e of duringCatchUp) for (const l of listeners) l(e);
      return stored.filter((e) => e.id! > last);
    },
  };
}

/** A member's stream options, resumed after `lastEventId`. */
function optionsFor(signal: AbortSignal, lastEventId: number | null) {
  return {
    network: 'amber',
    memberId: 'm',
    sessionId: 's',
    sessionExpiresAt: Number.MAX_SAFE_INTEGER,
    sessionExpiry: () => Promise.resolve(null),
    clock: { now: () => 0 },
    lastEventId,
    signal,
    heartbeatMs: 60_000,
    retryMs: 1000,
    perMember: 2,
  };
}

async function readUntil(stream: ReadableStream<Uint8Array>, count: number): Promise<string[]> {
  const reader = stream.getReader();
  const decoder = new TextDecoder();
  let text = '';
  const ids = () => [...text.matchAll(/^id: (\d+)$/gm)].map((m) => m[1]!);
  while (ids().length < count) {
    const { value, done } = await reader.read();
    if (done) break;
    text += decoder.decode(value);
  }
  void reader.cancel();
  return ids();
}

describe('openEventStream', () => {
  it('sends the catch-up, then what arrived meanwhile, without gaps or duplicates', async () => {
    // Events 3 and 4 are published while the catch-up reads 2..4: 3 and 4 must come once, 5 too.
    const bus = racingBus([ev(2), ev(3), ev(4)], [ev(3), ev(4), ev(5)]);
    const abort = new AbortController();
    const stream = openEventStream(bus, optionsFor(abort.signal, 1))!;
    expect(await readUntil(stream, 4)).toEqual(['2', '3', '4', '5']);
    abort.abort();
  });

  it('sends a live event whose id is lower than the last one sent (committed later), once', async () => {
    // 6 was stored in a transaction that committed after 7's: it is news all the same.
    const bus = racingBus([ev(2)], [ev(2), ev(7)]);
    const abort = new AbortController();
    const stream = openEventStream(bus, optionsFor(abort.signal, 1))!;
    const reading = readUntil(stream, 3);
    await new Promise((r) => setTimeout(r, 10));
    bus.emit(ev(6));
    expect(await reading).toEqual(['2', '7', '6']);
    abort.abort();
  });

  it('answers null past the per-member limit and frees the place on abort', () => {
    const bus = racingBus([], []);
    const aborts = [new AbortController(), new AbortController()];
    const open = (signal: AbortSignal) => openEventStream(bus, optionsFor(signal, null));
    expect(open(aborts[0]!.signal)).not.toBeNull();
    expect(open(aborts[1]!.signal)).not.toBeNull();
    expect(open(new AbortController().signal)).toBeNull();
    aborts[0]!.abort();
    expect(open(new AbortController().signal)).not.toBeNull();
  });

  it("ends when the stream's session ends, and only then", async () => {
    const bus = createMemoryBus({
      db: undefined as never,
      clock: { now: () => 0 },
      log: createLogger('error', () => {}),
    });
    const abort = new AbortController();
    const mine = openEventStream(bus, optionsFor(abort.signal, null))!;
    const other = openEventStream(bus, { ...optionsFor(abort.signal, null), sessionId: 'other' })!;
    const [reader, otherReader] = [mine.getReader(), other.getReader()];
    await reader.read();
    await otherReader.read();
    await bus.endSessions('amber', 'm', ['s']);
    // The opening lines were read: what is left is the end of the stream.
    expect(await reader.read()).toEqual({ done: true, value: undefined });
    let otherEnded = false;
    void otherReader.read().then(({ done }) => (otherEnded = done));
    await new Promise((r) => setTimeout(r, 20));
    expect(otherEnded).toBe(false);
    // A stream opened just after its session ended (read as live a moment before) ends at once.
    const late = openEventStream(bus, optionsFor(new AbortController().signal, null))!.getReader();
    await late.read();
    expect(await late.read()).toEqual({ done: true, value: undefined });
    abort.abort();
  });

  it('ends at the first heartbeat after its session ran out, unless it was renewed', async () => {
    const bus = racingBus([], []);
    let now = 1_000;
    const stored: Array<number | null> = [5_000, null];
    let asked = 0;
    const abort = new AbortController();
    const stream = openEventStream(bus, {
      ...optionsFor(abort.signal, null),
      heartbeatMs: 5,
      sessionExpiresAt: 2_000,
      clock: { now: () => now },
      sessionExpiry: () => {
        asked += 1;
        return Promise.resolve(stored.shift()!);
      },
    })!;
    const reader = stream.getReader();
    const decoder = new TextDecoder();
    const heartbeats = async (count: number) => {
      let seen = 0;
      while (seen < count) {
        const { value, done } = await reader.read();
        if (done) return false;
        seen += decoder.decode(value).split(': heartbeat').length - 1;
      }
      return true;
    };
    // Before its end, the session is not read: heartbeats only.
    expect(await heartbeats(3)).toBe(true);
    expect(asked).toBe(0);
    // Past it, one read finds the session renewed (to 5 000): the stream goes on, unread again.
    now = 3_000;
    expect(await heartbeats(3)).toBe(true);
    expect(asked).toBe(1);
    // Past the renewed end, the session is over: the stream ends.
    now = 6_000;
    let next = await reader.read();
    while (!next.done) next = await reader.read();
    expect(asked).toBe(2);
    abort.abort();
  });

  it('formats events and reads Last-Event-ID strictly', () => {
    expect(formatEvent(ev(7))).toBe('id: 7\nevent: credits\ndata: {"balance":7}\n\n');
    expect(
      formatEvent({ id: null, type: 'typing', data: { conversation: 'c', profile: 'p' }, createdAt: 0 }),
    ).toBe('event: typing\ndata: {"conversation":"c","profile":"p"}\n\n');
    expect(parseLastEventId('42')).toBe(42);
    expect(parseLastEventId(' 42 ')).toBe(42);
    expect(parseLastEventId('-1')).toBeNull();
    expect(parseLastEventId('abc')).toBeNull();
    expect(parseLastEventId(null)).toBeNull();
  });
});
