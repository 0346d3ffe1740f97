/**
 * The member search benchmark (`npm run bench -- --only search`, or `node scripts/bench/search.ts`):
 * a generated network of `--size` profiles (default 1,000,000) in SQLite and in PostgreSQL, and
 * for each search — the first page of the niche's default search, the first page with a country,
 * and a deep page behind a cursor —
 *
 * - in-process: p50/p99 of the service call `searchMembers` (what the endpoint runs) against the
 *   raw cost of the same SQL statements (captured from that call) run directly on the driver,
 *   side by side as the service runs them (on PostgreSQL a first page's page, count and saved
 *   filters go to the pool at once);
 * - over HTTP: p50/p99 of `GET /api/members.php` on the built server at a fixed request rate
 *   (open loop, `--rate` a second, at most 50 connections), latency counted from the moment each
 *   request was due, so a stall cannot hide behind fewer requests sent. Each search is first
 *   sent for `--warmup` seconds at the same rate, not counted: the first requests after an idle
 *   spell open the connections (the client's and the server's database pool) and compile the
 *   search's code, which a server under steady traffic has done long before. The table shows that
 *   warm-up's p99 apart, so its cost is not hidden either.
 *
 *   npm run bench -- --only search [--size 1000000] [--dialects sqlite,postgres]
 *                   [--iterations 1000] [--rate 200] [--seconds 10] [--warmup 2] [--no-http]
 *                   [--json out.json]
 *                   [--pg-database NAME]
 *
 * Generation is cached: SQLite in `.data/bench-search-<size>/kindred.sqlite`, PostgreSQL in the
 * database `kindred_bench_search_<size>` on the local server; `--fresh` makes them again.
 */
