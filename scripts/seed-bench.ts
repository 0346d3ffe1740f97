/**
 * Times the demo seed: a cold run (empty avatar cache) and a warm one (a fresh database beside
 * the cache of the first run), into a throw-away SQLite database, or with --postgres into
 * throw-away PostgreSQL databases (the local server, or a private cluster as in the tests).
 *
 *   node scripts/seed-bench.ts [--size 2000] [--seed 1] [--postgres] [--keep]
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { createDatabase } from '../src/db/client.ts';
import { migrateToLatest } from '../src/db/migrate.ts';
import { seedDemo } from '../src/db/seed/index.ts';
import { TenantRegistry } from '../src/tenancy/registry.ts';
import { withPostgresDatabase } from '../tests/support/postgres.ts';

const { values } = parseArgs({
  options: {
    size: { type: 'string', default: '2000' },
    seed: { type: 'string', default: '1' },
    postgres: { type: 'boolean', default: false },
    keep: { type: 'boolean', default: false },
  },
});

const dataDir = mkdtempSync(join(tmpdir(), 'kindred-seed-bench-'));
const registry = TenantRegistry.load(
  { tenantsDir: resolve('tenants'), nichesDir: resolve('niches'), themesDir: resolve('themes') },
  { info: () => {}, error: (m) => console.error(m) },
);
const now = Date.UTC(2026, 0, 15, 12, 0, 0);

async function run(label: string): Promise<void> {
  rmSync(join(dataDir, 'kindred.sqlite'), { force: true });
  rmSync(join(dataDir, 'uploads'), { recursive: true, force: true });
  const postgres = values.postgres ? await withPostgresDatabase() : undefined;
  const handle = await createDatabase({ databaseUrl: postgres?.url ?? '', dataDir });
  try {
    await migrateToLatest(handle.db);
    const started = performance.now();
    const result = await seedDemo({
      db: handle.db,
      registry,
      dataDir,
      size: Number(values.size),
      seed: Number(values.seed),
      now,
      log: (line) => console.log(`  ${line}`),
    });
    console.log(
      `${label} (${handle.dialect}): ${result.members} members (${result.fictional} fictional) in ${((performance.now() - started) / 1000).toFixed(1)} s`,
    );
  } finally {
    await handle.destroy();
    await postgres?.drop();
  }
}

try {
  await run('cold');
  await run('cached');
} finally {
  if (values.keep) console.log(`kept ${dataDir}`);
  else rmSync(dataDir, { recursive: true, force: true });
}
