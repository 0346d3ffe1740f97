import { execFile as execFileCb, execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';

/*
 * A throwaway PostgreSQL database per test file. The machine's server is used when one
 * answers on 127.0.0.1:5432 with trust auth (as on CI); otherwise a private cluster is
 * initialised from Debian's binaries in a temporary folder and stopped when its last database
 * is dropped. `KINDRED_TEST_POSTGRES_URL` (an admin URL, e.g. postgres://postgres@host:5432/postgres)
 * points at another server; `KINDRED_TEST_POSTGRES=private` always starts a private cluster.
 */

const execFile = promisify(execFileCb);

interface Server {
  host: string;
  port: number;
  user: string;
  password?: string;
  /** Present when this process started the server itself. */
  cluster?: { dataDir: string; bin: string };
}

export interface TestPostgresDatabase {
  /** postgres://… of the new, empty database. */
  url: string;
  /** Drops the database (and stops a private cluster once nothing uses it). */
  drop(): Promise<void>;
}

/** `url` is a superuser's, which no row-level security restricts: for the test's own reads. */
export interface TestPostgresRoles extends TestPostgresDatabase {
  /** postgres://… as the role that owns the database and its tables (DATABASE_MIGRATE_URL). */
  ownerUrl: string;
  /** postgres://… as a role that owns nothing, as the app connects (DATABASE_URL). */
  appUrl: string;
  /** The two roles' names. */
  owner: string;
  app: string;
}

let serverPromise: Promise<Server> | undefined;
let liveDatabases = 0;

/**
 * A throwaway database owned by a role of its own, and a second role that owns nothing: the
 * roles of a deployment with row-level security (docs/operators.md "PostgreSQL roles"). Roles
 * belong to the whole server, so their names carry the database's; both are dropped with it.
 */
export async function withPostgresRoles(): Promise<TestPostgresRoles> {
  const server = await testServer();
  const name = databaseName();
  const owner = `${name}_owner`;
  const app = `${name}_app`;
  const password = randomBytes(12).toString('hex');
  await withAdmin(server, async (client) => {
    await client.query(`create role "${owner}" login password '${password}'`);
    await client.query(`create role "${app}" login password '${password}'`);
    await client.query(`create database "${name}" owner "${owner}"`);
  });
  const database = track(server, name, async (client) => {
    await client.query(`drop role if exists "${app}"`);
    await client.query(`drop role if exists "${owner}"`);
  });
  const as = (role: string) => urlOf({ ...server, user: role, password }, name);
  return { ...database, ownerUrl: as(owner), appUrl: as(app), owner, app };
}

export async function withPostgresDatabase(): Promise<TestPostgresDatabase> {
  const server = await testServer();
  const name = databaseName();
  await withAdmin(server, (client) => client.query(`create database "${name}"`));
  return track(server, name);
}

async function testServer(): Promise<Server> {
  serverPromise ??= findOrStartServer();
  let server: Server;
  try {
    server = await serverPromise;
  } catch (error) {
    serverPromise = undefined;
    throw error;
  }
  return server;
}

/** Unique across parallel test workers and repeated runs; lower case needs no quoting rules. */
function databaseName(): string {
  return `kindred_test_${process.pid}_${randomBytes(4).toString('hex')}`;
}

/** The database `name`, counted as live until dropped; `after` runs once it is gone. */
function track(
  server: Server,
  name: string,
  after?: (client: pg.Client) => Promise<unknown>,
): TestPostgresDatabase {
  liveDatabases += 1;
  let dropped = false;
  return {
    url: urlOf(server, name),
    async drop() {
      if (dropped) return;
      dropped = true;
      liveDatabases -= 1;
      await withAdmin(server, async (client) => {
        await dropDatabase(client, name);
        await after?.(client);
      });
      if (liveDatabases === 0 && server.cluster) {
        serverPromise = undefined;
        await stopCluster(server.cluster);
      }
    },
  };
}

function urlOf(server: Server, database: string): string {
  const auth = server.password
    ? `${encodeURIComponent(server.user)}:${encodeURIComponent(server.password)}`
    : encodeURIComponent(server.user);
  return `postgres://${auth}@${server.host}:${server.port}/${database}`;
}

async function withAdmin<T>(server: Server, fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: urlOf(server, 'postgres') });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

async function dropDatabase(client: pg.Client, name: string): Promise<void> {
  // A pool's `end()` resolves before its connections have closed: ending one of them by force
  // would reach its client as an error with no listener left, which fails the whole run. So the
  // drop waits a little for connections that are closing.
  for (let waited = 0; waited < 3_000; waited += 50) {
    const { rows } = await client.query<{ n: number }>(
      'select count(*)::int as n from pg_stat_activity where datname = $1',
      [name],
    );
    if (rows[0]!.n === 0) break;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  try {
    // FORCE (PostgreSQL 13+) ends connections a test forgot to close.
    await client.query(`drop database if exists "${name}" with (force)`);
  } catch {
    await client.query(`drop database if exists "${name}"`);
  }
}

async function answers(server: Server): Promise<boolean> {
  const client = new pg.Client({
    connectionString: urlOf(server, 'postgres'),
    connectionTimeoutMillis: 2000,
  });
  // A refused connection also emits 'error'; without a listener it would crash the worker.
  client.on('error', () => {});
  try {
    await client.connect();
    await client.query('select 1');
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => {});
  }
}