import { existsSync, mkdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import SQLite from 'better-sqlite3';
import { Kysely, PostgresDialect, SqliteDialect, sql, type CompiledQuery } from 'kysely';
import pg from 'pg';
import { benchDatabase } from './postgres.ts';
import type { Database } from '../../src/db/database.ts';
import { keptAcrossBindings, reusingStatements } from '../../src/db/client.ts';
import { migrateToLatest } from '../../src/db/migrate.ts';
import { newSecret } from '../../src/features/accounts/tokens.ts';
import { searchMembers, searchQuerySchema } from '../../src/features/discovery/index.ts';
import { withheldSites, type ServiceContext } from '../../src/server/context.ts';
import { DEFAULT_LEASE_MS } from '../../src/server/jobs/index.ts';
import { TenantRegistry } from '../../src/tenancy/registry.ts';
import { percentile, timeRuns } from './stats.ts';

const ROOT = resolve(import.meta.dirname, '..', '..');
const NETWORK = 'amber';
const SITE = 'localhost';
const DAY = 86_400_000;
/** Search benchmark ports (the main benchmark has 4800–4899). */
const PORTS = { first: 4900, last: 4919 };

export interface SearchBenchOptions {
  size: number;
  dialects: Array<'sqlite' | 'postgres'>;
  iterations: number;
  rate: number;
  seconds: number;
  /** Seconds of each search sent before the measured ones, not counted (see above). */
  warmup: number;
  http: boolean;
  fresh: boolean;
  /** Where the SQLite file is kept (default `.data/`). */
  cacheDir: string;
  /** The built server (dist/server/entry.mjs) for the HTTP runs. */
  entry: string;
  json?: string | undefined;
  /** The PostgreSQL database's name (default `kindred_bench_search_<size>`). */
  pgDatabase?: string | undefined;
  out?: (line: string) => void;
}

export interface CaseResult {
  dialect: string;
  name: string;
  service: { p50: number; p99: number };
  raw: { p50: number; p99: number; statements: number };
  http?: { p50: number; p99: number; errors: number; sent: number; warmupP99: number | undefined };
}

const ms = (value: number) => (Number.isFinite(value) ? value.toFixed(2) : 'n/a');

// --- generation ------------------------------------------------------------------------------

/*
 * Every profile is a member of the demo network `amber` on the site `localhost` except one in 20
 * (operator profiles); 70 % have an active main photo; one in 50 is invisible and one in 50
 * private; genders, ages (18 to 70), five countries with twelve regions each and the last
 * activity (within 30 days) are random. Ids are `b` + 15 hex digits: the viewer is profile 1.
 */
export const VIEWER = 'b000000000000001';

/** The profile's copy of its account's switches (migration 0013), as the accounts feature writes it. */
const LISTING = `CASE WHEN i % 50 = 7 THEN 'invisible' WHEN i % 50 = 13 THEN 'private' ELSE 'public' END`;

/** The main photo of every generated profile that has one: the same SQL on both databases. */
const mainPhotos = (now: number) => `INSERT INTO photos (id, profile_id, network_id, filename, thumb_filename,
    match_filename, status, position, created_at)
  SELECT main_photo_id, id, network_id, 'bench/' || id || '.webp', 'bench/' || id || '-t.webp',
    'bench/' || id || '-m.webp', 'active', 0, ${now - 60 * DAY}
  FROM profiles WHERE main_photo_id IS NOT NULL AND id LIKE 'b%'`;

/*
 * What the visibility rule asks of each candidate besides the profile: blocks (one in ten
 * profiles blocks another; the viewer blocks five and is blocked by five), likes (half as many
 * as profiles; fifty of them liking the viewer, which lets the viewer see those that are private)
 * and conversations with a message (one in twenty). Without them the rule's lookups read empty
 * tables and cost nothing. `id(x)` is the id of profile x, `pick` a random profile other than the
 * viewer; the statements are the same SQL on both databases apart from those two.
 */
function relationStatements(size: number, id: (x: string) => string, pick: string): string[] {
  const fixed = (n: number, step: number, offset: number) =>
    Array.from({ length: n }, (_, k) => id(String(((offset + k * step) % (size - 1)) + 2)));
  const viewer = id('1');
  const random = (table: string, columns: string, count: number, values = `a, b, '${NETWORK}', 0`) =>
    `INSERT INTO ${table} (${columns})
      SELECT ${values} FROM (SELECT i, ${id(pick)} AS a, ${id(pick)} AS b FROM g WHERE i <= ${count}) s
      WHERE a <> b ON CONFLICT DO NOTHING`;
  const listed = (table: string, columns: string, pairs: Array<[string, string]>) =>
    `INSERT INTO ${table} (${columns})
      SELECT a, b, '${NETWORK}', 0 FROM (${pairs.map(([a, b]) => `SELECT ${a} AS a, ${b} AS b`).join(' UNION ALL ')}) s
      WHERE a <> b ON CONFLICT DO NOTHING`;
  const blocks = 'blocker_profile_id, blocked_profile_id, network_id, created_at';
  const likes = 'liker_profile_id, liked_profile_id, network_id, created_at';
  return [
    random('blocks', blocks, Math.floor(size / 10)),
    listed('blocks', blocks, [
      ...fixed(5, 7919, 100).map((x): [string, string] => [viewer, x]),
      ...fixed(5, 7907, 200).map((x): [string, string] => [x, viewer]),
    ]),
    random('likes', likes, Math.floor(size / 2)),
    listed(
      'likes',
      likes,
      fixed(50, 50, 313).map((x): [string, string] => [x, viewer]),
    ),
    random(
      'conversations',
      'id, network_id, profile_a_id, profile_b_id, created_at, last_message_at, last_message_id',
      Math.floor(size / 20),
      `'c' || i, '${NETWORK}', a, b, 0, 0, 'm' || i`,
    ),
  ];
}

function generateSqlite(file: string, size: number, now: number): void {
  const database = new SQLite(file);
  database.pragma('journal_mode = WAL');
  database.pragma('synchronous = OFF');
  database.pragma('foreign_keys = OFF');
  const series = `WITH RECURSIVE g(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM g WHERE i < ${size})`;
  database.exec('BEGIN');
  database.exec(`${series}
    INSERT INTO members (id, network_id, site_id, email, password_hash, status, language, created_at,
      confirmed_at, invisible, private, last_active_at)
    SELECT printf('b%015x', i), '${NETWORK}', '${SITE}', printf('b%015x@bench.invalid', i), 'x', 'active', 'en',
      ${now - 60 * DAY}, ${now - 60 * DAY}, CASE WHEN i % 50 = 7 THEN 1 ELSE 0 END,
      CASE WHEN i % 50 = 13 THEN 1 ELSE 0 END, ${now}
    FROM g WHERE i % 20 <> 0`);
  database.exec(`${series}
    INSERT INTO profiles (id, member_id, network_id, site_id, name, gender, seeking, birthdate, country,
      region, status, listing, fictional, public_consent, main_photo_id, last_active_at, created_at, updated_at)
    SELECT printf('b%015x', i), CASE WHEN i % 20 = 0 THEN NULL ELSE printf('b%015x', i) END, '${NETWORK}',
      CASE WHEN i % 20 = 0 THEN NULL ELSE '${SITE}' END, 'Bench ' || i,
      CASE WHEN r % 2 = 0 THEN 'female' ELSE 'male' END,
      CASE WHEN r % 10 = 9 THEN 'both' WHEN r % 2 = 0 THEN 'male' ELSE 'female' END,
      date(${now / 1000}, 'unixepoch', '-' || (18 + (r / 7) % 52) || ' years', '-' || ((r / 11) % 365) || ' days'),
      CASE (r / 13) % 5 WHEN 0 THEN 'NL' WHEN 1 THEN 'DE' WHEN 2 THEN 'BE' WHEN 3 THEN 'AT' ELSE 'CH' END,
      'R' || ((r / 17) % 12), 'active', ${LISTING}, CASE WHEN i % 20 = 0 THEN 1 ELSE 0 END, (r / 19) % 2,
      CASE WHEN i % 10 < 7 THEN printf('p%015x', i) END,
      ${now} - (r / 23) % ${30 * DAY}, ${now - 60 * DAY}, ${now}
    FROM (SELECT i, abs(random()) AS r FROM g)`);
  database.exec(mainPhotos(now));
  for (const statement of relationStatements(
    size,
    (x) => `printf('b%015x', ${x})`,
    `2 + abs(random()) % ${size - 1}`,
  ))
    database.exec(`${series} ${statement}`);
  database.exec('COMMIT');
  database.exec('ANALYZE');
  database.pragma('wal_checkpoint(TRUNCATE)');
  database.close();
}

export async function generatePostgres(url: string, size: number, now: number): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query('BEGIN');
    await client.query(`INSERT INTO members (id, network_id, site_id, email, password_hash, status, language,
        created_at, confirmed_at, invisible, private, last_active_at)
      SELECT 'b' || lpad(to_hex(i), 15, '0'), '${NETWORK}', '${SITE}', 'b' || lpad(to_hex(i), 15, '0') || '@bench.invalid',
        'x', 'active', 'en', ${now - 60 * DAY}, ${now - 60 * DAY}, CASE WHEN i % 50 = 7 THEN 1 ELSE 0 END,
        CASE WHEN i % 50 = 13 THEN 1 ELSE 0 END, ${now}
      FROM generate_series(1, ${size}) i WHERE i % 20 <> 0`);
    await client.query(`INSERT INTO profiles (id, member_id, network_id, site_id, name, gender, seeking, birthdate,
        country, region, status, listing, fictional, public_consent, main_photo_id, last_active_at, created_at, updated_at)
      SELECT 'b' || lpad(to_hex(i), 15, '0'), CASE WHEN i % 20 = 0 THEN NULL ELSE 'b' || lpad(to_hex(i), 15, '0') END,
        '${NETWORK}', CASE WHEN i % 20 = 0 THEN NULL ELSE '${SITE}' END, 'Bench ' || i,
        CASE WHEN r % 2 = 0 THEN 'female' ELSE 'male' END,
        CASE WHEN r % 10 = 9 THEN 'both' WHEN r % 2 = 0 THEN 'male' ELSE 'female' END,
        to_char(to_timestamp(${now / 1000}) - make_interval(years => (18 + (r / 7) % 52)::int, days => ((r / 11) % 365)::int), 'YYYY-MM-DD'),
        CASE (r / 13) % 5 WHEN 0 THEN 'NL' WHEN 1 THEN 'DE' WHEN 2 THEN 'BE' WHEN 3 THEN 'AT' ELSE 'CH' END,
        'R' || ((r / 17) % 12), 'active', ${LISTING}, CASE WHEN i % 20 = 0 THEN 1 ELSE 0 END, ((r / 19) % 2)::int,
        CASE WHEN i % 10 < 7 THEN 'p' || lpad(to_hex(i), 15, '0') END,
        ${now} - (r / 23) % ${30 * DAY}, ${now - 60 * DAY}, ${now}
      FROM (SELECT i, floor(random() * 9e15)::bigint AS r FROM generate_series(1, ${size}) i) s`);
    await client.query(mainPhotos(now));
    for (const statement of relationStatements(
      size,
      (x) => `'b' || lpad(to_hex(${x}), 15, '0')`,
      `2 + floor(random() * ${size - 1})::int`,
    ))
      await client.query(`WITH g(i) AS (SELECT generate_series(1, ${size})) ${statement}`);
    await client.query('COMMIT');
    // Index-only scans need the visibility map that VACUUM writes.
    await client.query('VACUUM ANALYZE');
  } finally {
    await client.end();
  }
}

