/**
 * A migrated database per dialect for unit tests that run their rules on both databases: SQLite
 * in memory, or a PostgreSQL database of their own (one per describe block, dropped after it).
 * The hooks are vitest's, so this stays out of the Playwright side of tests/support.
 */
import type { Kysely } from 'kysely';
import { afterAll, beforeAll } from 'vitest';
import { createDatabase, type DatabaseHandle, type Dialect } from '../../src/db/client.ts';
import type { Database } from '../../src/db/database.ts';
import { migrateToLatest } from '../../src/db/migrate.ts';
import { withPostgresDatabase, type TestPostgresDatabase } from './postgres.ts';

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