async function findOrStartServer(): Promise<Server> {
  const override = process.env['KINDRED_TEST_POSTGRES_URL'];
  if (override) {
    const u = new URL(override);
    const server: Server = {
      host: u.hostname,
      port: Number(u.port || 5432),
      user: decodeURIComponent(u.username || 'postgres'),
      ...(u.password ? { password: decodeURIComponent(u.password) } : {}),
    };
    if (!(await answers(server))) {
      throw new Error(`KINDRED_TEST_POSTGRES_URL does not answer: ${u.host}`);
    }
    return server;
  }
  if (process.env['KINDRED_TEST_POSTGRES'] === 'private') return startCluster();
  for (const user of ['postgres', 'root']) {
    const server: Server = { host: '127.0.0.1', port: 5432, user };
    if (await answers(server)) return server;
  }
  return startCluster();
}

/**
 * Whether `withPostgresDatabase` can give a database here: a server answers, or Debian's binaries
 * are there to start one. For tests that skip, with a reason, where PostgreSQL is missing.
 */
export async function postgresAvailable(): Promise<boolean> {
  if (process.env['KINDRED_TEST_POSTGRES_URL']) return true;
  try {
    findBinaries();
    return true;
  } catch {
    for (const user of ['postgres', 'root']) {
      if (await answers({ host: '127.0.0.1', port: 5432, user })) return true;
    }
    return false;
  }
}

function findBinaries(): string {
  const base = '/usr/lib/postgresql';
  const versions = existsSync(base)
    ? readdirSync(base)
        .filter((v) => existsSync(join(base, v, 'bin', 'initdb')))
        .sort((a, b) => Number(b) - Number(a))
    : [];
  const newest = versions[0];
  if (newest === undefined) {
    throw new Error(
      'No PostgreSQL answers on 127.0.0.1:5432 and no server binaries were found in ' +
        `${base}/*/bin. Install Debian's package (apt-get install postgresql) or start a ` +
        'server with trust authentication for the user postgres.',
    );
  }
  return join(base, newest, 'bin');
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => {
        if (address && typeof address === 'object') resolve(address.port);
        else reject(new Error('no free port'));
      });
    });
  });
}

/** PostgreSQL refuses to run as root: as root, run its tools as the `postgres` system user. */
function asServerUser(command: string, args: string[]): [string, string[]] {
  if (process.getuid?.() !== 0) return [command, args];
  return ['runuser', ['-u', 'postgres', '--', command, ...args]];
}

async function run(command: string, args: string[]): Promise<void> {
  const [file, argv] = asServerUser(command, args);
  try {
    await execFile(file, argv, { timeout: 120_000 });
  } catch (error) {
    const e = error as Error & { stderr?: string; stdout?: string };
    throw new Error(`${command} failed: ${e.stderr || e.stdout || e.message}`, { cause: error });
  }
}

async function startCluster(): Promise<Server> {
  const bin = findBinaries();
  const dataDir = mkdtempSync(join(tmpdir(), 'kindred-pg-'));
  if (process.getuid?.() === 0) {
    let uid: number;
    let gid: number;
    try {
      uid = Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).trim());
      gid = Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' }).trim());
    } catch {
      throw new Error(
        'Starting a private PostgreSQL as root needs the `postgres` system user, which ' +
          "Debian's postgresql package creates.",
      );
    }
    chownSync(dataDir, uid, gid);
  }
  const cluster = { dataDir, bin };
  const port = await freePort();
  try {
    await run(join(bin, 'initdb'), [
      '-D',
      dataDir,
      '-U',
      'postgres',
      '-A',
      'trust',
      '-E',
      'UTF8',
      '--no-sync',
    ]);
    await run(join(bin, 'pg_ctl'), [
      '-D',
      dataDir,
      '-w',
      '-l',
      join(dataDir, 'server.log'),
      '-o',
      // Sockets in the data folder: the system's socket folder may be missing or not ours.
      `-p ${port} -k ${dataDir} -c listen_addresses=127.0.0.1 -c fsync=off`,
      'start',
    ]);
  } catch (error) {
    rmSync(dataDir, { recursive: true, force: true });
    throw error;
  }
  stopOnExit(cluster);
  return { host: '127.0.0.1', port, user: 'postgres', cluster };
}

const exitHooks = new Set<string>();

/** A test run that crashes before dropping its databases still leaves no server running. */
function stopOnExit(cluster: { dataDir: string; bin: string }): void {
  if (exitHooks.has(cluster.dataDir)) return;
  exitHooks.add(cluster.dataDir);
  process.once('exit', () => {
    if (!existsSync(cluster.dataDir)) return;
    try {
      const [file, argv] = asServerUser(join(cluster.bin, 'pg_ctl'), [
        '-D',
        cluster.dataDir,
        '-m',
        'immediate',
        'stop',
      ]);
      execFileSync(file, argv, { stdio: 'ignore' });
    } catch {
      // Already stopped.
    }
    rmSync(cluster.dataDir, { recursive: true, force: true });
  });
}

async function stopCluster(cluster: { dataDir: string; bin: string }): Promise<void> {
  try {
    await run(join(cluster.bin, 'pg_ctl'), ['-D', cluster.dataDir, '-m', 'fast', '-w', 'stop']);
  } finally {
    rmSync(cluster.dataDir, { recursive: true, force: true });
  }
}
