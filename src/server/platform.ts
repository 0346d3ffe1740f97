import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { Kysely } from 'kysely';
import { createDatabase, type Binding } from '../db/client.ts';
import { countStatement, countingStatements } from './statement-count.ts';
import type { Database } from '../db/database.ts';
import { migrateForApp } from '../db/migrate.ts';
import { offsetClock, systemClock, type Clock } from '../lib/clock.ts';
import { TenantRegistry } from '../tenancy/registry.ts';
import { summarizeSites } from '../tenancy/summary.ts';
import { createMailer, dkimKeyFrom, type Mailer } from './adapters/mailer.ts';
import { createPushGateway, type PushGateway } from './adapters/push.ts';
import { createSmsSender, type SmsSender } from './adapters/sms.ts';
import { parseEnv, type Env } from './env.ts';
import { createJobRunner, registeredJobs } from './jobs/index.ts';
import { createLogger, type Logger } from './log.ts';
import { createPaymentProvider, type PaymentProvider } from './payments/index.ts';
import { createDatabaseRateLimiter, type RateLimiter } from './rate-limit/index.ts';
import { createMemoryBus, type RealtimeBus } from './realtime/index.ts';
import { loadAppSecret } from './secrets.ts';
import { createStorage, type FileStorage } from './storage/index.ts';
import { createMemorySignals, type ClusterSignals } from './cluster-signals.ts';

/**
 * Everything the process holds once: configuration, the site registry and the adapters.
 * Per-request data never lives here; requests get a context built from it (see context.ts).
 */
export interface Platform {
  env: Env;
  log: Logger;
  clock: Clock;
  secret: Buffer;
  registry: TenantRegistry;
  /**
   * The unbound database. On PostgreSQL row-level security (migration 0039) shows it no member
   * or staff row: member data is read through `dbFor`, the console's through `bound`.
   */
  db: Kysely<Database>;
  /** The database as one network sees it: what a member request and a job's run use. */
  dbFor(network: string): Kysely<Database>;
  /** The database for a set of networks and a scope (the console: a staff member's networks). */
  bound(binding: Binding): Kysely<Database>;
  /** The read replica's `dbFor`, when there is one. */
  readDbFor?: (network: string) => Kysely<Database>;
  /** The read replica of DATABASE_READ_URL (the member search reads there), when there is one. */
  readDb?: Kysely<Database>;
  dialect: 'sqlite' | 'postgres';
  mailer: Mailer;
  sms: SmsSender;
  rateLimiter: RateLimiter;
  realtime: RealtimeBus;
  storage: FileStorage;
  /** Where members pay: the built-in test provider, or Mollie with `MOLLIE_API_KEY`. */
  payments: PaymentProvider;
  /** Web push with each site's VAPID keys, to the push services' hosts only. */
  push: PushGateway;
  /** Word to the other processes about what each keeps in memory (Redis with `REDIS_URL`). */
  signals: ClusterSignals;
  /** Starts no job from now on; a run still going after `timeoutMs` lets go of its lease. */
  stopJobs(timeoutMs: number): Promise<void>;
  close(): Promise<void>;
}

let booting: Promise<Platform> | undefined;

/** The platform, booted on first use: the server entry awaits it before it listens. */
export function getPlatform(): Promise<Platform> {
  booting ??= boot();
  return booting;
}

/**
 * Test servers may move time (`KINDRED_TEST_CLOCK=1`): the offset in milliseconds is read from
 * `DATA_DIR/test-clock-offset-ms` on every reading, so a test writes the file and the next
 * request lives in the future. Never enabled otherwise.
 */
export const TEST_CLOCK_FILE = 'test-clock-offset-ms';

function platformClock(dataDir: string): Clock {
  if (process.env.KINDRED_TEST_CLOCK !== '1') return systemClock;
  const file = join(dataDir, TEST_CLOCK_FILE);
  return offsetClock(systemClock, () => {
    try {
      return Number(readFileSync(file, 'utf8').trim()) || 0;
    } catch {
      return 0;
    }
  });
}

/** The periodic jobs (erasure after 14 days, the retention purge, …) run this often. */
const JOBS_INTERVAL_MS = 10 * 60 * 1000;
/** Under a moved test clock the jobs must notice the jump within moments. */
const JOBS_TEST_INTERVAL_MS = 500;

