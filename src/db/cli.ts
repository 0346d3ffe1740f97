import { createDatabase, redactUrl, resolveDatabaseTarget } from './client.ts';
import { migrateToLatest } from './migrate.ts';

export interface DatabaseCommandEnv {
  /** Empty for SQLite in DATA_DIR; see client.ts for the accepted forms. */
  DATABASE_URL: string;
  DATA_DIR: string;
}

/** Where the database is, fit for a terminal (no password). */
export function describeDatabase(env: DatabaseCommandEnv): string {
  const target = resolveDatabaseTarget({ databaseUrl: env.DATABASE_URL, dataDir: env.DATA_DIR });
  return target.dialect === 'sqlite'
    ? `SQLite ${target.filename}`
    : `PostgreSQL ${redactUrl(target.connectionString)}`;
}

/** `db migrate`: opens the database, brings the schema up to date, reports in one line. */
export async function migrateCommand(env: DatabaseCommandEnv): Promise<void> {
  const where = describeDatabase(env);
  const handle = await createDatabase({ databaseUrl: env.DATABASE_URL, dataDir: env.DATA_DIR });
  try {
    const applied = await migrateToLatest(handle.db);
    console.log(
      applied.length === 0
        ? `${where}: schema already up to date`
        : `${where}: applied ${applied.length} migration${applied.length === 1 ? '' : 's'} (${applied.join(', ')})`,
    );
  } finally {
    await handle.destroy();
  }
}
