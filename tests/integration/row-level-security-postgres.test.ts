import { sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDatabase, type DatabaseHandle } from '../../src/db/client.ts';
import type { Database } from '../../src/db/database.ts';
import { migrateForApp } from '../../src/db/migrate.ts';
import { factories, type TestMember } from '../support/factories.ts';
import { withPostgresRoles, type TestPostgresRoles } from '../support/postgres.ts';
import { DEMO } from '../support/server.ts';
import { useServer } from '../support/use-server.ts';
import { expectLoggedIn } from '../support/visitor.ts';

/*
 * Row-level security (migration 0039, docs/operators.md "PostgreSQL roles"): the app connects as
 * a role that owns no table, and PostgreSQL itself shows a connection only the rows of the
 * networks it is bound to. A query that forgets its network reads nothing and writes nothing.
 */

let roles: TestPostgresRoles;
/** As the app connects: the role that owns nothing. */
let app: DatabaseHandle;
/** A superuser, whom row-level security does not restrict: the rows as they are. */
let admin: DatabaseHandle;
let amberMember: TestMember;
let curvyMember: TestMember;

const AMBER = DEMO.amber.network;
const CURVY = DEMO.curvy.network;

beforeAll(async () => {
  roles = await withPostgresRoles();
  app = await createDatabase({ databaseUrl: roles.appUrl, dataDir: '' });
  // As the server starts: the owner migrates and grants the app's role its use of the tables.
  await migrateForApp(app.db, { migrateUrl: roles.ownerUrl, dataDir: '' });
  admin = await createDatabase({ databaseUrl: roles.url, dataDir: '' });
  // Made through the bound handles: each network writes its own rows.
  amberMember = await factories(app.bound({ networks: [AMBER] })).member({ site: DEMO.amber });
  curvyMember = await factories(app.bound({ networks: [CURVY] })).member({ site: DEMO.curvy });
}, 60_000);

afterAll(async () => {
  await app?.destroy();
  await admin?.destroy();
  await roles?.drop();
});

const memberIds = async (db: Kysely<Database>) =>
  (await db.selectFrom('members').select('id').orderBy('id').execute()).map((r) => r.id);

