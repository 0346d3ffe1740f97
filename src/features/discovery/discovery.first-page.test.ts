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

/** Five women of one network, p6 the most recently active down to p2. */
async function insertProfiles(db: Kysely<Database>): Promise<void> {
  await db
    .insertInto('profiles')
    .values(
      Array.from({ length: 5 }, (_, i) =>
        testProfile({ id: `p${i + 2}`, network_id: 'n1', last_active_at: 1_000 + i }),
      ),
    )
    .execute();
}

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
    await insertProfiles(db);
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

  it("reads a later member's blocks and page, not the count, when the floor puts it past the cap", async () => {
    const cap = 3;
    expect((await searchFirstPage(db, base, women, 2, cap)).count).toBe(cap + 1);
    const other: SearchBase = { ...base, viewerProfileId: 'p9' };
    statements.length = 0;
    const skipped = await searchFirstPage(db, other, women, 2, cap);
    expect(statements).toHaveLength(2);
    expect(statements.filter((q) => q.sql.includes('"profiles"') && q.sql.includes('count('))).toEqual([]);
    expect(skipped.count).toBe(Math.min(await searchCount(db, other, women, cap), cap + 1));
    expect(skipped.rows.map((row) => row.id)).toEqual(['p6', 'p5']);
  });

  it('answers no rows and a count of none when nobody matches', async () => {
    expect(await searchFirstPage(db, base, { gender: 'male' }, 3, 4)).toEqual({ rows: [], count: 0 });
  });
});

describe('searchFirstPage on SQLite', () => {
  let handle: DatabaseHandle;
  /** The SQL of the statements run while `recording` is on. */
  const ran: string[] = [];
  let recording = false;
  beforeAll(async () => {
    handle = await createDatabase({
      databaseUrl: 'sqlite::memory:',
      dataDir: '.',
      onStatement: (sql) => {
        if (recording) ran.push(sql);
      },
    });
    await migrateToLatest(handle.db);
    await insertProfiles(handle.db);
  });
  afterAll(async () => {
    await handle.destroy();
  });

  it('answers the same page and count', async () => {
    const { rows, count } = await searchFirstPage(handle.db, base, women, 3, 4);
    expect(rows.map((row) => row.id)).toEqual(['p6', 'p5', 'p4']);
    expect(count).toBe(5);
  });

  it("takes a later member past the cap from the public matches counted before, less that member's blocks", async () => {
    const cap = 3;
    const exact = async (viewer: SearchBase) =>
      Math.min(await searchCount(handle.db, viewer, women, cap), cap + 1);
    // The first member counts: five public profiles match, past the cap of three.
    expect((await searchFirstPage(handle.db, base, women, 2, cap)).count).toBe(cap + 1);
    // Another member with no blocks: five, less the member, still past the cap: not counted.
    const other: SearchBase = { ...base, viewerProfileId: 'p9' };
    recording = true;
    const skipped = await searchFirstPage(handle.db, other, women, 2, cap);
    recording = false;
    // The member's blocks and the page: no count of profiles.
    expect(ran).toHaveLength(2);
    expect(ran.filter((text) => text.includes('"profiles"') && text.includes('count('))).toEqual([]);
    expect(skipped.count).toBe(await exact(other));
    expect(skipped.rows.map((row) => row.id)).toEqual(['p6', 'p5']);
    // A member who blocked two of them sees three: no floor can say past the cap, so it counts.
    const blocker: SearchBase = { ...base, viewerProfileId: 'p10' };
    await handle.db
      .insertInto('profiles')
      .values(testProfile({ id: 'p10', network_id: 'n1', gender: 'male', last_active_at: 1_000 }))
      .execute();
    await handle.db
      .insertInto('blocks')
      .values(
        ['p2', 'p3'].map((blocked) => ({
          network_id: 'n1',
          blocker_profile_id: 'p10',
          blocked_profile_id: blocked,
          created_at: 1,
        })),
      )
      .execute();
    const counted = await searchFirstPage(handle.db, blocker, women, 2, cap);
    expect(counted.count).toBe(3);
    expect(counted.count).toBe(await exact(blocker));
  });
});
