import { sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDatabase, type DatabaseHandle } from '../../db/client.ts';
import type { Database } from '../../db/database.ts';
import { migrateToLatest } from '../../db/migrate.ts';
import { testMember } from '../../../tests/support/rows.ts';
import { withPostgresDatabase, type TestPostgresDatabase } from '../../../tests/support/postgres.ts';
import { saveFilters } from './discovery.repository.ts';

/* Keeping a member's last filters, on both databases: written when they change, untouched otherwise. */

const saved = (db: Kysely<Database>) =>
  db.selectFrom('search_filters').select(['filters', 'updated_at']).where('member_id', '=', 'm1').execute();

for (const dialect of ['sqlite', 'postgres'] as const) {
  describe(`saveFilters (${dialect})`, () => {
    let handle: DatabaseHandle;
    let postgres: TestPostgresDatabase | undefined;
    beforeAll(async () => {
      postgres = dialect === 'postgres' ? await withPostgresDatabase() : undefined;
      handle = await createDatabase({ databaseUrl: postgres?.url ?? 'sqlite::memory:', dataDir: '.' });
      await migrateToLatest(handle.db);
      await handle.db
        .insertInto('members')
        .values(testMember({ id: 'm1', network_id: 'n1', site_id: 's1', email: 'm1@example.invalid' }))
        .execute();
    });
    afterAll(async () => {
      await handle.destroy();
      await postgres?.drop();
    });

    it('writes new filters, leaves unchanged ones as they are, and replaces changed ones', async () => {
      const db = handle.db;
      await saveFilters(db, 'n1', 'm1', '{"gender":"female"}', 10);
      expect(await saved(db)).toEqual([{ filters: '{"gender":"female"}', updated_at: 10 }]);
      await saveFilters(db, 'n1', 'm1', '{"gender":"female"}', 20);
      expect(await saved(db)).toEqual([{ filters: '{"gender":"female"}', updated_at: 10 }]);
      await saveFilters(db, 'n1', 'm1', '{"gender":"male"}', 30);
      expect(await saved(db)).toEqual([{ filters: '{"gender":"male"}', updated_at: 30 }]);
    });

    if (dialect === 'postgres')
      it('neither locks nor writes anything for unchanged filters (no transaction id, no commit to wait for)', async () => {
        await saveFilters(handle.db, 'n1', 'm1', '{"country":"NL"}', 40);
        const [unchanged, changed] = await handle.db.transaction().execute(async (trx) => {
          await saveFilters(trx, 'n1', 'm1', '{"country":"NL"}', 50);
          const before = await sql<{ xid: string | null }>`select txid_current_if_assigned() as xid`.execute(
            trx,
          );
          await saveFilters(trx, 'n1', 'm1', '{"country":"DE"}', 60);
          const after = await sql<{ xid: string | null }>`select txid_current_if_assigned() as xid`.execute(
            trx,
          );
          return [before.rows[0]!.xid, after.rows[0]!.xid];
        });
        expect(unchanged).toBeNull();
        expect(changed).not.toBeNull();
        expect(await saved(handle.db)).toEqual([{ filters: '{"country":"DE"}', updated_at: 60 }]);
      });
  });
}
