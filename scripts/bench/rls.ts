/**
 * What PostgreSQL's row-level security (migration 0039) costs the member requests
 * (`node scripts/bench/rls.ts [--size 200000] [--iterations 2000]`): the same service calls on
 * the same generated network (scripts/bench/search.ts's generator), once through a superuser's
 * connection, which no policy restricts (RLS off), and once as the app serves them, through a
 * role that owns nothing and a handle bound to the network (RLS on: the policies' condition on
 * every row, and the binding kept on the pooled connections). The two run in alternating rounds,
 * so a change of the machine's load falls on both.
 *
 * Measured: the session lookup every member page starts with (`quietSessionMember`) and the
 * member search's three cases (`searchMembers`: first page, first page with a country, a deep
 * page). The database `kindred_bench_rls_<size>` and the role `kindred_bench_rls_app` are kept
 * for the next run.
 */
import { cpus, loadavg } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { PG_ADMIN } from './postgres.ts';
import { sql, type Kysely } from 'kysely';
import { createDatabase } from '../../src/db/client.ts';
import type { Database } from '../../src/db/database.ts';
import { migrateToLatest } from '../../src/db/migrate.ts';
import { quietSessionMember } from '../../src/features/accounts/accounts.session.service.ts';
import { searchMembers, searchQuerySchema } from '../../src/features/discovery/index.ts';
import { withheldSites, type ServiceContext } from '../../src/server/context.ts';
import { TenantRegistry } from '../../src/tenancy/registry.ts';
import { cases, generatePostgres, VIEWER, viewerSession } from './search.ts';
import { percentile, timeRuns } from './stats.ts';

const ROOT = resolve(import.meta.dirname, '..', '..');
const APP_ROLE = 'kindred_bench_rls_app';

const { values } = parseArgs({
  options: {
    size: { type: 'string', default: '200000' },
    iterations: { type: 'string', default: '2000' },
    rounds: { type: 'string', default: '4' },
  },
});
const size = Number(values.size);
const iterations = Number(values.iterations);
const rounds = Number(values.rounds);

const name = `kindred_bench_rls_${size}`;
const urlAs = (user: string, password?: string) => {
  const url = new URL(PG_ADMIN);
  url.pathname = `/${name}`;
  url.username = user;
  if (password !== undefined) url.password = password;
  return url.toString();
};
const adminUrl = urlAs(new URL(PG_ADMIN).username || 'postgres');
const password = 'bench';

const admin = new pg.Client({ connectionString: PG_ADMIN });
await admin.connect();
const exists = (await admin.query('select 1 from pg_database where datname = $1', [name])).rowCount;
if (!exists) await admin.query(`create database "${name}"`);
const role = (await admin.query('select 1 from pg_roles where rolname = $1', [APP_ROLE])).rowCount;
if (!role) await admin.query(`create role ${APP_ROLE} login password '${password}'`);
await admin.end();

const off = await createDatabase({ databaseUrl: adminUrl, dataDir: '' });
await migrateToLatest(off.db);
const now = Date.now();
const count = await off.db
  .selectFrom('profiles')
  .select((eb) => eb.fn.countAll<number>().as('n'))
  .executeTakeFirstOrThrow();
if (Number(count.n) < size) {
  await off.db.deleteFrom('photos').execute();
  await off.db.deleteFrom('profiles').execute();
  await off.db.deleteFrom('members').execute();
  const started = performance.now();
  await generatePostgres(adminUrl, size, now);
  console.log(`generated ${size} profiles in ${((performance.now() - started) / 1000).toFixed(1)} s`);
}
for (const statement of [
  `grant select, insert, update, delete on all tables in schema public to ${APP_ROLE}`,
  `grant usage, select on all sequences in schema public to ${APP_ROLE}`,
]) {
  await sql.raw(statement).execute(off.db);
}
const app = await createDatabase({ databaseUrl: urlAs(APP_ROLE, password), dataDir: '' });

const registry = TenantRegistry.load(
  { tenantsDir: join(ROOT, 'tenants'), nichesDir: join(ROOT, 'niches'), themesDir: join(ROOT, 'themes') },
  { info: () => {}, warn: () => {}, error: () => {} } as never,
);
const site = registry.snapshot.sites.get('localhost')!;
const contextOf = (db: Kysely<Database>) =>
  ({
    site,
    network: site.network,
    withheldSites: withheldSites(registry.sitesOfNetwork(site.network), site),
    clock: { now: () => Date.now() },
    db,
  }) as unknown as ServiceContext;
const rlsOff = off.db;
const rlsOn = app.bound({ networks: [site.network] });
const cookie = await viewerSession(rlsOn);
const viewer = { kind: 'member' as const, memberId: VIEWER, profileId: VIEWER, remember: true };

const calls: Array<{ name: string; run: (db: Kysely<Database>) => Promise<unknown> }> = [
  {
    name: 'session lookup (every member page)',
    run: async (db) => {
      const member = await quietSessionMember(db, site, { scheme: 'http', cookie, now: Date.now() });
      if (!member) throw new Error('the session was not found');
    },
  },
  ...cases(now).map((search) => {
    const input = searchQuerySchema.parse(search.query);
    return {
      name: `search: ${search.name}`,
      run: (db: Kysely<Database>) => searchMembers(contextOf(db), viewer, input),
    };
  }),
];

console.log(
  `\n## Row-level security (${size.toLocaleString('en')} profiles; ${new Date().toISOString()}; load ${loadavg()
    .map((l) => l.toFixed(2))
    .join(' ')} on ${cpus().length} cores; ${rounds} rounds of ${iterations / rounds} calls each way)\n`,
);
console.log('| call | RLS off p50 / p99 (ms) | RLS on p50 / p99 (ms) | p50 cost |');
console.log('|---|---|---|---|');
for (const call of calls) {
  // Warm both (plans, pooled connections, the binding set once per connection).
  await timeRuns(() => call.run(rlsOff), 50);
  await timeRuns(() => call.run(rlsOn), 50);
  const a: number[] = [];
  const b: number[] = [];
  for (let r = 0; r < rounds; r++) {
    a.push(...(await timeRuns(() => call.run(rlsOff), iterations / rounds)));
    b.push(...(await timeRuns(() => call.run(rlsOn), iterations / rounds)));
  }
  const [a50, a99, b50, b99] = [percentile(a, 50), percentile(a, 99), percentile(b, 50), percentile(b, 99)];
  console.log(
    `| ${call.name} | ${a50.toFixed(3)} / ${a99.toFixed(3)} | ${b50.toFixed(3)} / ${b99.toFixed(3)} | ` +
      `${(((b50 - a50) / a50) * 100).toFixed(1)} % |`,
  );
}
await app.destroy();
await off.destroy();
