/**
 * A migrated database per dialect for unit tests that run their rules on both databases: SQLite
 * in memory, or a PostgreSQL database of their own (one per describe block, dropped after it).
 * The hooks are vitest's, so this stays out of the Playwright side of tests/support.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Kysely } from 'kysely';
import { Migrator } from 'kysely/migration';
import { afterAll, beforeAll, expect } from 'vitest';
import { createDatabase, type DatabaseHandle, type Dialect } from '../../src/db/client.ts';
import type { Database } from '../../src/db/database.ts';
import { migrateToLatest } from '../../src/db/migrate.ts';
import { migrations } from '../../src/db/migrations/index.ts';
import { withPostgresDatabase, withPostgresRoles, type TestPostgresDatabase } from './postgres.ts';

/** Opens the database before the block's tests and closes (and drops) it after them. */
export function useMigratedDatabase(dialect: Dialect): { readonly db: Kysely<Database> } {
  let postgres: TestPostgresDatabase | undefined;
  let handle: DatabaseHandle | undefined;
  beforeAll(async () => {
    if (dialect === 'postgres') postgres = await withPostgresDatabase();
    handle = await createDatabase({ databaseUrl: postgres?.url ?? 'sqlite::memory:', dataDir: '.' });
    await migrateToLatest(handle.db);
  }, 120_000);
  afterAll(async () => {
    await handle?.destroy();
    await postgres?.drop();
  });
  return {
    get db() {
      if (!handle) throw new Error('useMigratedDatabase: read db inside a test or hook');
      return handle.db;
    },
  };
}

/** Tables as an earlier migration left them, which the schema's types no longer describe. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type UntypedDatabase = Kysely<any>;

/** A database a migration's test moves along the migrations itself, with rows of its own between the steps. */
export interface MigratingDatabase {
  db: UntypedDatabase;
  /** Migrates up or down to the named migration, failing the test if that fails. */
  migrateTo(name: string): Promise<void>;
}

/**
 * Runs a migration's test on an empty database of the dialect (a SQLite file, which table
 * rebuilds need, or a PostgreSQL database of its own) and removes the database afterwards.
 */
export async function withMigratingDatabase(
  dialect: Dialect,
  test: (database: MigratingDatabase) => Promise<void>,
  /**
   * `owner`: on PostgreSQL, migrate as a role that owns the tables but is no superuser, as
   * `DATABASE_MIGRATE_URL` does in production: row-level security (0039) applies to it too.
   */
  options: { as?: 'superuser' | 'owner' } = {},
): Promise<void> {
  const dir = dialect === 'sqlite' ? mkdtempSync(join(tmpdir(), 'kindred-migration-')) : '';
  const postgres =
    dialect !== 'postgres'
      ? undefined
      : options.as === 'owner'
        ? await withPostgresRoles().then((roles) => ({ ...roles, url: roles.ownerUrl }))
        : await withPostgresDatabase();
  const handle = await createDatabase({
    databaseUrl: postgres?.url ?? `sqlite:${join(dir, 't.sqlite')}`,
    dataDir: dir,
  });
  try {
    const db = handle.db as unknown as UntypedDatabase;
    const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations } });
    await test({
      db,
      async migrateTo(name) {
        expect((await migrator.migrateTo(name)).error).toBeUndefined();
      },
    });
  } finally {
    await handle.destroy();
    await postgres?.drop();
    if (dir) rmSync(dir, { recursive: true, force: true });
  }
}
