import SQLite from 'better-sqlite3';
import { Kysely, SqliteDialect, type CompiledQuery } from 'kysely';
import { describe, expect, it } from 'vitest';
import type { Database } from '../../db/database.ts';
import { migrateToLatest } from '../../db/migrate.ts';
import { profileDetails } from './profile-view.repository.ts';

/*
 * Every profile a member opens reads its interests by (network, profile). SQLite took the
 * network's interest index for it, which covers the column read, and walked every interest of
 * the network to keep one profile's: milliseconds at a few hundred profiles, and more with each
 * one. The read must find the profile's rows by an index that starts with both.
 */
describe("a profile's interests", () => {
  it('are found by (network, profile), not by walking the network', async () => {
    const sqlite = new SQLite(':memory:');
    const statements: CompiledQuery[] = [];
    const db = new Kysely<Database>({
      dialect: new SqliteDialect({ database: sqlite }),
      log: (event) => void statements.push(event.query),
    });
    try {
      await migrateToLatest(db);
      statements.length = 0;
      await profileDetails(db, 'n1', 'p1');
      const read = statements.find((s) => s.sql.includes('"profile_interests"'))!;
      const plan = (
        sqlite.prepare(`EXPLAIN QUERY PLAN ${read.sql}`).all(...(read.parameters as unknown[])) as {
          detail: string;
        }[]
      )
        .map((row) => row.detail)
        .join('\n');
      expect(plan).toMatch(/USING (COVERING )?INDEX \S+ \(network_id=\? AND profile_id=\?\)/);
    } finally {
      await db.destroy();
    }
  });
});
