import { sql, type Kysely } from 'kysely';
import { Migrator } from 'kysely/migration';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { useMigratedDatabase } from '../../../tests/support/dialect-database.ts';
import { NO_TRACKING_PARAMS } from '../../../tests/support/rows.ts';
import { createDatabase, type DatabaseHandle } from '../../db/client.ts';
import type { Database, NewRow } from '../../db/database.ts';
import { migrateToLatest } from '../../db/migrate.ts';
import { migrations } from '../../db/migrations/index.ts';
import { testMember } from '../../../tests/support/rows.ts';
import { createLogger } from '../../server/log.ts';
import type { Site } from '../../tenancy/site.ts';
import { testSite } from '../accounts/accounts.test-support.ts';
import { closeComplaint } from '../complaints/complaints.repository.ts';
import { purgeOldest } from './retention.repository.ts';
import {
  AUTH_EVENT_RETENTION_MS,
  COMPLAINT_RETENTION_MS,
  COUNTER_MAX_RETENTION_MS,
  counterRetentionMs,
  PAGE_EVENT_RETENTION_MS,
  purgeExpired,
  TOKEN_MIN_RETENTION_MS,
  TRACKING_RETENTION_MS,
  type RetentionContext,
} from './retention.service.ts';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const NOW = Date.UTC(2026, 0, 10, 9);
const NET = 'net';
const SITE = 'unit';
const MEMBER = 'member0000000001';
/** The columns of a row that belongs to the member on the test site. */
const OF_MEMBER = { network_id: NET, site_id: SITE, member_id: MEMBER } as const;

describe('the periods', () => {
  // The privacy page's words (privacy.data.*.retention), as numbers.
  it('are the privacy page’s promises', () => {
    expect(COMPLAINT_RETENTION_MS).toBe(730 * DAY);
    expect(TRACKING_RETENTION_MS).toBe(730 * DAY);
    expect(PAGE_EVENT_RETENTION_MS).toBe(365 * DAY);
    expect(AUTH_EVENT_RETENTION_MS).toBe(365 * DAY);
    expect(TOKEN_MIN_RETENTION_MS).toBe(DAY);
    expect(COUNTER_MAX_RETENTION_MS).toBe(2 * DAY);
  });

  it('keep counters two windows of the longest rule, or the longest login lock', () => {
    // Defaults: the longest window is an hour, and the sliding estimate reads the one before.
    expect(counterRetentionMs([testSite()])).toBe(2 * HOUR);
    const lockedLong = testSite({ id: 'locked', rate_limits: { login_lock_minutes: 300 } });
    expect(counterRetentionMs([testSite(), lockedLong])).toBe(5 * HOUR);
    const slow = testSite({ id: 'slow', rate_limits: { tracking_ip: { limit: 500, window_minutes: 240 } } });
    expect(counterRetentionMs([slow])).toBe(8 * HOUR);
    // Without sites, the complaint form's own hourly window still counts.
    expect(counterRetentionMs([])).toBe(HOUR);
  });

  it('keep counters at most two days, which the longest rules the tenant schema allows need exactly', () => {
    const day = { limit: 1, window_minutes: 1440 };
    const longest = testSite({
      id: 'longest',
      rate_limits: {
        login_failures: day,
        login_lock_minutes: 1440,
        login_ip: day,
        signup_ip: day,
        password_reset_ip: day,
        email_change: day,
        tracking_ip: day,
      },
    });
    expect(counterRetentionMs([longest])).toBe(COUNTER_MAX_RETENTION_MS);
  });
});

/*
 * Every purge on both databases: rows whose period ends a millisecond from now stay, rows whose
 * period ended just now go. PostgreSQL gets one database per run, emptied between tests.
 */