// --- databases -------------------------------------------------------------------------------

interface BenchDatabase {
  dialect: 'sqlite' | 'postgres';
  db: Kysely<Database>;
  /** Runs compiled statements directly on the driver (the raw cost). */
  raw(query: CompiledQuery): Promise<void>;
  /** Another handle on the same database that reports every statement it runs. */
  logged(onQuery: (query: CompiledQuery) => void): Kysely<Database>;
  /** The server's environment for this database. */
  serverEnv: Record<string, string>;
  close(): Promise<void>;
}

async function profileCount(db: Kysely<Database>): Promise<number> {
  const row = await db
    .selectFrom('profiles')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

/**
 * A network as it stands after weeks of running, not one born today: every member's week was
 * looked at by the weekly update on one of the last seven days, spread evenly, as the job's runs
 * every ten minutes leave it. A generated network otherwise starts with all its members due at
 * once, and the server's first weekly run over them (an hour on PostgreSQL at a million members)
 * would share the cores with the searches measured. Members looked at within the week keep
 * their time.
 */
async function weeksAlreadyLookedAt(db: Kysely<Database>, now: number, out: (line: string) => void) {
  const started = performance.now();
  const weekAgo = now - 7 * DAY;
  // Spread over the week by a member's joining time, never on its first millisecond (that one is
  // due again): as the weekly update's runs every ten minutes leave a network.
  const result = await db
    .updateTable('members')
    .set({ weekly_looked_at: sql<number>`${now - 1} - (created_at * 7919) % ${7 * DAY - 60_000}` })
    .where('weekly_looked_at', '<=', weekAgo)
    .where('created_at', '<=', weekAgo)
    .executeTakeFirst();
  const written = Number(result.numUpdatedRows);
  if (written > 0)
    out(
      `weekly updates: ${written} members' weeks marked looked at in ${((performance.now() - started) / 1000).toFixed(1)} s`,
    );
}

async function openSqlite(
  options: SearchBenchOptions,
  now: number,
  out: (l: string) => void,
): Promise<BenchDatabase> {
  const dir = join(options.cacheDir, `bench-search-${options.size}`);
  const file = join(dir, 'kindred.sqlite');
  if (options.fresh) rmSync(dir, { recursive: true, force: true });
  if (!existsSync(file)) {
    const building = join(options.cacheDir, `bench-search-${options.size}.building`);
    rmSync(building, { recursive: true, force: true });
    mkdirSync(building, { recursive: true });
    const started = performance.now();
    const sqlite = new SQLite(join(building, 'kindred.sqlite'));
    const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: sqlite }) });
    await migrateToLatest(db);
    await db.destroy();
    generateSqlite(join(building, 'kindred.sqlite'), options.size, now);
    rmSync(dir, { recursive: true, force: true });
    renameSync(building, dir);
    out(
      `sqlite: generated ${options.size} profiles in ${((performance.now() - started) / 1000).toFixed(1)} s`,
    );
  }
  const database = new SQLite(file);
  database.pragma('journal_mode = WAL');
  database.pragma('foreign_keys = ON');
  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: reusingStatements(database) }) });
  await migrateToLatest(db);
  await weeksAlreadyLookedAt(db, now, out);
  const statements = new Map<string, SQLite.Statement>();
  return {
    dialect: 'sqlite',
    db,
    logged: (onQuery) =>
      new Kysely<Database>({
        dialect: new SqliteDialect({ database: reusingStatements(database) }),
        log: (event) => onQuery(event.query),
      }),
    async raw(query) {
      let statement = statements.get(query.sql);
      if (!statement)
        statements.set(query.sql, (statement = database.prepare(keptAcrossBindings(query.sql))));
      if (statement.reader) statement.all(...(query.parameters as unknown[]));
      else statement.run(...(query.parameters as unknown[]));
    },
    serverEnv: { DATA_DIR: dir, DATABASE_URL: '' },
    async close() {
      await db.destroy();
    },
  };
}

