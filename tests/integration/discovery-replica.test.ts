import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDatabase, type DatabaseHandle } from '../../src/db/client.ts';
import { migrateToLatest } from '../../src/db/migrate.ts';
import { DEMO } from '../support/server.ts';
import { withPostgresDatabase, type TestPostgresDatabase } from '../support/postgres.ts';
import { useServer } from '../support/use-server.ts';

/*
 * The member search on a read replica (DATABASE_READ_URL): a second PostgreSQL database that
 * the test keeps in step with the primary by copying every table (the machine's server runs
 * with wal_level=replica, so no logical replication between two of its databases; streaming
 * replication needs a second cluster). What the search shows is the replica's state, what a
 * search writes (the kept filters) goes to the primary.
 */

let replica: TestPostgresDatabase | undefined;
let replicaDb: DatabaseHandle | undefined;
// Registered before the server's: runs after the server stopped and let go of the replica.
afterAll(async () => {
  await replicaDb?.destroy();
  await replica?.drop();
});

const app = useServer({
  database: 'postgres',
  env: async () => {
    replica = await withPostgresDatabase();
    return { DATABASE_READ_URL: replica.url };
  },
});

beforeAll(async () => {
  // A real replica has the primary's schema by replication; this copy gets it by migrating.
  replicaDb = await createDatabase({ databaseUrl: replica!.url, dataDir: app.server.dataDir });
  await migrateToLatest(replicaDb.db);
});

/** Makes the replica a copy of the primary, table for table (what replication does continuously). */
async function keepInStep(): Promise<void> {
  const primary = new pg.Client({ connectionString: app.server.databaseUrl });
  const copy = new pg.Client({ connectionString: replica!.url });
  await Promise.all([primary.connect(), copy.connect()]);
  try {
    const tables = (
      await primary.query<{ name: string }>(
        `select table_name as name from information_schema.tables
          where table_schema = 'public' and table_type = 'BASE TABLE' and table_name not like 'kysely_%'`,
      )
    ).rows.map((r) => `"${r.name}"`);
    await copy.query('begin');
    // As a replication apply does: no triggers, so no reference waits for its table's turn.
    await copy.query('set local session_replication_role = replica');
    await copy.query(`truncate ${tables.join(', ')}`);
    for (const table of tables) {
      const { rows } = await primary.query<{ rows: unknown }>(
        `select coalesce(json_agg(t), '[]'::json) as rows from ${table} t`,
      );
      await copy.query(
        `insert into ${table} select * from json_populate_recordset(null::${table}, $1::json)`,
        [JSON.stringify(rows[0]!.rows)],
      );
    }
    await copy.query('commit');
  } finally {
    await Promise.all([primary.end(), copy.end()]);
  }
}

describe('the member search on a read replica', () => {
  it('shows what the replica holds, and keeps the searcher’s filters on the primary', async () => {
    const seeker = await app.make.loggedIn({ name: 'Seeker', country: 'QR' });
    const shown = await app.make.member({ country: 'QR', name: 'Replicaqr' });
    const search = async () => {
      const res = await app.request('/api/members.php?country=QR', {
        host: DEMO.amber.host,
        headers: { cookie: seeker.cookie },
      });
      expect(res.status, res.body).toBe(200);
      return res.json<{ results: { id: string; name: string }[] }>().results;
    };

    // Not replicated yet: the primary has the profile, the search does not see it.
    expect(await search()).toEqual([]);
    const kept = await app.db
      .selectFrom('search_filters')
      .select('member_id')
      .where('member_id', '=', seeker.memberId)
      .execute();
    expect(kept).toHaveLength(1);

    await keepInStep();
    expect((await search()).map((card) => [card.id, card.name])).toEqual([[shown.profileId, 'Replicaqr']]);

    // A change only the replica has shows: the rows come from there.
    await replicaDb!.db
      .updateTable('profiles')
      .set({ name: 'Fromreplica' })
      .where('id', '=', shown.profileId)
      .execute();
    expect((await search()).map((card) => card.name)).toEqual(['Fromreplica']);
  });
});