describe.each(['sqlite', 'postgres'] as const)('purging on %s', (dialect) => {
  const database = useMigratedDatabase(dialect);
  let db: Kysely<Database>;
  let logged: string[];
  let sites: Site[];

  beforeEach(async () => {
    db = database.db;
    for (const table of [
      'sessions',
      'tokens',
      'auth_events',
      'rate_limit_counters',
      'complaints',
      'tracking_records',
      'page_events',
      'events',
      'members',
    ] as const)
      await db.deleteFrom(table).execute();
    await insert(
      'members',
      testMember({
        id: MEMBER,
        network_id: NET,
        site_id: SITE,
        email: 'kim@example.org',
        created_at: NOW - 1000 * DAY,
      }),
    );
    logged = [];
    sites = [testSite()];
  });

  function context(): RetentionContext {
    return {
      db,
      clock: { now: () => NOW },
      log: createLogger('info', (line) => void logged.push(line)),
      sites: () => sites,
    };
  }

  async function insert<T extends keyof Database>(table: T, row: NewRow<T>): Promise<void> {
    await db
      .insertInto(table)
      .values(row as never)
      .execute();
  }

  async function ids(
    table: 'sessions' | 'tokens' | 'auth_events' | 'complaints' | 'tracking_records' | 'page_events',
  ) {
    const rows = await db.selectFrom(table).select('id').orderBy('id').execute();
    return rows.map((r) => r.id);
  }

  /** Inserts a row made `period` ago and one made a moment later: purging keeps only the second. */
  async function expectKeptFor<T extends 'auth_events' | 'tracking_records'>(
    table: T,
    row: (id: string, createdAt: number) => NewRow<T>,
    period: number,
    [old, kept]: [string, string],
  ) {
    await insert(table, row(old, NOW - period));
    await insert(table, row(kept, NOW - period + 1));
    await purgeExpired(context());
    expect(await ids(table)).toEqual([kept]);
  }

  it('ends sessions when they expire, which is 30 days after their last use at the latest', async () => {
    const session = (id: string, expiresAt: number): NewRow<'sessions'> => ({
      id,
      ...OF_MEMBER,
      created_at: NOW - 40 * DAY,
      expires_at: expiresAt,
      last_seen_at: expiresAt - 30 * DAY,
      user_agent: 'ua',
      ip: '192.0.2.1',
    });
    await insert('sessions', session('s-expired', NOW));
    await insert('sessions', session('s-live', NOW + 1));
    await purgeExpired(context());
    expect(await ids('sessions')).toEqual(['s-live']);
  });

  it('keeps link codes until used or expired, and at least a day after sending', async () => {
    const token = (
      id: string,
      createdAt: number,
      expiresAt: number,
      usedAt: number | null,
    ): NewRow<'tokens'> => ({
      id,
      hash: `hash-${id}`,
      purpose: 'reset',
      ...OF_MEMBER,
      payload: null,
      created_at: createdAt,
      expires_at: expiresAt,
      used_at: usedAt,
    });
    const sentADayAgo = NOW - TOKEN_MIN_RETENTION_MS;
    await insert('tokens', token('t-used-day-old', sentADayAgo, NOW + 5 * DAY, NOW - HOUR));
    await insert('tokens', token('t-used-recent', sentADayAgo + 1, NOW + 5 * DAY, NOW - HOUR));
    await insert('tokens', token('t-expired-day-old', sentADayAgo, NOW, null));
    await insert('tokens', token('t-expired-recent', sentADayAgo + 1, NOW, null));
    await insert('tokens', token('t-usable-week-old', NOW - 7 * DAY, NOW + 1, null));
    await purgeExpired(context());
    // The recent ones still count against the daily limit on link e-mails; the usable one still works.
    expect(await ids('tokens')).toEqual(['t-expired-recent', 't-usable-week-old', 't-used-recent']);
  });

  it('keeps the log-in history one year', async () => {
    const event = (id: string, createdAt: number): NewRow<'auth_events'> => ({
      id,
      ...OF_MEMBER,
      kind: 'login',
      ip: '192.0.2.1',
      created_at: createdAt,
    });
    await expectKeptFor('auth_events', event, 365 * DAY, ['a-old', 'a-kept']);
  });

  it('keeps counters as long as the sites’ rules read them', async () => {
    const counter = (key: string, windowStart: number): NewRow<'rate_limit_counters'> => ({
      key,
      window_start: windowStart,
      count: 3,
    });
    await insert('rate_limit_counters', counter('login-ip:unit:192.0.2.1', NOW - 2 * HOUR));
    await insert('rate_limit_counters', counter('login-ip:unit:192.0.2.2', NOW - 2 * HOUR + 1));
    await purgeExpired(context());
    const keys = async () =>
      (await db.selectFrom('rate_limit_counters').select('key').orderBy('key').execute()).map((r) => r.key);
    expect(await keys()).toEqual(['login-ip:unit:192.0.2.2']);

    // A site whose limits count by the day needs two days.
    sites = [
      testSite(),
      testSite({ id: 'daily', rate_limits: { signup_ip: { limit: 5, window_minutes: 1440 } } }),
    ];
    await insert('rate_limit_counters', counter('signup-ip:daily:192.0.2.3', NOW - 2 * DAY));
    await insert('rate_limit_counters', counter('signup-ip:daily:192.0.2.4', NOW - 2 * DAY + 1));
    await purgeExpired(context());
    expect(await keys()).toEqual(['login-ip:unit:192.0.2.2', 'signup-ip:daily:192.0.2.4']);
  });

  it('keeps a complaint two years after it is handled, and an open one until then', async () => {
    const complaint = (id: string, createdAt: number): NewRow<'complaints'> => ({
      id,
      network_id: NET,
      site_id: SITE,
      reporter_member_id: MEMBER,
      profile_id: null,
      category: 'spam',
      text: 'A complaint text',
      email: 'kim@example.org',
      created_at: createdAt,
    });
    const filed = NOW - 5 * 365 * DAY;
    for (const id of ['c-handled-old', 'c-handled-recent', 'c-open-old'])
      await insert('complaints', complaint(id, filed));
    expect(await closeComplaint(db, NET, 'c-handled-old', NOW - COMPLAINT_RETENTION_MS)).toBe(true);
    expect(await closeComplaint(db, NET, 'c-handled-recent', NOW - COMPLAINT_RETENTION_MS + 1)).toBe(true);
    // Closing twice keeps the first moment: the period does not start again.
    expect(await closeComplaint(db, NET, 'c-handled-recent', NOW)).toBe(false);
    await purgeExpired(context());
    expect(await ids('complaints')).toEqual(['c-handled-recent', 'c-open-old']);
  });

  it('keeps traffic sources two years', async () => {
    const record = (id: string, createdAt: number): NewRow<'tracking_records'> => ({
      id,
      ...OF_MEMBER,
      ...NO_TRACKING_PARAMS,
      network: 'aff',
      ref: 'r',
      landing_path: '/',
      created_at: createdAt,
    });
    await expectKeptFor('tracking_records', record, 730 * DAY, ['tr-old', 'tr-kept']);
  });

  function pageEvent(id: string, createdAt: number): NewRow<'page_events'> {
    return {
      id,
      network_id: NET,
      site_id: SITE,
      kind: 'bounce',
      page: '/',
      ms: 1200,
      member_id: null,
      created_at: createdAt,
    };
  }

  it('keeps page events one year', async () => {
    await insert('page_events', pageEvent('pe-old', NOW - 365 * DAY));
    await insert('page_events', {
      ...pageEvent('pe-kept', NOW - 365 * DAY + 1),
      kind: 'hidden',
      member_id: MEMBER,
    });
    await purgeExpired(context());
    expect(await ids('page_events')).toEqual(['pe-kept']);
  });

  it('works a backlog off in bounded batches, and logs what went', async () => {
    for (let i = 0; i < 5; i++) await insert('page_events', pageEvent(`pe-old-${i}`, NOW - 400 * DAY + i));
    await insert('page_events', pageEvent('pe-new', NOW));
    expect(await purgeOldest(db, 'page_events', NOW - PAGE_EVENT_RETENTION_MS, 2)).toBe(2);
    // The oldest go first.
    expect(await ids('page_events')).toEqual(['pe-new', 'pe-old-2', 'pe-old-3', 'pe-old-4']);
    const counts = await purgeExpired(context(), 2);
    expect(counts.page_events).toBe(3);
    expect(await ids('page_events')).toEqual(['pe-new']);
    expect(logged.join('\n')).toMatch(/retention: rows past their period removed \{"page_events":3\}/);
  });

  it('leaves the realtime events alone: they go with the account', async () => {
    await db
      .insertInto('events')
      .values({
        member_id: MEMBER,
        network_id: NET,
        type: 'message',
        data: '{}',
        created_at: NOW - 1000 * DAY,
      })
      .execute();
    await purgeExpired(context());
    expect(await db.selectFrom('events').select('member_id').execute()).toEqual([{ member_id: MEMBER }]);
  });
});

