/**
 * One server per test file, set up the same way everywhere: `useServer()` at the top of a file
 * (or of a `describe`) starts the built server before the tests, opens its database for the
 * factories and the inspection helpers, and stops both afterwards.
 *
 *   const app = useServer({ clock: true, trustProxy: true });
 *   it('…', async () => {
 *     const member = await app.make.loggedIn();
 *     const res = await app.request('/api/user.php', { headers: { cookie: member.cookie } });
 *     expect(await app.inspect.count('sessions', { member_id: member.memberId })).toBe(1);
 *   });
 *
 * The returned object is read inside hooks and tests (after `beforeAll` ran), never at the top
 * level of the file.
 */
import { afterAll, beforeAll } from 'vitest';
import type { Kysely } from 'kysely';
import type { Database } from '../../src/db/database.ts';
import { inspector, openTestDatabase, type Inspect, type TestDatabase } from './database.ts';
import { factories, type Factories } from './factories.ts';
import { createDatabase } from '../../src/db/client.ts';
import { migrateToLatest } from '../../src/db/migrate.ts';
import { withPostgresRoles, type TestPostgresDatabase } from './postgres.ts';

import {
  startServer,
  tenantsFolder,
  type RequestOptions,
  type StartOptions,
  type TenantsFolder,
  type TestResponse,
  type TestServer,
} from './server.ts';
import { setClockOffset, Visitor } from './visitor.ts';

export interface UseServerOptions {
  /**
   * Tenant files written into a private copy of `tenants/` before the server starts, each as
   * `<id>.json` (a file of that name is replaced).
   */
  sites?: readonly ({ id: string } & Record<string, unknown>)[];
  /** Serve a private copy of `tenants/` that the tests change through `tenants` (implied by `sites`). */
  privateTenants?: boolean;
  /** The server's clock follows `setClock()` (KINDRED_TEST_CLOCK; the account jobs run often). */
  clock?: boolean;
  /** Believe X-Forwarded-For, so each visitor can come from an address of its own. */
  trustProxy?: boolean;
  /** `sqlite` (default: the file in DATA_DIR) or a fresh PostgreSQL database, dropped after. */
  database?: 'sqlite' | 'postgres';
  /** Seed this many demo members before the server starts. */
  seedSize?: number;
  /** More environment; a function is called in `beforeAll` (e.g. for a port chosen then). */
  env?: Record<string, string> | (() => Promise<Record<string, string>> | Record<string, string>);
  /** Time for starting the server (default 120 s, 240 s when seeding). */
  timeoutMs?: number;
}

export interface ServerUnderTest {
  readonly server: TestServer;
  /** The private tenants folder (`sites` or `privateTenants`). */
  readonly tenants: TenantsFolder;
  /** The server's database, for what factories and `inspect` do not cover. */
  readonly db: Kysely<Database>;
  readonly dialect: TestDatabase['dialect'];
  readonly make: Factories;
  readonly inspect: Inspect;
  /** A request to the server (Host `localhost` unless `options.host` says otherwise). */
  request(path: string, options?: RequestOptions): Promise<TestResponse>;
  /** A browser-like visitor of `host` with an address of its own. */
  visitor(host?: string, ip?: string): Visitor;
  /** Moves the server's clock to `offsetMs` after the real time (needs `clock`). */
  setClock(offsetMs: number): void;
  /** Runs `act` with the clock moved by `offsetMs`, then puts it back (`clockBack`). */
  withClock<T>(offsetMs: number, act: () => Promise<T>): Promise<T>;
  /**
   * Puts the clock back and resolves once no job still runs on the moved one (`jobsRunAgain`): a
   * run begun under the moved clock acts on its "now" to its end, and a purge of the sessions
   * that end before it took the next test's new sessions.
   */
  clockBack(): Promise<void>;
  /**
   * Resolves once every periodic job (or each of `names`) has run a whole run that started after
   * this call (a run records its start in its lease when it ends; under `clock` the jobs run
   * every 500 ms): a run begun before it is over then.
   */
  jobsRunAgain(names?: readonly string[], timeoutMs?: number): Promise<void>;
  /**
   * Stops the server and starts another with the same options: the same PostgreSQL database,
   * and the same private tenants folder (whose `data/` keeps the SQLite file; without one, a
   * SQLite server starts empty).
   */
  restart(): Promise<void>;
}

