import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { withPostgresDatabase } from '../../tests/support/postgres.ts';
import { createDatabase, type DatabaseHandle } from './client.ts';

/** The dialects every schema test runs on. */
export type TestDialect = 'sqlite' | 'postgres';

export interface EmptyTestDatabase {
  handle: DatabaseHandle;
  /** Closes the database and removes it. */
  cleanup(): Promise<void>;
}

/**
 * A new, empty (unmigrated) database: SQLite in a file of its own temporary folder, since a
 * file behaves as production does where memory would not; PostgreSQL as a throwaway database
 * on the test server (tests/support/postgres.ts).
 */
export async function openEmptyDatabase(dialect: TestDialect): Promise<EmptyTestDatabase> {
  if (dialect === 'sqlite') {
    const dir = mkdtempSync(join(tmpdir(), 'kindred-migrate-'));
    const handle = await createDatabase({ databaseUrl: `sqlite:${join(dir, 't.sqlite')}`, dataDir: dir });
    return {
      handle,
      async cleanup() {
        await handle.destroy();
        rmSync(dir, { recursive: true, force: true });
      },
    };
  }
  const pg = await withPostgresDatabase();
  const handle = await createDatabase({ databaseUrl: pg.url, dataDir: '' });
  return {
    handle,
    async cleanup() {
      await handle.destroy();
      await pg.drop();
    },
  };
}