describe('row-level security (PostgreSQL)', () => {
  it('knows which roles it binds: the jobs run per network only under those', () => {
    expect(app.rowSecurity).toBe(true);
    // A superuser sees every network through any handle: a run for one network would meet the
    // others' rows without their sites (src/server/platform.ts runs the jobs once then).
    expect(admin.rowSecurity).toBe(false);
  });

  it('has the rows of both networks in the database', async () => {
    expect(await memberIds(admin.db)).toEqual([amberMember.memberId, curvyMember.memberId].sort());
  });

  it('reads nothing through a query that names no network', async () => {
    expect(await memberIds(app.db)).toEqual([]);
    expect(await app.db.selectFrom('profiles').select('id').execute()).toEqual([]);
    expect(await app.db.selectFrom('sessions').select('id').execute()).toEqual([]);
  });

  it("reads its own network's rows only, however the query is written", async () => {
    expect(await memberIds(app.bound({ networks: [AMBER] }))).toEqual([amberMember.memberId]);
    expect(await memberIds(app.bound({ networks: [CURVY] }))).toEqual([curvyMember.memberId]);
    // Asking for the other network's row by its id: still nothing.
    const other = await app
      .bound({ networks: [AMBER] })
      .selectFrom('members')
      .select('id')
      .where('id', '=', curvyMember.memberId)
      .execute();
    expect(other).toEqual([]);
  });

  it("cannot write another network's rows", async () => {
    const amber = app.bound({ networks: [AMBER] });
    const changed = await amber
      .updateTable('members')
      .set({ email: 'taken@example.org' })
      .where('id', '=', curvyMember.memberId)
      .executeTakeFirst();
    expect(changed.numUpdatedRows).toBe(0n);
    const deleted = await amber.deleteFrom('sessions').where('network_id', '=', CURVY).executeTakeFirst();
    expect(deleted.numDeletedRows).toBe(0n);
    // A row stamped with another network is refused outright, and so is one without a binding.
    await expect(factories(amber).member({ site: DEMO.curvy })).rejects.toThrow(/row-level security/);
    await expect(factories(app.db).member({ site: DEMO.amber })).rejects.toThrow(/row-level security/);
    expect(await memberIds(admin.db)).toEqual([amberMember.memberId, curvyMember.memberId].sort());
  });

  it('leaves no binding behind on a pooled connection', async () => {
    // One connection in turn for each handle: the pool hands the same idle client back.
    for (let i = 0; i < 3; i++) {
      expect(await memberIds(app.bound({ networks: [AMBER] }))).toEqual([amberMember.memberId]);
      expect(await memberIds(app.db)).toEqual([]);
      await app
        .bound({ networks: [CURVY] })
        .transaction()
        .execute(async (trx) => {
          expect(await memberIds(trx)).toEqual([curvyMember.memberId]);
        });
      expect(await memberIds(app.db)).toEqual([]);
    }
  });

  it('shows the console only the networks it is bound to, and staff rows only in its scope', async () => {
    const both = app.bound({ networks: [AMBER, CURVY], scope: 'console' });
    expect(await memberIds(both)).toEqual([amberMember.memberId, curvyMember.memberId].sort());
    await admin.db
      .insertInto('staff')
      .values({
        id: 'staff-1',
        email: 'staff@example.org',
        password_hash: 'x',
        totp_secret: 'x',
        created_at: 1,
      })
      .execute();
    expect(await both.selectFrom('staff').select('id').execute()).toEqual([{ id: 'staff-1' }]);
    // A member request's handle has no scope: the console's accounts are not its business.
    expect(
      await app
        .bound({ networks: [AMBER] })
        .selectFrom('staff')
        .select('id')
        .execute(),
    ).toEqual([]);
    expect(await app.db.selectFrom('staff').select('id').execute()).toEqual([]);
  });

  it('keeps every table with a network_id under forced row-level security', async () => {
    const { rows } = await sql<{ table: string; enabled: boolean; forced: boolean }>`
      select c.relname as "table", c.relrowsecurity as enabled, c.relforcerowsecurity as forced
      from information_schema.columns col
      join pg_class c on c.relname = col.table_name and c.relkind = 'r'
      join pg_namespace n on n.oid = c.relnamespace and n.nspname = col.table_schema
      where col.table_schema = 'public' and col.column_name = 'network_id'
      order by 1`.execute(admin.db);
    expect(rows.length).toBeGreaterThan(40);
    expect(rows.filter((r) => !r.enabled || !r.forced).map((r) => r.table)).toEqual([]);
  });

  it("gives the app's role no power over the tables themselves", async () => {
    const refused = /must be owner|permission denied/;
    await expect(sql`alter table members disable row level security`.execute(app.db)).rejects.toThrow(
      refused,
    );
    await expect(sql`alter table members no force row level security`.execute(app.db)).rejects.toThrow(
      refused,
    );
    await expect(sql`drop policy kindred_rows on members`.execute(app.db)).rejects.toThrow(refused);
    await expect(sql`alter table members add column x text`.execute(app.db)).rejects.toThrow(refused);
    await expect(sql`drop table members`.execute(app.db)).rejects.toThrow(refused);
    await expect(sql`create table mine (id text)`.execute(app.db)).rejects.toThrow(refused);
    await expect(sql`select * from kysely_migration`.execute(app.db)).rejects.toThrow(refused);
    const { rows } = await sql<{ bypass: boolean; superuser: boolean }>`
      select rolbypassrls as bypass, rolsuper as superuser from pg_roles where rolname = current_user`.execute(
      app.db,
    );
    expect(rows).toEqual([{ bypass: false, superuser: false }]);
  });
});

/* The built server as deployed: migrating as the owner, serving as the app's role. */
const server = useServer({ database: 'postgres' });

describe('a server under row-level security', () => {
  it("serves a member's pages on its network", async () => {
    const member = await server.make.loggedIn({ site: DEMO.curvy });
    await expectLoggedIn(server.server, DEMO.curvy.host, member);
  });

  it("does not let a session of one network in on another network's site", async () => {
    const member = await server.make.loggedIn({ site: DEMO.curvy });
    const res = await server.request('/api/user.php', {
      host: DEMO.amber.host,
      headers: { cookie: member.cookie, 'x-client-request': '1' },
    });
    expect(res.json<{ user: unknown }>().user ?? null).toBeNull();
  });
});
