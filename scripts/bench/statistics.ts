/**
 * The statistics benchmark (`npm run bench -- --only statistics`, or
 * `node scripts/bench/statistics.ts`): a year of daily rollups as a network of `--sites` sites
 * (default 50) with 1,000,000 signups and 5,000,000 messages would leave them, per site, day and
 * traffic source (20 sources, each active on four days in five), written straight into
 * `statistics_daily`, in SQLite and in PostgreSQL; then the 90-day dashboard's service call
 * (`statistics`, what `GET /console/api/statistics.php` runs) for the whole network and for one
 * site, p50/p99 in process, and over HTTP on the built server (`GET /console/api/statistics.php`
 * with an owner's staff session, one request at a time). Target: ≤ 500 ms.
 *
 *   npm run bench -- --only statistics [--sites 50] [--days 365] [--iterations 30]
 *                   [--dialects sqlite,postgres] [--fresh] [--no-http] [--dist dist] [--json out.json]
 *
 * Generation is cached: SQLite in `.data/bench-statistics-<sites>/kindred.sqlite`, PostgreSQL in
 * the database `kindred_bench_statistics_<sites>` on the local server.
 */
import { createHash, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import SQLite from 'better-sqlite3';
import { Kysely, PostgresDialect, SqliteDialect } from 'kysely';
import pg from 'pg';
import { benchDatabase } from './postgres.ts';
import type { Database, StatisticsDailyTable } from '../../src/db/database.ts';
import { reusingStatements } from '../../src/db/client.ts';
import { migrateToLatest } from '../../src/db/migrate.ts';
import { insertRollupRows, statistics, type StatisticsContext } from '../../src/features/statistics/index.ts';
import { COUNT_FIGURES, type Counts } from '../../src/features/statistics/statistics.figures.ts';
import { statisticsQuerySchema } from '../../src/features/statistics/statistics.schemas.ts';
import { DAY_MS, dayString } from '../../src/server/daily-figures.ts';
import type { StaffPrincipal } from '../../src/server/staff.ts';
import { startApp, type App } from './app.ts';
import { percentile, timeRuns } from './stats.ts';

const ROOT = resolve(import.meta.dirname, '..', '..');
/** The demo network: its sites in tenants/ (localhost, mature) lead the generated ones, so the server's registry knows the network. */
const NETWORK = 'amber';
const DEMO_SITES = ['localhost', 'mature'];
/** This benchmark's ports (the main benchmark has 4800–4899, search 4900–4919). */
const PORTS = { first: 4920, last: 4929 };
const MEMBERS_A_YEAR = 1_000_000;
const MESSAGES_A_YEAR = 5_000_000;
const TARGET_MS = 500;

export interface StatisticsBenchOptions {
  sites: number;
  days: number;
  iterations: number;
  dialects: Array<'sqlite' | 'postgres'>;
  fresh: boolean;
  cacheDir: string;
  json?: string | undefined;
  /** The built server (dist/server/entry.mjs) for the HTTP runs; none: in process only. */
  entry?: string | undefined;
  out?: (line: string) => void;
}

/** 20 traffic sources: none, and four ad networks with five refs each but one. */
const SOURCES = [
  { network: '', ref: '', sub: '' },
  ...['ads-a', 'ads-b', 'ads-c', 'social'].flatMap((network) =>
    ['r1', 'r2', 'r3', 'r4', 'r5'].map((ref, i) => ({ network, ref, sub: i % 2 ? 'mobile' : '' })),
  ),
].slice(0, 20);

/** A small deterministic generator (mulberry32): the same history every time. */
function random(seed: number) {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const siteIds = (count: number) =>
  Array.from({ length: count }, (_, i) => DEMO_SITES[i] ?? `site-${String(i).padStart(2, '0')}`);

/** The counts of a row of revenue: none (the row of counts beside it has them). */
const NO_COUNTS = Object.fromEntries(COUNT_FIGURES.map((figure) => [figure, 0])) as Counts;

/** The rollup rows of one site and day. */
function rowsOf(site: string, day: string, options: StatisticsBenchOptions, next: () => number) {
  const perSourceDay = options.sites * SOURCES.length * options.days * 0.8;
  const signups = MEMBERS_A_YEAR / perSourceDay;
  const messages = MESSAGES_A_YEAR / perSourceDay;
  const rows: StatisticsDailyTable[] = [];
  for (const source of SOURCES) {
    if (next() < 0.2) continue;
    const around = (mean: number) => Math.max(0, Math.round(mean * (0.5 + next())));
    const base = {
      site_id: site,
      network_id: NETWORK,
      day,
      source_network: source.network,
      source_ref: source.ref,
      source_sub: source.sub,
    };
    const counts = {
      visits: around(signups * 3),
      signups: around(signups),
      activations: around(signups * 0.7),
      first_purchases: around(signups * 0.05),
      messages: around(messages),
      active_members: around(signups * 4),
    };
    rows.push({ ...base, currency: '', ...counts, revenue: 0 });
    if (counts.first_purchases > 0)
      rows.push({
        ...base,
        currency: 'EUR',
        ...NO_COUNTS,
        revenue: counts.first_purchases * around(1200),
      });
  }
  return rows;
}

async function generate(
  db: Kysely<Database>,
  options: StatisticsBenchOptions,
  today: number,
): Promise<number> {
  const next = random(42);
  let written = 0;
  const sites = siteIds(options.sites);
  await db.transaction().execute(async (trx) => {
    for (const site of sites) {
      const rows: StatisticsDailyTable[] = [];
      for (let day = today - options.days; day < today; day++)
        rows.push(...rowsOf(site, dayString(day), options, next));
      await insertRollupRows(trx, rows);
      written += rows.length;
    }
    await trx
      .insertInto('statistics_progress')
      .values(
        sites.map((site_id) => ({ site_id, network_id: NETWORK, rolled_through: dayString(today - 1) })),
      )
      .execute();
  });
  return written;
}

async function rollupCount(db: Kysely<Database>): Promise<number> {
  const row = await db
    .selectFrom('statistics_daily')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

async function openDatabase(
  dialect: 'sqlite' | 'postgres',
  options: StatisticsBenchOptions,
): Promise<{ db: Kysely<Database>; serverEnv: Record<string, string>; close(): Promise<void> }> {
  if (dialect === 'sqlite') {
    const dir = join(options.cacheDir, `bench-statistics-${options.sites}`);
    if (options.fresh) rmSync(dir, { recursive: true, force: true });
    mkdirSync(dir, { recursive: true });
    const database = new SQLite(join(dir, 'kindred.sqlite'));
    database.pragma('journal_mode = WAL');
    const db = new Kysely<Database>({
      dialect: new SqliteDialect({ database: reusingStatements(database) }),
    });
    return { db, serverEnv: { DATA_DIR: dir, DATABASE_URL: '' }, close: () => db.destroy() };
  }
  const url = await benchDatabase(`kindred_bench_statistics_${options.sites}`, options.fresh);
  const pool = new pg.Pool({ connectionString: url, max: 4 });
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  const dataDir = join(options.cacheDir, `bench-statistics-pg-${options.sites}`);
  mkdirSync(dataDir, { recursive: true });
  return { db, serverEnv: { DATA_DIR: dataDir, DATABASE_URL: url }, close: () => db.destroy() };
}

/** Whoever holds every network: the scoping is not what is measured. */
const STAFF: StaffPrincipal = {
  id: 'bench',
  email: 'bench@example.org',
  sessionId: 'bench',
  mustChangePassword: false,
  can: () => true,
  networksFor: () => 'all',
  networks: () => 'all',
};

export interface StatisticsCaseResult {
  dialect: string;
  name: string;
  rows: number;
  p50: number;
  p99: number;
  http?: { p50: number; p99: number };
}

/** A staff session of an owner of every network, written as a login writes it: its cookie. */
async function staffSession(db: Kysely<Database>, now: number): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await db.deleteFrom('staff').where('id', '=', 'bench-owner').execute();
  await db
    .insertInto('staff')
    .values({
      id: 'bench-owner',
      email: 'bench-owner@example.org',
      password_hash: 'unused',
      totp_secret: 'unused',
      must_change_password: 0,
      created_at: now,
    })
    .execute();
  await db
    .insertInto('staff_roles')
    .values({ staff_id: 'bench-owner', network_id: '*', role: 'owner' })
    .execute();
  await db
    .insertInto('staff_sessions')
    .values({
      id: createHash('sha256').update(token).digest('hex'),
      staff_id: 'bench-owner',
      created_at: now,
      last_seen_at: now,
      expires_at: now + 12 * 3_600_000,
      ip: null,
    })
    .execute();
  return `staff=${token}`;
}

/** p50/p99 of `GET /console/api/statistics.php?query` on the built server, one request at a time. */
async function overHttp(app: App, cookie: string, query: Record<string, string>, iterations: number) {
  const path = `/console/api/statistics.php?${new URLSearchParams(query)}`;
  const ask = async () => {
    const res = await app.request(path, {
      host: 'console.localhost',
      headers: { cookie },
      timeoutMs: 30_000,
    });
    if (res.status !== 200) throw new Error(`statistics over HTTP: ${res.status} ${res.body.slice(0, 200)}`);
  };
  const times = await timeRuns(ask, iterations, 1);
  return { p50: percentile(times, 50), p99: percentile(times, 99) };
}

export async function runStatisticsBench(options: StatisticsBenchOptions): Promise<StatisticsCaseResult[]> {
  const out = options.out ?? ((line: string) => process.stdout.write(`${line}\n`));
  const now = Date.now();
  const today = Math.floor(now / DAY_MS);
  const sites = siteIds(options.sites);
  const results: StatisticsCaseResult[] = [];
  out(`statistics benchmark: ${cpus().length} cores, load ${loadavg()[0]!.toFixed(2)}`);
  for (const dialect of options.dialects) {
    const { db, serverEnv, close } = await openDatabase(dialect, options);
    let app: App | undefined;
    try {
      await migrateToLatest(db);
      let rows = await rollupCount(db);
      if (rows === 0) {
        const started = performance.now();
        rows = await generate(db, options, today);
        out(
          `${dialect}: generated ${rows} rollup rows in ${((performance.now() - started) / 1000).toFixed(1)} s`,
        );
      }
      // Progress up to yesterday whenever the cached history was made: the 90 days are closed days.
      await db
        .updateTable('statistics_progress')
        .set({ rolled_through: dayString(today - 1) })
        .execute();
      const ctx: StatisticsContext = {
        db,
        clock: { now: () => now },
        networks: () => [NETWORK],
        sitesOf: () => sites,
      };
      const cases: { name: string; query: Record<string, string> }[] = [
        { name: '90 days, whole network', query: { network: NETWORK, days: '90' } },
        {
          name: '90 days, whole network, by source',
          query: { network: NETWORK, days: '90', by_source: '1' },
        },
        { name: '90 days, one site', query: { network: NETWORK, site: sites[0]!, days: '90' } },
      ];
      let cookie = '';
      if (options.entry && existsSync(options.entry)) {
        cookie = await staffSession(db, now);
        app = await startApp({
          build: { entry: options.entry },
          dataDir: serverEnv.DATA_DIR!,
          ports: PORTS,
          env: serverEnv,
        });
      } else if (options.entry) out(`no build at ${options.entry}: HTTP skipped (npm run build first)`);
      for (const { name, query } of cases) {
        const input = statisticsQuerySchema.parse(query);
        const times = await timeRuns(() => statistics(ctx, STAFF, input), options.iterations, 1);
        const result: StatisticsCaseResult = {
          dialect,
          name,
          rows,
          p50: percentile(times, 50),
          p99: percentile(times, 99),
        };
        if (app) result.http = await overHttp(app, cookie, query, options.iterations);
        results.push(result);
        const worst = Math.max(result.p99, result.http?.p99 ?? 0);
        out(
          `${dialect} | ${name} | p50 ${result.p50.toFixed(1)} ms | p99 ${result.p99.toFixed(1)} ms` +
            (result.http
              ? ` | HTTP p50 ${result.http.p50.toFixed(1)} ms | p99 ${result.http.p99.toFixed(1)} ms`
              : '') +
            ` | ${worst <= TARGET_MS ? 'ok' : 'OVER TARGET'}`,
        );
      }
    } finally {
      await app?.stop();
      await close();
    }
  }
  if (options.json) writeFileSync(options.json, JSON.stringify(results, null, 2));
  return results;
}

export function parseStatisticsArgs(argv: string[]): StatisticsBenchOptions {
  const { values } = parseArgs({
    args: argv,
    strict: false,
    options: {
      sites: { type: 'string', default: '50' },
      days: { type: 'string', default: '365' },
      iterations: { type: 'string', default: '30' },
      dialects: { type: 'string', default: 'sqlite,postgres' },
      fresh: { type: 'boolean', default: false },
      json: { type: 'string' },
      dist: { type: 'string', default: 'dist' },
      'no-http': { type: 'boolean', default: false },
    },
  });
  return {
    sites: Number(values.sites),
    days: Number(values.days),
    iterations: Number(values.iterations),
    dialects: String(values.dialects)
      .split(',')
      .map((d) => d.trim()) as Array<'sqlite' | 'postgres'>,
    fresh: Boolean(values.fresh),
    cacheDir: join(ROOT, '.data'),
    json: typeof values.json === 'string' ? values.json : undefined,
    entry: values['no-http'] ? undefined : join(ROOT, String(values.dist), 'server', 'entry.mjs'),
  };
}

if (import.meta.url === `file://${process.argv[1]}` && existsSync(ROOT)) {
  await runStatisticsBench(parseStatisticsArgs(process.argv.slice(2)));
  process.exit(0);
}
