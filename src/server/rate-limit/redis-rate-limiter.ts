import type { Redis } from 'ioredis';
import { RateLimiterRedis } from 'rate-limiter-flexible';
import { storedKey } from './database-rate-limiter.ts';
import {
  counterLocks,
  createFlexibleRateLimiter,
  UNLIMITED_POINTS,
  type CounterStore,
} from './flexible-rate-limiter.ts';
import type { RateLimiter } from './rate-limiter.ts';

/** Redis's glob characters, taken literally in a SCAN pattern. */
const globSafe = (text: string) => text.replace(/[*?[\]\\]/g, '\\$&');

/**
 * Counters in Redis (`RateLimiterRedis`: an atomic increment that sets the expiry with the first
 * point), shared by every process on the same Redis. A lock is a counter whose value is the
 * lock's start. `reset` finds a key's windows with SCAN: resets are rare (a right password).
 */
export function redisCounterStore(redis: Redis, keyPrefix: string): CounterStore {
  const counters = new RateLimiterRedis({
    storeClient: redis,
    useRedisPackage: false,
    keyPrefix,
    points: UNLIMITED_POINTS,
    duration: 0,
  });
  return {
    kind: 'redis',
    counters,
    ...counterLocks(counters),
    async forget(key) {
      const pattern = `${globSafe(counters.getKey(key))}@*`;
      const found: string[] = [];
      for await (const keys of redis.scanStream({ match: pattern, count: 1000 }))
        found.push(...(keys as string[]));
      await redis.del(counters.getKey(key), ...found);
    },
  };
}

/** The scale-out limiter: counters in Redis, keys stored as an HMAC under the app secret. */
export function createRedisRateLimiter(redis: Redis, secret: Buffer, keyPrefix = 'rate-limit'): RateLimiter {
  return createFlexibleRateLimiter(redisCounterStore(redis, keyPrefix), (key) => storedKey(secret, key));
}
