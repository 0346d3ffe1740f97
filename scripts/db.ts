/**
 * Database commands (run with the project's Node: `./dev npm run db -- <command>`):
 *
 *   migrate                         apply pending migrations
 *   seed [--size N] [--seed S] [--force]
 *                                   create demo members (only into an empty database, unless --force)
 *
 * Reads DATABASE_URL, DATA_DIR and TENANTS_DIR like the server.
 */
import { resolve } from 'node:path';
import { createDatabase, redactUrl } from '../src/db/client.ts';
import { migrateToLatest } from '../src/db/migrate.ts';
import { isDatabaseEmpty, seedDemo } from '../src/db/seed/index.ts';
import { ConfigError, TenantRegistry } from '../src/tenancy/registry.ts';
import { commandLine } from './command-line.ts';

const { command, values } = commandLine(
  'usage: db migrate | db seed [--size N] [--seed S] [--force]\n',
  ['migrate', 'seed'],
  {
    size: { type: 'string', default: '2000' },
    seed: { type: 'string', default: '1' },
    force: { type: 'boolean', default: false },
  },
);

const databaseUrl = process.env.DATABASE_URL ?? '';
const dataDir = resolve(process.env.DATA_DIR ?? '.data');
const database = await createDatabase({ databaseUrl, dataDir });
try {
  await migrateToLatest(database.db);
  process.stdout.write(`migrated ${database.dialect} ${databaseUrl ? redactUrl(databaseUrl) : dataDir}\n`);
  if (command === 'seed') {
    const size = Number(values.size);
    if (!Number.isInteger(size) || size < 1) throw new Error('--size must be a whole number above 0');
    if (!values.force && !(await isDatabaseEmpty(database.db))) {
      process.stdout.write('the database already has members; nothing seeded (use --force to add more)\n');
    } else {
      const registry = TenantRegistry.load({
        tenantsDir: resolve(process.env.TENANTS_DIR ?? 'tenants'),
        nichesDir: resolve('niches'),
        themesDir: resolve('themes'),
      });
      const result = await seedDemo({
        db: database.db,
        registry,
        dataDir,
        size,
        seed: Number(values.seed),
        now: Date.now(),
        log: (line: string) => process.stdout.write(`${line}\n`),
      });
      process.stdout.write(`seeded ${result.members} members (${result.fictional} fictional)\n`);
    }
  }
} catch (error) {
  process.stderr.write(`${error instanceof ConfigError ? error.message : (error as Error).message}\n`);
  process.exitCode = 1;
} finally {
  await database.destroy();
}
