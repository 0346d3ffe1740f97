import { Kysely, PostgresDialect, type CompiledQuery } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDatabase, type DatabaseHandle } from '../../db/client.ts';
import type { Database } from '../../db/database.ts';
import { migrateToLatest } from '../../db/migrate.ts';
import { testProfile } from '../../../tests/support/rows.ts';
import { withPostgresDatabase, type TestPostgresDatabase } from '../../../tests/support/postgres.ts';
import { OPEN_VIEWER } from './discovery.plan-statistics.ts';
import { searchCount, searchFirstPage, searchPage, type SearchBase } from './discovery.repository.ts';

/*
 * A first page and its count agree with the page and the count asked for apart, on both
 * databases; PostgreSQL answers them in one statement (one round trip and one plan a search).
 */
const base: SearchBase = { kind: 'member', ...OPEN_VIEWER };
const women = { gender: 'female' as const };

describe('searchFirstPage on PostgreSQL', () => {
  let postgres: TestPostgresDatabase;
  let pool: pg.Pool;
  let db: Kysely<Database>;
  const statements: CompiledQuery[] = [];
  beforeAll(async () => {
    postgres = await withPostgresDatabase();
    pool = new pg.Pool({ connectionString: postgres.url, max: 2 });
    db = new Kysely<Database>({
      dialect: new PostgresDialect({ pool }),
      log: (event) => {
        statements.push(event.query);
      },
    });
    await migrateToLatest(db);
    await db
      .insertInto('profiles')
      .values(
        Array.from({ length: 5 }, (_, i) =>
          testProfile({ id: `p${i + 2}`, network_id: 'n1', last_active_at: 1_000 + i }),
        ),
      )
      .execute();
  });
  afterAll(async () => {
    await db.destroy();
    await postgres.drop();
  });

  it('reads the page and its count in one statement', async () => {
    statements.length = 0;
    const { rows, count } = await searchFirstPage(db, base, women, 3, 4);
    expect(statements).toHaveLength(1);
    expect(rows.map((row) => row.id)).toEqual(['p6', 'p5', 'p4']);
    expect(count).toBe(5);
  });

  it('counts as the count alone does, up to the cap and one more', async () => {
    for (const cap of [1, 4, 5, 10]) {
      const { rows, count } = await searchFirstPage(db, base, women, 2, cap);
      expect(count).toBe(await searchCount(db, base, women, cap));
      expect(rows).toEqual(await searchPage(db, base, women, undefined, 2));
    }
  });

  it('answers no rows and a count of none when nobody matches', async () => {
    expect(await searchFirstPage(db, base, { gender: 'male' }, 3, 4)).toEqual({ rows: [], count: 0 });
  });
});

describe('searchFirstPage on SQLite', () => {
  let handle: DatabaseHandle;
  beforeAll(async () => {
    handle = await createDatabase({ databaseUrl: 'sqlite::memory:', dataDir: '.' });
    await migrateToLatest(handle.db);
    await handle.db
      .insertInto('profiles')
      .values(
        Array.from({ length: 5 }, (_, i) =>
          testProfile({ id: `p${i + 2}`, network_id: 'n1', last_active_at: 1_000 + i }),
        ),
      )
      .execute();
  });
  afterAll(async () => {
    await handle.destroy();
  });

  it('answers the same page and count', async () => {
    const { rows, count } = await searchFirstPage(handle.db, base, women, 3, 4);
    expect(rows.map((row) => row.id)).toEqual(['p6', 'p5', 'p4']);
    expect(count).toBe(5);
  });
});
