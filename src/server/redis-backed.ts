/**
 * What the platform runs on Redis with `REDIS_URL` (ARCHITECTURE rule 6): the shared rate
 * limits, the realtime bus and the word between processes. The platform loads this module only
 * then, so a process without Redis never loads the client.
 */
export { Redis } from 'ioredis';
export { createRedisRateLimiter } from './rate-limit/redis-rate-limiter.ts';
export { createRedisBus } from './realtime/redis-bus.ts';
export { createRedisSignals } from './redis-signals.ts';
