import SQLite from 'better-sqlite3';
import { Kysely, SqliteDialect, type CompiledQuery } from 'kysely';
import type { Database } from './database.ts';
import { keptAcrossBindings } from './client.ts';
import { migrateToLatest } from './migrate.ts';

/**
 * SQLite's plan (`EXPLAIN QUERY PLAN`, one line a step) of a statement that `read` runs on a
 * fresh migrated in-memory database, as the server prepares it (`keptAcrossBindings`). `prepare` runs on that database first (statistics, say);
 * `pick` chooses the statement among those `read` ran.
 */
export async function queryPlanOf(
  read: (db: Kysely<Database>) => Promise<unknown>,
  pick: (statements: CompiledQuery[]) => CompiledQuery,
  prepare: (sqlite: SQLite.Database) => void = () => {},
): Promise<string> {
  const sqlite = new SQLite(':memory:');
  const statements: CompiledQuery[] = [];
  const db = new Kysely<Database>({
    dialect: new SqliteDialect({ database: sqlite }),
    log: (event) => void statements.push(event.query),
  });
  try {
    await migrateToLatest(db);
    prepare(sqlite);
    statements.length = 0;
    await read(db);
    const statement = pick(statements);
    const plan = sqlite
      .prepare(`EXPLAIN QUERY PLAN ${keptAcrossBindings(statement.sql)}`)
      .all(...(statement.parameters as unknown[]));
    return (plan as { detail: string }[]).map((row) => row.detail).join('\n');
  } finally {
    await db.destroy();
  }
}
