import type { Kysely } from 'kysely';
import { afterAll, beforeAll } from 'vitest';
import { createDatabase, type DatabaseHandle } from './client.ts';
import type { Database } from './database.ts';
import { migrateToLatest } from './migrate.ts';

/**
 * A migrated in-memory SQLite database for the tests of one file: made before the first test,
 * closed after the last. `opened` hands it to the file's own `db` variable.
 */
export function useMemoryDatabase(opened: (db: Kysely<Database>) => void): void {
  let handle: DatabaseHandle | undefined;
  beforeAll(async () => {
    handle = await createDatabase({ databaseUrl: 'sqlite::memory:', dataDir: '.' });
    await migrateToLatest(handle.db);
    opened(handle.db);
  });
  afterAll(async () => {
    await handle?.destroy();
  });
}
