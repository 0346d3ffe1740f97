import { LRUCache } from 'lru-cache';
import { RateLimiterMemory, type RateLimiterRes } from 'rate-limiter-flexible';
import {
  counterLocks,
  createFlexibleRateLimiter,
  UNLIMITED_POINTS,
  windowKey,
  type CounterStore,
} from './flexible-rate-limiter.ts';
import type { RateLimiter } from './rate-limiter.ts';

/** Keys whose windows a reset may have to find; the oldest are forgotten first. */
const TRACKED_KEYS_MAX = 100_000;

/**
 * Counters in this process's memory (`RateLimiterMemory`), for one process without a database
 * to spare (tests, tools). A lock is a counter whose value is the lock's start. The library keeps
 * no list of a key's windows, so this store remembers which windows each key counted in, for
 * `reset`.
 */
export function memoryCounterStore(): CounterStore {
  const windows = new LRUCache<string, Set<number>>({ max: TRACKED_KEYS_MAX });
  class TrackedMemory extends RateLimiterMemory {
    override penalty(
      rlKey: string | number,
      points?: number,
      options?: { [key: string]: unknown },
    ): Promise<RateLimiterRes> {
      const text = String(rlKey);
      const at = text.lastIndexOf('@');
      const key = text.slice(0, at);
      const seen = windows.get(key) ?? new Set<number>();
      seen.add(Number(text.slice(at + 1)));
      windows.set(key, seen);
      return super.penalty(rlKey, points, options);
    }
  }
  const counters = new TrackedMemory({ points: UNLIMITED_POINTS, duration: 0 });
  return {
    kind: 'memory',
    counters,
    ...counterLocks(counters),
    async forget(key) {
      for (const windowStart of windows.get(key) ?? []) await counters.delete(windowKey(key, windowStart));
      windows.delete(key);
      await counters.delete(key);
    },
  };
}

/** The limiter on counters in this process's memory; keys are kept as callers give them. */
export function createMemoryRateLimiter(): RateLimiter {
  return createFlexibleRateLimiter(memoryCounterStore(), (key) => key);
}
