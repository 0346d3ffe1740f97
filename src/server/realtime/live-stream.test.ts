import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDatabase, type DatabaseHandle } from '../../db/client.ts';
import { migrateToLatest } from '../../db/migrate.ts';
import { createLogger } from '../log.ts';
import { openLiveStream, type LiveStreamOptions } from './live-stream.ts';
import { createMemoryBus } from './memory-bus.ts';
import { consoleTopic, type RealtimeBus } from './realtime-bus.ts';

let handle: DatabaseHandle;
let bus: RealtimeBus;
const now = 1_763_000_000_000;

beforeAll(async () => {
  handle = await createDatabase({ databaseUrl: 'sqlite::memory:', dataDir: '.' });
  await migrateToLatest(handle.db);
  bus = createMemoryBus({ db: handle.db, clock: { now: () => now }, log: createLogger('error', () => {}) });
});
afterAll(async () => {
  await handle.destroy();
});

const LIST = consoleTopic('inbox');

function options(overrides: Partial<LiveStreamOptions> = {}): LiveStreamOptions {
  return {
    topics: [{ network: 'amber', key: LIST }],
    session: {
      network: 'console',
      key: consoleTopic('staff:s1'),
      sessionId: 'sess',
      expiry: async () => now + 1,
    },
    present: (event) => (event.type === 'inbox' ? { type: 'inbox', data: event.data } : null),
    clock: { now: () => now },
    heartbeatMs: 60_000,
    retryMs: 3000,
    perSession: 2,
    signal: new AbortController().signal,
    ...overrides,
  };
}

/** Reads the stream until `until` holds of its text, or it ends. */
async function readUntil(stream: ReadableStream<Uint8Array>, until: (text: string) => boolean) {
  const reader = stream.getReader();
  const decoder = new TextDecoder();
  let text = '';
  let ended = false;
  while (!until(text)) {
    const { value, done } = await reader.read();
    if (done) {
      ended = true;
      break;
    }
    text += decoder.decode(value);
  }
  reader.releaseLock();
  return { text, ended };
}

describe('a console live stream', () => {
  it('sends what `present` shows of its topics, stores nothing, and ends with its session', async () => {
    const stream = openLiveStream(bus, options())!;
    await bus.publish('amber', LIST, 'inbox', { conversation: 'c1', network: 'amber', change: 'waiting' });
    // Another network's list, and what `present` leaves out, never reach it.
    await bus.publish('curvy', LIST, 'inbox', { conversation: 'c2', network: 'curvy', change: 'waiting' });
    await bus.publish('amber', LIST, 'inbox_typing', { conversation: 'c1' });
    await bus.publish('amber', LIST, 'inbox', { conversation: 'c3', network: 'amber', change: 'answered' });
    const read = await readUntil(stream, (text) => text.includes('c3'));
    expect(read.text).toBe(
      'retry: 3000\n: open\n\n' +
        'event: inbox\ndata: {"conversation":"c1","network":"amber","change":"waiting"}\n\n' +
        'event: inbox\ndata: {"conversation":"c3","network":"amber","change":"answered"}\n\n',
    );
    const stored = await handle.db.selectFrom('events').select('id').execute();
    expect(stored).toEqual([]);

    await bus.endSessions('console', consoleTopic('staff:s1'), ['sess']);
    expect((await readUntil(stream, () => false)).ended).toBe(true);
  });

  it('ends at a heartbeat once the session is over, and holds at most `perSession` streams', async () => {
    let end: number | null = now + 1;
    const ended = openLiveStream(
      bus,
      options({
        heartbeatMs: 5,
        session: {
          network: 'console',
          key: consoleTopic('staff:s2'),
          sessionId: 'x',
          expiry: async () => end,
        },
      }),
    )!;
    await readUntil(ended, (text) => text.includes('heartbeat'));
    end = null;
    expect((await readUntil(ended, () => false)).ended).toBe(true);

    const first = new AbortController();
    const second = new AbortController();
    const third = new AbortController();
    expect(openLiveStream(bus, options({ signal: first.signal }))).not.toBeNull();
    expect(openLiveStream(bus, options({ signal: second.signal }))).not.toBeNull();
    expect(openLiveStream(bus, options({ signal: third.signal }))).toBeNull();
    first.abort();
    expect(openLiveStream(bus, options({ signal: third.signal }))).not.toBeNull();
    second.abort();
    third.abort();
  });
});
