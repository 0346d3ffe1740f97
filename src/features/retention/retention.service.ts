import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.ts';
import type { Clock } from '../../lib/clock.ts';
import type { Logger } from '../../server/log.ts';
import { counterLookbackMs } from '../../server/rate-limit/index.ts';
import type { Site } from '../../tenancy/site.ts';
import { COMPLAINT_LIMIT } from '../complaints/index.ts';
import { purgeCounters, purgeOldest, purgeTokens } from './retention.repository.ts';

/*
 * How long personal data is kept. These are the promises of the privacy page: the messages
 * `privacy.data.<category>.retention` in src/i18n/locales/*.json (English is the source), shown in
 * the table of /pages/privacy. A period changed here is a promise changed there, in every locale.
 *
 * A year is counted as 365 days and two years as 730, never longer than the calendar's, so a row
 * never outlives its promise by more than the time until the next run of the job.
 */

const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;

/** privacy.data.complaints.retention: two years after the complaint is handled. */
export const COMPLAINT_RETENTION_MS = 730 * DAY_MS;
/** privacy.data.tracking.retention: two years (from the visit that brought the traffic source). */
export const TRACKING_RETENTION_MS = 730 * DAY_MS;
/** privacy.data.usage.retention: page events (bounce and page-hidden beacons), one year. */
export const PAGE_EVENT_RETENTION_MS = 365 * DAY_MS;
/** privacy.data.security.retention: log-in history (the authentication log), one year. */
export const AUTH_EVENT_RETENTION_MS = 365 * DAY_MS;
/**
 * privacy.data.security.retention: link codes until used or expired, but at least a day after
 * sending, because the daily limits on activation and reset e-mails count the links of the last
 * 24 hours, spent or not (accounts.service.ts).
 */
export const TOKEN_MIN_RETENTION_MS = DAY_MS;
/**
 * privacy.data.security.retention: counters at most two days. They are kept only as long as the
 * sites' rules read them (`counterRetentionMs`); the tenant schema bounds a rule's window and a
 * login lock at one day, and the sliding window reads two windows, so two days is the most any
 * configuration needs.
 */
export const COUNTER_MAX_RETENTION_MS = 2 * DAY_MS;
/*
 * Sessions need no period of their own: `expires_at` slides with use and never lies more than the
 * session lifetime (SESSION_LIFETIME_MS, the privacy page's {session_days}) after the last use, and
 * a session is purged once it passes.
 */

/** Rows one statement deletes: short enough that other writers wait only milliseconds. */
export const PURGE_BATCH = 1000;

/** How long the rate-limit counters must stay for every site's rules (and complaints' limit). */
export function counterRetentionMs(sites: Iterable<Site>): number {
  let need = COMPLAINT_LIMIT.windowMs;
  for (const site of sites) need = Math.max(need, counterLookbackMs(site.rateLimits));
  // Unreachable while the tenant schema holds; should it ever be widened, the promise wins over
  // the tail of a long window.
  return Math.min(need, COUNTER_MAX_RETENTION_MS);
}

/** What the purge needs: no request and no site, the whole database. */
export interface RetentionContext {
  db: Kysely<Database>;
  clock: Clock;
  log: Logger;
  /** The sites served now: their rate-limit rules decide how long counters must stay. */
  sites(): Iterable<Site>;
}

export type PurgedTable =
  | 'sessions'
  | 'tokens'
  | 'auth_events'
  | 'rate_limit_counters'
  | 'complaints'
  | 'tracking_records'
  | 'page_events';

export type PurgeCounts = Partial<Record<PurgedTable, number>>;

/** Deletes batch after batch until one comes back short; answers the total. */
async function drain(purge: (limit: number) => Promise<number>, batch: number): Promise<number> {
  let total = 0;
  for (;;) {
    const removed = await purge(batch);
    total += removed;
    if (removed < batch) return total;
    // better-sqlite3 works synchronously: between batches, waiting requests get the event loop.
    await new Promise((resolve) => setImmediate(resolve));
  }
}

/**
 * Deletes every row past its period, table by table. One table failing does not stop the others
 * (its rows wait for the next run); the counts of what went are logged. Answers the counts of the
 * tables that were purged.
 */
export async function purgeExpired(ctx: RetentionContext, batch = PURGE_BATCH): Promise<PurgeCounts> {
  const now = ctx.clock.now();
  const db = ctx.db;
  const counterCutoff = now - counterRetentionMs(ctx.sites());
  const purges: [PurgedTable, (limit: number) => Promise<number>][] = [
    ['sessions', (limit) => purgeOldest(db, 'sessions', now, limit)],
    ['tokens', (limit) => purgeTokens(db, now, now - TOKEN_MIN_RETENTION_MS, limit)],
    ['auth_events', (limit) => purgeOldest(db, 'auth_events', now - AUTH_EVENT_RETENTION_MS, limit)],
    ['rate_limit_counters', (limit) => purgeCounters(db, counterCutoff, limit)],
    ['complaints', (limit) => purgeOldest(db, 'complaints', now - COMPLAINT_RETENTION_MS, limit)],
    ['tracking_records', (limit) => purgeOldest(db, 'tracking_records', now - TRACKING_RETENTION_MS, limit)],
    ['page_events', (limit) => purgeOldest(db, 'page_events', now - PAGE_EVENT_RETENTION_MS, limit)],
  ];
  const counts: PurgeCounts = {};
  const removed: PurgeCounts = {};
  for (const [table, purge] of purges) {
    try {
      const n = await drain(purge, batch);
      counts[table] = n;
      if (n > 0) removed[table] = n;
    } catch (error) {
      ctx.log.error('retention: purge failed; it runs again at the next interval', {
        table,
        error: (error as Error).message,
      });
    }
  }
  if (Object.keys(removed).length > 0) ctx.log.info('retention: rows past their period removed', removed);
  return counts;
}
