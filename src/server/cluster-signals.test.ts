import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { waitUntil } from '../../tests/support/polling.ts';
import { withRedis, type TestRedis } from '../../tests/support/redis.ts';
import { createMemorySignals } from './cluster-signals.ts';
import { createRedisSignals } from './redis-signals.ts';
import { createLogger } from './log.ts';

/* Two signal adapters on one Redis stand for two processes of one installation. */

let redis: TestRedis;
let one: ReturnType<typeof createRedisSignals>;
let two: ReturnType<typeof createRedisSignals>;

beforeAll(async () => {
  redis = await withRedis();
  // A prefix of this run's own: other runs may share the Redis.
  const prefix = `test:${randomUUID()}:`;
  const log = createLogger('error', () => {});
  one = createRedisSignals({ url: redis.url, log, prefix });
  two = createRedisSignals({ url: redis.url, log, prefix });
  await Promise.all([one.ready(), two.ready()]);
});

afterAll(async () => {
  await one?.close();
  await two?.close();
  await redis?.stop();
});

/** A message between processes over Redis arrives within milliseconds: look often, not long. */
const until = (check: () => boolean, timeoutMs = 3_000) => waitUntil(check, timeoutMs, 10);

describe('cluster signals on Redis', () => {
  it('tell the other process, on the topic it listens to, and not the sender itself', async () => {
    const heardByTwo: string[] = [];
    const heardByOne: string[] = [];
    const otherTopic: string[] = [];
    const stop = two.subscribe('pages.drop', (p) => heardByTwo.push(p));
    one.subscribe('pages.drop', (p) => heardByOne.push(p));
    two.subscribe('something.else', (p) => otherTopic.push(p));
    await one.publish('pages.drop', 'amber');
    await until(() => heardByTwo.length === 1);
    expect(heardByTwo).toEqual(['amber']);
    stop();
    await one.publish('pages.drop', 'curvy');
    await two.publish('pages.drop', 'silver');
    await until(() => heardByOne.length === 1);
    expect(heardByOne).toEqual(['silver']);
    expect(heardByTwo).toEqual(['amber']);
    expect(otherTopic).toEqual([]);
  });
});

describe('cluster signals of a single process', () => {
  it('have nobody to tell', async () => {
    const signals = createMemorySignals();
    const heard: string[] = [];
    signals.subscribe('pages.drop', (p) => heard.push(p));
    await signals.publish('pages.drop', 'amber');
    expect(heard).toEqual([]);
  });
});
