export {
  AUTH_EVENT_RETENTION_MS,
  COMPLAINT_RETENTION_MS,
  COUNTER_MAX_RETENTION_MS,
  PAGE_EVENT_RETENTION_MS,
  TOKEN_MIN_RETENTION_MS,
  TRACKING_RETENTION_MS,
  counterRetentionMs,
  purgeExpired,
  type PurgeCounts,
  type RetentionContext,
} from './retention.service.ts';
export { retentionJobs } from './retention.jobs.ts';