async function openPostgres(
  options: SearchBenchOptions,
  now: number,
  out: (l: string) => void,
): Promise<BenchDatabase> {
  const name = options.pgDatabase ?? `kindred_bench_search_${options.size}`;
  const url = await benchDatabase(name, options.fresh);
  const pool = new pg.Pool({ connectionString: url, max: 4 });
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  await migrateToLatest(db);
  if ((await profileCount(db)) < options.size) {
    const started = performance.now();
    await db.deleteFrom('photos').execute();
    await db.deleteFrom('profiles').execute();
    await db.deleteFrom('members').execute();
    await generatePostgres(url, options.size, now);
    out(
      `postgres: generated ${options.size} profiles in ${((performance.now() - started) / 1000).toFixed(1)} s`,
    );
  }
  await weeksAlreadyLookedAt(db, now, out);
  // As many connections as the service's pool gives one search (it runs a first page's
  // statements side by side), without Kysely in between.
  const rawPool = new pg.Pool({ connectionString: url, max: 4 });
  return {
    dialect: 'postgres',
    db,
    logged: (onQuery) =>
      new Kysely<Database>({ dialect: new PostgresDialect({ pool }), log: (event) => onQuery(event.query) }),
    async raw(query) {
      await rawPool.query({ text: query.sql, values: query.parameters as unknown[] });
    },
    serverEnv: { DATABASE_URL: url },
    async close() {
      await rawPool.end();
      await db.destroy();
    },
  };
}

