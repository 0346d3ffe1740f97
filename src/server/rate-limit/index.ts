export {
  counterLookbackMs,
  retryAfterMs,
  slidingEstimate,
  type RateDecision,
  type RateLimiter,
} from './rate-limiter.ts';
export { createDatabaseRateLimiter } from './database-rate-limiter.ts';
export { createMemoryRateLimiter } from './memory-rate-limiter.ts';
