import type { Kysely } from 'kysely';
import { type MigrationProvider, type MigrationResult, Migrator } from 'kysely/migration';
import type { Database } from './database.ts';
import { migrations } from './migrations/index.ts';

const provider: MigrationProvider = {
  async getMigrations() {
    return migrations;
  },
};

function migrator(db: Kysely<Database>): Migrator {
  return new Migrator({ db, provider });
}

/**
 * Brings the schema to the newest migration; a no-op when it is there already. Kysely's lock
 * table keeps two processes starting at once from migrating twice. Throws, naming the
 * migration that failed, rather than letting a server run against a half-migrated schema.
 * Returns the names of the migrations it applied.
 */
export async function migrateToLatest(db: Kysely<Database>): Promise<string[]> {
  const { error, results = [] } = await migrator(db).migrateToLatest();
  const applied = results.filter((r) => r.status === 'Success').map((r) => r.migrationName);
  if (error !== undefined) {
    const failed = results.find((r: MigrationResult) => r.status === 'Error');
    const what = failed ? `migration ${failed.migrationName} failed` : 'migrating failed';
    const reason = error instanceof Error ? error.message : String(error);
    throw new Error(`Database ${what}: ${reason}`, { cause: error });
  }
  return applied;
}

/** The names of migrations not yet applied, for a status command or a start-up check. */
export async function pendingMigrations(db: Kysely<Database>): Promise<string[]> {
  const all = await migrator(db).getMigrations();
  return all.filter((m) => m.executedAt === undefined).map((m) => m.name);
}