// --- measuring -------------------------------------------------------------------------------

interface SearchCase {
  name: string;
  query: Record<string, string>;
}

/** A cursor in the middle of the network's last activity: a page deep in any search. */
function deepCursor(now: number): string {
  const cursor = [now - 15 * DAY, 'bfffffffffffffff', 1000];
  return btoa(JSON.stringify(cursor)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

export function cases(now: number): SearchCase[] {
  return [
    { name: 'first page (default search)', query: { gender: 'female', min_age: '18', max_age: '45' } },
    { name: 'first page, country', query: { gender: 'female', country: 'DE', min_age: '25', max_age: '50' } },
    {
      name: 'deep page (cursor)',
      query: { gender: 'female', min_age: '18', max_age: '45', page: '400', after: deepCursor(now) },
    },
  ];
}

function serviceContext(database: BenchDatabase, registry: TenantRegistry): ServiceContext {
  const site = registry.snapshot.sites.get(SITE)!;
  // Only what the search reads; the other adapters are never touched by it.
  const context = {
    site,
    network: site.network,
    withheldSites: withheldSites(registry.sitesOfNetwork(site.network), site),
    clock: { now: () => Date.now() },
    db: database.db,
  };
  return context as unknown as ServiceContext;
}

/** The statements one service call runs, compiled as the driver receives them. */
async function capture(
  database: BenchDatabase,
  ctx: ServiceContext,
  run: (ctx: ServiceContext) => Promise<unknown>,
): Promise<CompiledQuery[]> {
  const captured: CompiledQuery[] = [];
  const logged = database.logged((query) => captured.push(query));
  await run({ ...ctx, db: logged });
  return captured;
}

const timed = (iterations: number, run: () => Promise<unknown>) =>
  timeRuns(run, iterations, Math.min(50, iterations));

/** Requests at a fixed rate (open loop); each latency counts from when the request was due. */
async function openLoop(
  port: number,
  paths: () => string,
  headers: Record<string, string>,
  rate: number,
  seconds: number,
): Promise<{ latencies: number[]; errors: number; sent: number }> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 50 });
  const latencies: number[] = [];
  let errors = 0;
  const total = Math.round(rate * seconds);
  const interval = 1000 / rate;
  const start = performance.now();
  const pending: Promise<void>[] = [];
  for (let i = 0; i < total; i++) {
    const due = start + i * interval;
    const wait = due - performance.now();
    if (wait > 0) await new Promise((r) => setTimeout(r, wait));
    // A timer may fire up to a millisecond early: never send before the request is due, or its
    // latency, counted from then, would come out too small (below zero, even).
    while (performance.now() < due) await new Promise((r) => setImmediate(r));
    pending.push(
      new Promise<void>((done) => {
        const request = http.get({ host: '127.0.0.1', port, path: paths(), headers, agent }, (response) => {
          response.resume();
          response.on('end', () => {
            if (response.statusCode === 200) latencies.push(performance.now() - due);
            else errors += 1;
            done();
          });
        });
        request.on('error', () => {
          errors += 1;
          done();
        });
      }),
    );
  }
  await Promise.all(pending);
  agent.destroy();
  return { latencies, errors, sent: total };
}