export function useServer(options: UseServerOptions = {}): ServerUnderTest {
  let server: TestServer | undefined;
  let tenants: TenantsFolder | undefined;
  let postgres: TestPostgresDatabase | undefined;
  let database: TestDatabase | undefined;
  let startOptions: StartOptions | undefined;
  let make: Factories | undefined;
  let inspect: Inspect | undefined;

  const ready = <T>(value: T | undefined, what: string): T => {
    if (value === undefined)
      throw new Error(`useServer: no ${what} (read it in a hook or a test, after beforeAll)`);
    return value;
  };

  const open = async (started: TestServer) => {
    database = await openTestDatabase(started);
    make = factories(database.db);
    inspect = inspector(database.db);
  };

  beforeAll(
    async () => {
      const env: Record<string, string> = {
        ...(options.clock ? { KINDRED_TEST_CLOCK: '1' } : {}),
        ...(options.trustProxy ? { TRUST_PROXY: '1' } : {}),
        ...(typeof options.env === 'function' ? await options.env() : options.env),
      };
      let adminDatabaseUrl: string | undefined;
      if (options.database === 'postgres') {
        // As deployed: the server migrates as the tables' owner and serves as a role that owns
        // nothing, under row-level security; the test reads and writes as a superuser.
        const roles = await withPostgresRoles();
        postgres = roles;
        env.DATABASE_URL = roles.appUrl;
        env.DATABASE_MIGRATE_URL = roles.ownerUrl;
        adminDatabaseUrl = roles.url;
        // Seeding (as the superuser) would otherwise make the tables and own them itself.
        if (options.seedSize) await migrateAs(roles.ownerUrl);
      }
      if (options.sites || options.privateTenants) {
        tenants = tenantsFolder();
        for (const site of options.sites ?? []) tenants.write(`${site.id}.json`, site);
      }
      startOptions = {
        env,
        ...(tenants ? { tenants } : {}),
        ...(options.seedSize ? { seedSize: options.seedSize } : {}),
        ...(adminDatabaseUrl ? { adminDatabaseUrl } : {}),
      };
      server = await startServer(startOptions);
      await open(server);
    },
    options.timeoutMs ?? (options.seedSize ? 240_000 : 120_000),
  );

  afterAll(async () => {
    await database?.close();
    await server?.stop();
    tenants?.remove();
    await postgres?.drop();
  });

  const app: ServerUnderTest = {
    get server() {
      return ready(server, 'server');
    },
    get tenants() {
      return ready(tenants, 'private tenants folder (pass sites or privateTenants)');
    },
    get db() {
      return ready(database, 'database').db;
    },
    get dialect() {
      return ready(database, 'database').dialect;
    },
    get make() {
      return ready(make, 'factories');
    },
    get inspect() {
      return ready(inspect, 'database');
    },
    request(path, requestOptions) {
      return app.server.request(path, requestOptions);
    },
    visitor(host, ip) {
      return new Visitor(app.server, host, ip);
    },
    setClock(offsetMs) {
      setClockOffset(app.server, offsetMs);
    },
    async withClock(offsetMs, act) {
      app.setClock(offsetMs);
      try {
        return await act();
      } finally {
        await app.clockBack();
      }
    },
    async clockBack() {
      app.setClock(0);
      await app.jobsRunAgain();
    },
    async jobsRunAgain(names, timeoutMs = 30_000) {
      const since = Date.now();
      const db = ready(database, 'database').db;
      for (;;) {
        const leases = await db.selectFrom('job_leases').select(['name', 'last_run_at']).execute();
        const ranAgain = new Set(
          leases.filter((lease) => Number(lease.last_run_at ?? 0) > since).map((lease) => lease.name),
        );
        const awaited = names ?? leases.map((lease) => lease.name);
        if (awaited.length > 0 && awaited.every((name) => ranAgain.has(name))) return;
        if (Date.now() - since > timeoutMs)
          throw new Error(`the jobs did not all run again within ${timeoutMs} ms`);
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    },
    async restart() {
      await database?.close();
      database = undefined;
      await app.server.stop();
      server = await startServer(ready(startOptions, 'server options'));
      await open(server);
    },
  };
  return app;
}

/** Brings the database to the newest migration as `databaseUrl`'s role (the tables' owner). */
async function migrateAs(databaseUrl: string): Promise<void> {
  const handle = await createDatabase({ databaseUrl, dataDir: '' });
  try {
    await migrateToLatest(handle.db);
  } finally {
    await handle.destroy();
  }
}