async function boot(): Promise<Platform> {
  const env = parseEnv();
  const log = createLogger(env.LOG_LEVEL);
  const clock = platformClock(env.dataDir);
  // Niches and themes are part of the product (shipped with the code), tenants are the operator's.
  const readingTenants = performance.now();
  const registry = TenantRegistry.load(
    { tenantsDir: env.tenantsDir, nichesDir: resolve('niches'), themesDir: resolve('themes') },
    { info: (m) => log.info(m), error: (m) => log.error(m) },
  );
  const tenantsMs = Math.round(performance.now() - readingTenants);
  registry.watch();
  const database = await createDatabase({
    databaseUrl: env.DATABASE_URL,
    dataDir: env.dataDir,
    onStatement: countingStatements ? countStatement : undefined,
    backgroundCheckpoints: { onError: (message) => log.warn('sqlite: a checkpoint failed', { message }) },
  });
  await migrateForApp(database.db, { migrateUrl: env.DATABASE_MIGRATE_URL, dataDir: env.dataDir });
  // A replica follows the primary's schema by replication: it is never migrated itself.
  const replica = env.DATABASE_READ_URL
    ? await createDatabase({
        databaseUrl: env.DATABASE_READ_URL,
        dataDir: env.dataDir,
        onStatement: countingStatements ? countStatement : undefined,
      })
    : undefined;
  const dbFor = (network: string) => database.bound({ networks: [network] });
  const secret = loadAppSecret(env.APP_SECRET, env.dataDir);
  const mailer = createMailer(
    env.MAIL_URL,
    env.dataDir,
    clock,
    dkimKeyFrom(env.DKIM_SELECTOR, env.DKIM_PRIVATE_KEY),
  );
  const sms = createSmsSender(env.dataDir, clock);
  // The embedded defaults of ARCHITECTURE rule 6; their scale-out twins plug in here.
  const storage = await createStorage(env);
  // Limits shared by every process on the Redis, when there is one (ARCHITECTURE rule 6).
  const redisUrl = env.REDIS_URL;
  const onRedis = redisUrl ? await import('./redis-backed.ts') : undefined;
  const limitsRedis =
    onRedis && redisUrl
      ? new onRedis.Redis(redisUrl, {
          maxRetriesPerRequest: 2,
          connectionName: `kindred-limits-${process.pid}`,
        })
      : undefined;
  limitsRedis?.on('error', (error: Error) => log.warn('rate limits: redis', { error: error.message }));
  const rateLimiter =
    onRedis && limitsRedis
      ? onRedis.createRedisRateLimiter(limitsRedis, secret)
      : createDatabaseRateLimiter(database.db, secret);
  const realtime: RealtimeBus =
    onRedis && redisUrl
      ? onRedis.createRedisBus({ db: database.db, dbFor, clock, log }, { url: redisUrl })
      : createMemoryBus({ db: database.db, dbFor, clock, log });
  const signals =
    onRedis && redisUrl ? onRedis.createRedisSignals({ url: redisUrl, log }) : createMemorySignals();
  const payments = createPaymentProvider({
    mollieApiKey: env.MOLLIE_API_KEY,
    mollieApiUrl: env.MOLLIE_API_URL,
    choice: env.PAYMENT_PROVIDER,
    db: database.db,
    clock,
  });
  if (payments.name === 'test' && env.PUBLIC_SCHEME === 'https') {
    // Allowed only by PAYMENT_PROVIDER=test (env.ts); said at every start so nobody forgets it.
    log.warn('payments: the test checkout takes the payments (PAYMENT_PROVIDER=test): credits cost nothing');
  }
  const push = createPushGateway({ secret, allowedOrigins: env.PUSH_ALLOWED_ORIGINS });
  const jobRunner = createJobRunner(
    {
      db: database.db,
      clock,
      log,
      // Read at every run: a tenant file reloaded with other rate limits counts from then on.
      sites: () => registry.snapshot.sites.values(),
      storage,
      realtime,
      rateLimiter,
      mailer,
      sms,
      payments,
      push,
      dataDir: env.dataDir,
      env,
      secret,
    },
    // The composition root (src/app/) registers them; read at every run.
    registeredJobs,
    {
      intervalMs: process.env.KINDRED_TEST_CLOCK === '1' ? JOBS_TEST_INTERVAL_MS : JOBS_INTERVAL_MS,
      // Row-level security shows the unbound database no member row: jobs run per network. A
      // role it does not bind sees every network from any handle, so there a job runs once over
      // all of them, as on SQLite: a run for one network would meet the others' rows without
      // their sites.
      ...(database.rowSecurity && { dbFor }),
    },
  );
  jobRunner.start();
  const sites = [...registry.snapshot.sites.values()];
  log.info(
    `${summarizeSites(sites)} (tenant files read in ${tenantsMs} ms; database: ${database.dialect}` +
      `${database.dialect === 'postgres' && !database.rowSecurity ? ' as a role row-level security does not bind' : ''}` +
      `${replica ? ', search on the read replica' : ''}; files: ${storage.kind})`,
  );
  return {
    env,
    log,
    clock,
    secret,
    registry,
    db: database.db,
    dbFor,
    bound: (binding) => database.bound(binding),
    ...(replica && {
      readDb: replica.db,
      readDbFor: (network: string) => replica.bound({ networks: [network] }),
    }),
    dialect: database.dialect,
    mailer,
    sms,
    rateLimiter,
    realtime,
    storage,
    payments,
    push,
    signals,
    stopJobs: (timeoutMs) => jobRunner.stop(timeoutMs),
    async close() {
      await jobRunner.stop();
      registry.close();
      await realtime.close?.();
      await signals.close();
      limitsRedis?.disconnect();
      await replica?.destroy();
      await database.destroy();
    },
  };
}