/** The server's own DATA_DIR where the database is elsewhere (PostgreSQL): removed when it stops. */
const SERVER_DATA_DIR = join(tmpdir(), `kindred-bench-search-${process.pid}`);

/** The built server on the benchmark's database (`env` names it), as the other benchmarks start it. */
async function startServer(entry: string, env: Record<string, string>) {
  const { startApp } = await import('./app.ts');
  return startApp({
    build: { entry },
    dataDir: SERVER_DATA_DIR,
    ports: PORTS,
    env,
    // Opening a database of a million profiles takes longer than the demo's.
    startTimeoutMs: 120_000,
  });
}

/**
 * Waits until no periodic job runs: each has run once since `since`, or waits for its next
 * interval after a run of a server before this one. A server starts with every job due, and a
 * search measured meanwhile measures those runs too (on PostgreSQL the first weekly update of a
 * generated network shared the cores with the searches for the whole measurement).
 */
async function untilJobsIdle(db: Kysely<Database>, since: number, out: (line: string) => void) {
  const waitingSince = Date.now();
  // The server takes every job's lease at its first run; give it a moment to have done so.
  await new Promise((resolve) => setTimeout(resolve, 2_000));
  let reported = 0;
  for (;;) {
    const leases = await db.selectFrom('job_leases').select(['name', 'last_run_at', 'expires_at']).execute();
    // A lease held for more than a run's lease ahead is a finished run's (of a server before this
    // one), kept until that job is due again: nothing of it runs now.
    const heldAfterARun = (lease: { last_run_at: unknown; expires_at: unknown }) =>
      lease.last_run_at !== null && Number(lease.expires_at) - Date.now() > DEFAULT_LEASE_MS;
    const running = leases.filter(
      (lease) => !heldAfterARun(lease) && (lease.last_run_at === null || Number(lease.last_run_at) < since),
    );
    if (running.length === 0) break;
    const waited = Date.now() - waitingSince;
    if (waited > 60 * 60_000) throw new Error(`the server's first job runs did not end within an hour`);
    if (waited - reported >= 60_000) {
      reported = waited;
      out(`waiting for the server's first job runs: ${running.map((lease) => lease.name).join(', ')}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 1_000));
  }
  out(`the server's first job runs ended after ${((Date.now() - waitingSince) / 1000).toFixed(0)} s`);
}

/** A session of the viewer, as a login makes one (only the token's hash is stored). */
export async function viewerSession(db: Kysely<Database>): Promise<string> {
  const { token, hash } = newSecret();
  const now = Date.now();
  await db
    .insertInto('sessions')
    .values({
      id: hash,
      member_id: VIEWER,
      network_id: NETWORK,
      site_id: SITE,
      created_at: now,
      expires_at: now + 30 * DAY,
      last_seen_at: now,
      user_agent: null,
      ip: null,
    })
    .execute();
  return `session=${token}`;
}

export async function runSearchBench(options: SearchBenchOptions): Promise<CaseResult[]> {
  const out = options.out ?? ((line: string) => process.stdout.write(`${line}\n`));
  const registry = TenantRegistry.load(
    { tenantsDir: join(ROOT, 'tenants'), nichesDir: join(ROOT, 'niches'), themesDir: join(ROOT, 'themes') },
    { info: () => {}, warn: () => {}, error: () => {} } as never,
  );
  const now = Date.now();
  const results: CaseResult[] = [];
  out(
    `\n## Member search (${options.size.toLocaleString('en')} profiles; ${new Date().toISOString()}; ` +
      `load ${loadavg()
        .map((l) => l.toFixed(2))
        .join(' ')} on ${cpus().length} cores)\n`,
  );
  for (const dialect of options.dialects) {
    const database =
      dialect === 'sqlite' ? await openSqlite(options, now, out) : await openPostgres(options, now, out);
    try {
      const ctx = serviceContext(database, registry);
      // As the endpoint asks: the member's own search, kept for /match-finder.
      const viewer = { kind: 'member' as const, memberId: VIEWER, profileId: VIEWER, remember: true };
      const cookie = options.http ? await viewerSession(database.db) : '';
      const startedAt = Date.now();
      const server =
        options.http && existsSync(options.entry)
          ? await startServer(options.entry, database.serverEnv)
          : undefined;
      if (options.http && !server) out(`no build at ${options.entry}: HTTP skipped (npm run build first)`);
      if (server) await untilJobsIdle(database.db, startedAt, out);
      try {
        for (const search of cases(now)) {
          const input = searchQuerySchema.parse(search.query);
          const call = (c: ServiceContext) => searchMembers(c, viewer, input);
          const statements = await capture(database, ctx, call);
          const service = await timed(options.iterations, () => call(ctx));
          // All at once, as the service sends them on PostgreSQL (SQLite runs them one by one).
          const raw = await timed(options.iterations, () =>
            Promise.all(statements.map((statement) => database.raw(statement))),
          );
          const result: CaseResult = {
            dialect,
            name: search.name,
            service: { p50: percentile(service, 50), p99: percentile(service, 99) },
            raw: { p50: percentile(raw, 50), p99: percentile(raw, 99), statements: statements.length },
          };
          if (server) {
            const path = `/api/members.php?${new URLSearchParams(search.query)}`;
            const warmup =
              options.warmup > 0
                ? await openLoop(
                    server.port,
                    () => path,
                    { host: 'localhost', cookie },
                    options.rate,
                    options.warmup,
                  )
                : undefined;
            const loop = await openLoop(
              server.port,
              () => path,
              { host: 'localhost', cookie },
              options.rate,
              options.seconds,
            );
            result.http = {
              p50: percentile(loop.latencies, 50),
              p99: percentile(loop.latencies, 99),
              errors: loop.errors,
              sent: loop.sent,
              warmupP99: warmup ? percentile(warmup.latencies, 99) : undefined,
            };
          }
          results.push(result);
        }
      } finally {
        await server?.stop();
        rmSync(SERVER_DATA_DIR, { recursive: true, force: true });
      }
    } finally {
      await database.close();
    }
  }
  out(
    `| dialect | search | service p50 / p99 (ms) | raw SQL p50 / p99 (ms) | statements | HTTP p50 / p99 (ms) at ${options.rate}/s | warm-up p99 (ms), not counted |`,
  );
  out('|---|---|---|---|---|---|---|');
  for (const r of results)
    out(
      `| ${r.dialect} | ${r.name} | ${ms(r.service.p50)} / ${ms(r.service.p99)} | ${ms(r.raw.p50)} / ${ms(r.raw.p99)} | ` +
        `${r.raw.statements} | ${r.http ? `${ms(r.http.p50)} / ${ms(r.http.p99)}${r.http.errors ? ` (${r.http.errors} errors)` : ''}` : 'n/a'} | ${r.http?.warmupP99 === undefined ? 'n/a' : ms(r.http.warmupP99)} |`,
    );
  out(`\ntargets: service p99 ≤ 5 ms, HTTP p99 ≤ 20 ms`);
  if (options.json) writeFileSync(options.json, JSON.stringify(results, null, 2));
  return results;
}

export function parseSearchArgs(argv: string[]): SearchBenchOptions {
  const { values } = parseArgs({
    args: argv,
    options: {
      only: { type: 'string' },
      size: { type: 'string', default: '1000000' },
      dialects: { type: 'string', default: 'sqlite,postgres' },
      iterations: { type: 'string', default: '1000' },
      rate: { type: 'string', default: '200' },
      seconds: { type: 'string', default: '10' },
      warmup: { type: 'string', default: '2' },
      'no-http': { type: 'boolean', default: false },
      fresh: { type: 'boolean', default: false },
      dist: { type: 'string', default: 'dist' },
      json: { type: 'string' },
      'pg-database': { type: 'string' },
    },
  });
  return {
    size: Number(values.size),
    dialects: values.dialects.split(',').map((d) => d.trim()) as Array<'sqlite' | 'postgres'>,
    iterations: Number(values.iterations),
    rate: Number(values.rate),
    seconds: Number(values.seconds),
    warmup: Number(values.warmup),
    http: !values['no-http'],
    fresh: values.fresh,
    cacheDir: join(ROOT, '.data'),
    entry: join(ROOT, values.dist, 'server', 'entry.mjs'),
    json: values.json,
    pgDatabase: values['pg-database'],
  };
}

if (import.meta.main) {
  await runSearchBench(parseSearchArgs(process.argv.slice(2)));
}