describe('on SQLite alone', () => {
  let handle: DatabaseHandle;
  afterEach(async () => {
    await handle?.destroy();
  });

  it('purges the other tables when one purge fails, and logs the failure', async () => {
    handle = await createDatabase({ databaseUrl: 'sqlite::memory:', dataDir: '.' });
    await migrateToLatest(handle.db);
    await sql`drop table page_events`.execute(handle.db);
    await handle.db
      .insertInto('auth_events')
      .values({
        id: 'a',
        network_id: NET,
        site_id: SITE,
        member_id: null,
        kind: 'login',
        ip: null,
        created_at: 0,
      })
      .execute();
    const logged: string[] = [];
    const counts = await purgeExpired({
      db: handle.db,
      clock: { now: () => NOW },
      log: createLogger('info', (line) => void logged.push(line)),
      sites: () => [],
    });
    expect(counts.auth_events).toBe(1);
    expect(counts.page_events).toBeUndefined();
    expect(logged.join('\n')).toMatch(/ERROR retention: purge failed.*"table":"page_events"/);
  });

  it('dates complaints closed before the handling time was kept from when they were filed', async () => {
    handle = await createDatabase({ databaseUrl: 'sqlite::memory:', dataDir: '.' });
    const migrator = new Migrator({ db: handle.db, provider: { getMigrations: async () => migrations } });
    expect((await migrator.migrateTo('0004_accounts')).error).toBeUndefined();
    await sql`insert into complaints (id, network_id, site_id, category, text, status, created_at)
      values ('closed', 'n', 's', 'spam', 't', 'closed', 1000), ('open', 'n', 's', 'spam', 't', 'open', 2000)`.execute(
      handle.db,
    );
    await migrateToLatest(handle.db);
    const rows = await handle.db
      .selectFrom('complaints')
      .select(['id', 'handled_at'])
      .orderBy('id')
      .execute();
    expect(rows).toEqual([
      { id: 'closed', handled_at: 1000 },
      { id: 'open', handled_at: null },
    ]);
  });
});
