import { sql, type Kysely } from 'kysely';
import { type MigrationProvider, type MigrationResult, Migrator } from 'kysely/migration';
import type { Database } from './database.ts';
import { createDatabase } from './client.ts';
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

/**
 * Lets `appRole`, the role the app connects as (DATABASE_URL), read and write the tables that
 * the migrating role (DATABASE_MIGRATE_URL, their owner) made, and those its later migrations
 * make. Not owning them, the app role cannot alter, drop or take row-level security off them
 * (migration 0039). Run by the owner after migrating; repeating it changes nothing.
 */
export async function grantToAppRole(owner: Kysely<Database>, appRole: string): Promise<void> {
  const app = sql.id(appRole);
  await sql`grant select, insert, update, delete on all tables in schema public to ${app}`.execute(owner);
  await sql`grant usage, select on all sequences in schema public to ${app}`.execute(owner);
  await sql`alter default privileges in schema public grant select, insert, update, delete on tables to ${app}`.execute(
    owner,
  );
  await sql`alter default privileges in schema public grant usage, select on sequences to ${app}`.execute(
    owner,
  );
  // The migrations' own book is the owner's business.
  await sql`revoke all on kysely_migration, kysely_migration_lock from ${app}`.execute(owner);
}

/** The role a connection works as. */
export async function currentRole(db: Kysely<Database>): Promise<string> {
  const { rows } = await sql<{ role: string }>`select current_user as role`.execute(db);
  return rows[0]!.role;
}

/**
 * Brings the schema to the newest migration for the app's database `app` (DATABASE_URL). With
 * `migrateUrl` (DATABASE_MIGRATE_URL) the tables' owner migrates and lets the app's role use them
 * (`grantToAppRole`); without it the app's role owns the tables and migrates them itself.
 */
export async function migrateForApp(
  app: Kysely<Database>,
  { migrateUrl, dataDir }: { migrateUrl: string; dataDir: string },
): Promise<string[]> {
  if (!migrateUrl) return migrateToLatest(app);
  const owner = await createDatabase({ databaseUrl: migrateUrl, dataDir });
  try {
    const applied = await migrateToLatest(owner.db);
    const appRole = await currentRole(app);
    if (appRole !== (await currentRole(owner.db))) await grantToAppRole(owner.db, appRole);
    return applied;
  } finally {
    await owner.destroy();
  }
}
