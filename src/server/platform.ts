import { resolve } from 'node:path';
import type { Kysely } from 'kysely';
import { createDatabase } from '../db/client.ts';
import type { Database } from '../db/database.ts';
import { migrateToLatest } from '../db/migrate.ts';
import { systemClock, type Clock } from '../lib/clock.ts';
import { TenantRegistry } from '../tenancy/registry.ts';
import { createMailer, type Mailer } from './adapters/mailer.ts';
import { parseEnv, type Env } from './env.ts';
import { createLogger, type Logger } from './log.ts';
import { loadAppSecret } from './secrets.ts';

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
  db: Kysely<Database>;
  dialect: 'sqlite' | 'postgres';
  mailer: Mailer;
  close(): Promise<void>;
}

let booting: Promise<Platform> | undefined;

/** The platform, booted on first use: the server entry awaits it before it listens. */
export function getPlatform(): Promise<Platform> {
  booting ??= boot();
  return booting;
}

async function boot(): Promise<Platform> {
  const env = parseEnv();
  const log = createLogger(env.LOG_LEVEL);
  const clock = systemClock;
  // Niches and themes are part of the product (shipped with the code), tenants are the operator's.
  const registry = TenantRegistry.load(
    { tenantsDir: env.tenantsDir, nichesDir: resolve('niches'), themesDir: resolve('themes') },
    { info: (m) => log.info(m), error: (m) => log.error(m) },
  );
  registry.watch();
  const database = await createDatabase({ databaseUrl: env.DATABASE_URL, dataDir: env.dataDir });
  await migrateToLatest(database.db);
  const secret = loadAppSecret(env.APP_SECRET, env.dataDir);
  const mailer = createMailer(env.MAIL_URL, env.dataDir, clock);
  const sites = [...registry.snapshot.sites.values()];
  log.info(`${sites.length} sites on ${database.dialect}: ${sites.map((s) => s.primaryDomain).join(', ')}`);
  return {
    env,
    log,
    clock,
    secret,
    registry,
    db: database.db,
    dialect: database.dialect,
    mailer,
    async close() {
      registry.close();
      await database.destroy();
    },
  };
}
