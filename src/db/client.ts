import { LRUCache } from 'lru-cache';
import { mkdirSync } from 'node:fs';
import { dirname, isAbsolute, join, resolve } from 'node:path';
import SQLite from 'better-sqlite3';
import {
  Kysely,
  PostgresDialect,
  SqliteDialect,
  sql,
  type CompiledQuery,
  type LogEvent,
  type PostgresPool,
  type PostgresPoolClient,
  type QueryResult,
  type SqliteDatabase,
} from 'kysely';
import type pg from 'pg';
import { runCompiledDirectly } from './compiled.ts';
import type { Database } from './database.ts';
import { FALLBACK_AUTOCHECKPOINT_PAGES, startCheckpointer } from './sqlite-checkpointer.ts';

export type Dialect = 'sqlite' | 'postgres';

export interface DatabaseHandle {
  /**
   * The unbound database. On PostgreSQL, row-level security (migration 0039) lets it read and
   * write no member row and no staff row: member data goes through `bound`. Close the handle
   * with `destroy()`, not `db.destroy()`: on PostgreSQL the pool is the handle's, shared with the
   * bound handles, and `db`'s own destroy leaves it open (a command then waits for its idle
   * timeout before it exits).
   */
  db: Kysely<Database>;
  dialect: Dialect;
  /**
   * The database as `binding` sees it: on PostgreSQL every statement runs with the binding's
   * networks and scope set on its connection (the one pool is shared); on SQLite, which has no
   * row-level security, simply `db`. Kept per binding, so a caller may ask for it every time.
   */
  bound(binding: Binding): Kysely<Database>;
  /**
   * Whether row-level security binds this connection's role. False on SQLite, and on PostgreSQL
   * for a superuser or a role with BYPASSRLS (an installation may connect so, docs/operators.md):
   * then a bound handle sees every network's rows like the unbound one, and whatever works per
   * network must not count on it to keep the others' rows out.
   */
  rowSecurity: boolean;
  /** Closes the bound handles, `db` and the pool (or the SQLite file): a process's last call. */
  destroy(): Promise<void>;
}

/**
 * Whom a handle works for: one network (a member request, a job's run for one network), or the
 * networks a staff member may see (the console), with a scope for the console's and the jobs'
 * own tables (staff accounts, the audit log).
 */
export interface Binding {
  networks: readonly string[];
  scope?: 'console' | 'system' | undefined;
}

export interface DatabaseOptions {
  /** Empty: SQLite in dataDir. `sqlite:<path>`, `sqlite::memory:`, `postgres://…`. */
  databaseUrl: string;
  dataDir: string;
  /**
   * Called with the SQL of every statement run, through Kysely or directly (compiled.ts), for
   * server/statement-count.ts and the tests that look at which statements ran.
   */
  onStatement?: ((sql: string) => void) | undefined;
  /**
   * SQLite: checkpoint the WAL from a worker thread instead of inside whichever commit crosses
   * the threshold (db/sqlite-checkpointer.ts). The server's database; tools and tests leave it
   * off. `onError` hears of a checkpoint that failed.
   */
  backgroundCheckpoints?: { onError(message: string): void } | undefined;
}

export type DatabaseTarget =
  { dialect: 'sqlite'; filename: string } | { dialect: 'postgres'; connectionString: string };

/** Where DATABASE_URL points, without opening anything (also used to print it safely). */
export function resolveDatabaseTarget(opts: DatabaseOptions): DatabaseTarget {
  const url = opts.databaseUrl.trim();
  if (url === '') {
    return { dialect: 'sqlite', filename: join(resolve(opts.dataDir), 'kindred.sqlite') };
  }
  if (/^postgres(ql)?:\/\//i.test(url)) {
    return { dialect: 'postgres', connectionString: url };
  }
  if (/^sqlite:/i.test(url)) {
    let path = url.slice('sqlite:'.length);
    if (path === ':memory:') return { dialect: 'sqlite', filename: ':memory:' };
    // sqlite:///abs/file and sqlite://rel/file are common spellings of the same thing.
    if (path.startsWith('//')) path = path.slice(2);
    if (path === '') throw new Error('DATABASE_URL "sqlite:" names no file; use sqlite:<path>');
    return { dialect: 'sqlite', filename: isAbsolute(path) ? path : resolve(path) };
  }
  throw new Error(
    `DATABASE_URL must be empty (SQLite in DATA_DIR), sqlite:<path>, sqlite::memory:, ` +
      `postgres:// or postgresql://; got "${redactUrl(url)}"`,
  );
}

/** The URL without its password, for logs and error messages. */
export function redactUrl(url: string): string {
  return url.replace(/^([a-z]+:\/\/[^:/@]+):[^@]*@/i, '$1:***@');
}

export async function createDatabase(opts: DatabaseOptions): Promise<DatabaseHandle> {
  const target = resolveDatabaseTarget(opts);
  const log = opts.onStatement;
  return target.dialect === 'sqlite'
    ? openSqlite(target.filename, log, opts.backgroundCheckpoints)
    : openPostgres(target.connectionString, log);
}

function openSqlite(
  filename: string,
  log: ((sql: string) => void) | undefined,
  backgroundCheckpoints: DatabaseOptions['backgroundCheckpoints'],
): DatabaseHandle {
  if (filename !== ':memory:') mkdirSync(dirname(filename), { recursive: true });
  const database = new SQLite(filename);
  try {
    // WAL lets readers run beside the one writer; NORMAL is durable enough under WAL and
    // much faster; the busy timeout turns a concurrent writer into a short wait, not an error.
    if (filename !== ':memory:') database.pragma('journal_mode = WAL');
    database.pragma('synchronous = NORMAL');
    database.pragma('busy_timeout = 5000');
    // Off by default in SQLite; the schema's cascades and references rely on it.
    database.pragma('foreign_keys = ON');
    if (backgroundCheckpoints && filename !== ':memory:')
      database.pragma(`wal_autocheckpoint = ${FALLBACK_AUTOCHECKPOINT_PAGES}`);
  } catch (error) {
    database.close();
    throw error;
  }
  const checkpointer =
    backgroundCheckpoints && filename !== ':memory:'
      ? startCheckpointer(filename, backgroundCheckpoints.onError)
      : undefined;
  const statements = reusingStatements(database);
  const reads = sharedReads(database);
  const db = new Kysely<Database>({
    // Every statement through Kysely's driver (a write, a transaction, any other read) ends the
    // shared read first: it runs as it did alone, and a read after a write sees it.
    dialect: new SqliteDialect({
      database: {
        prepare(sql) {
          reads.end();
          return statements.prepare(sql);
        },
        close() {
          reads.end();
          statements.close();
        },
      },
    }),
    ...(log && { log: (event: LogEvent) => log(event.query.sql) }),
  });
  runCompiledDirectly(db, {
    inTransaction(query) {
      log?.(query.sql);
      return runStatement(statements, query);
    },
    readWhenFree(query) {
      if (database.inTransaction && !reads.open) return undefined;
      const statement = statements.prepare(query.sql) as unknown as SQLite.Statement;
      if (!statement.reader || !statement.readonly) return undefined;
      reads.begin();
      log?.(query.sql);
      return { rows: statement.all(query.parameters) };
    },
  });
  return {
    db,
    dialect: 'sqlite',
    rowSecurity: false,
    bound: () => db,
    async destroy() {
      await checkpointer?.stop();
      await db.destroy();
      // Kysely closes only a database it has used; close one that never ran a query too.
      if (database.open) database.close();
    },
  };
}

/**
 * One read transaction for the direct reads (`readWhenFree`) of one turn of the event loop.
 * Outside a transaction every statement is a transaction of its own, and on a database in WAL
 * mode each one locks and unlocks its read mark in the shared-memory index and looks at the file
 * again: three system calls, 9 of the 11 µs a primary-key read took alone on the machines
 * measured here (1.8 µs inside a transaction). The reads of one turn (the requests the loop
 * serves between two looks at the network) share one snapshot instead, ended by a `setImmediate`
 * or by the next statement through Kysely's driver, whichever comes first. A read therefore sees
 * the database as of the turn's first read: what this connection wrote is seen at once (its write
 * ended the snapshot), what another connection wrote in the same turn a turn later. A snapshot
 * never outlives a turn, so checkpoints wait for it no longer than for a single read.
 */
function sharedReads(database: SQLite.Database) {
  const begin = database.prepare('BEGIN');
  const commit = database.prepare('COMMIT');
  let open = false;
  const end = () => {
    if (!open) return;
    open = false;
    if (database.inTransaction) commit.run();
  };
  return {
    /** Whether the connection's transaction is the shared read's. */
    get open() {
      return open;
    },
    begin() {
      if (open) return;
      begin.run();
      open = true;
      setImmediate(end);
    },
    end,
  };
}

/** A compiled query on the connection, answered as Kysely's SQLite driver answers it. */
function runStatement(statements: SqliteDatabase, query: CompiledQuery): QueryResult<unknown> {
  const statement = statements.prepare(query.sql);
  if (statement.reader) return { rows: statement.all(query.parameters) };
  const { changes, lastInsertRowid } = statement.run(query.parameters);
  return {
    insertId: lastInsertRowid != null ? BigInt(lastInsertRowid) : undefined,
    numAffectedRows: changes != null ? BigInt(changes) : undefined,
    rows: [],
  };
}

/** At most this many prepared statements are kept (the SQL of `in (?, ?, …)` lists varies). */
const STATEMENT_CACHE_MAX = 500;

/**
 * The database as Kysely's SQLite driver sees it, keeping each prepared statement for the next
 * query with the same SQL. The driver prepares every query anew, and compiling the SQL was the
 * largest single cost of a member request's queries. A statement still stepping through rows
 * (a streamed query) is not shared: a fresh one is prepared beside it.
 */
export function reusingStatements(database: SQLite.Database): SqliteDatabase {
  const statements = new LRUCache<string, SQLite.Statement>({ max: STATEMENT_CACHE_MAX });
  return {
    prepare(sql: string) {
      const known = statements.get(sql);
      if (known && !known.busy) return known;
      const statement = database.prepare(keptAcrossBindings(sql));
      statements.set(sql, statement);
      return statement;
    },
    close() {
      statements.clear();
      database.close();
    },
  };
}

/**
 * The SQL to prepare for a query Kysely compiled, with every `= ?` written `= +?`, and
 * `limit ?` and `offset ?` written `limit +?` and `offset +?`.
 *
 * SQLite (better-sqlite3's build: 3.54 with STAT4) marks a statement to be compiled again
 * whenever certain parameters are bound, to plan with their values:
 * - a column compared with `= ?` in a statement with a join or an ORDER BY: every run of the
 *   session query was a full compile, 120 µs where the lookups take 13, and the discount code
 *   lookup of every credits page 35 µs where it takes 5;
 * - a `limit ?` or `offset ?` (Kysely's `.limit(n)` and `.offset(n)`), in any statement: the
 *   chat list of a member without chats took 110 µs a run, 6.5 µs with the limit kept.
 * A unary plus is a no-op on the value (same value, type and affinity, none), the indexes are
 * used the same way, and the plan stays compiled. Planning with the values gains nothing here:
 * the database keeps no statistics (no ANALYZE), and the one LIKE takes a pattern that starts
 * with `%`. In a statement SQLite would not compile again, the plus changes nothing.
 */
export function keptAcrossBindings(sql: string): string {
  return sql.replace(/ = \?/g, ' = +?').replace(/ (limit|offset) \?/gi, ' $1 +?');
}

const INT8_OID = 20;
const NUMERIC_OID = 1700;

async function openPostgres(
  connectionString: string,
  log: ((sql: string) => void) | undefined,
): Promise<DatabaseHandle> {
  // Loaded only for PostgreSQL: a server on the embedded SQLite never needs the driver.
  const { Pool, types: pgTypes } = (await import('pg')).default;
  const pool = new Pool({
    connectionString,
    max: 10,
    // Per pool rather than pg's global parsers, so no other user of `pg` is affected.
    // bigint (timestamps in ms, count(*)) and numeric (sum()) come back as strings by
    // default; SQLite returns numbers, and both dialects must give the same JS values.
    // Every such value here is an integer well below 2^53.
    types: {
      getTypeParser: ((oid: number, format?: 'text' | 'binary') => {
        if (oid === INT8_OID || oid === NUMERIC_OID) return (value: string) => Number(value);
        return format === undefined ? pgTypes.getTypeParser(oid) : pgTypes.getTypeParser(oid, format);
      }) as typeof pg.types.getTypeParser,
    },
  });
  // An idle client's network error would otherwise crash the process; the next query that
  // needs the connection reports it instead.
  pool.on('error', () => {});
  const kysely = (binding: Binding) =>
    new Kysely<Database>({
      dialect: new PostgresDialect({ pool: boundPool(pool, binding) }),
      ...(log && { log: (event: LogEvent) => log(event.query.sql) }),
    });
  const db = kysely({ networks: [] });
  let rowSecurity: boolean;
  try {
    // Fail at start with the reason, not at the first request.
    const { rows } = await sql<{ exempt: boolean }>`
      select rolsuper or rolbypassrls as exempt from pg_roles where rolname = current_user
    `.execute(db);
    rowSecurity = rows[0]?.exempt === false;
  } catch (error) {
    await db.destroy().catch(() => {});
    throw new Error(
      `Cannot connect to PostgreSQL at ${redactUrl(connectionString)}: ${(error as Error).message}`,
      { cause: error },
    );
  }
  const bound = new Map<string, Kysely<Database>>();
  let destroyed = false;
  return {
    db,
    dialect: 'postgres',
    rowSecurity,
    bound(binding) {
      const key = bindingKey(binding);
      let handle = bound.get(key);
      if (!handle) {
        handle = kysely(binding);
        bound.set(key, handle);
      }
      return handle;
    },
    async destroy() {
      if (destroyed) return;
      destroyed = true;
      // The bound handles share the pool, which their destroy leaves open (boundPool.end).
      await Promise.all([...bound.values()].map((handle) => handle.destroy()));
      await db.destroy();
      await pool.end();
    },
  };
}

/** The values of the settings `kindred.network` and `kindred.scope`, as one key. */
function bindingKey({ networks, scope }: Binding): string {
  for (const network of networks) {
    // A comma would split one network in two in the policies' list; the tenant files' ids never hold one.
    if (network === '' || /[,\u0000]/.test(network))
      throw new Error(`Not a network id: ${JSON.stringify(network)}`);
  }
  return `${networks.join(',')}|${scope ?? ''}`;
}

/** What the process knows of a pooled connection's settings. */
interface ClientState {
  /** The session's settings (`bindingKey`); undefined when unknown (a setting failed). */
  session: string | undefined;
  inTransaction: boolean;
}

const clientStates = new WeakMap<pg.PoolClient, ClientState>();

/** A string literal (standard_conforming_strings is on by default since PostgreSQL 9.1). */
const literal = (value: string) => `'${value.replaceAll("'", "''")}'`;

/**
 * The pool as Kysely sees it for one binding: each checked-out connection runs its statements
 * with the binding's settings, so row-level security (migration 0039) shows it its networks' rows
 * only.
 *
 * A transaction sets them with `set_config(…, true)` (SET LOCAL) in the round trip of its BEGIN:
 * they hold for that transaction only, whatever the session says. A statement outside a
 * transaction runs with the session's settings, which are set only when they differ from this
 * binding's (most connections of a one-network process never change): the per-connection state
 * is kept here, and every checkout through any handle, the unbound one included, brings it to its
 * own binding before its first statement, so a connection never carries a binding over to the
 * next handle's statement.
 */
function boundPool(pool: pg.Pool, binding: Binding): PostgresPool {
  const key = bindingKey(binding);
  const network = literal(binding.networks.join(','));
  const scope = literal(binding.scope ?? '');
  const setSession = `select set_config('kindred.network', ${network}, false), set_config('kindred.scope', ${scope}, false)`;
  const setLocal = `select set_config('kindred.network', ${network}, true), set_config('kindred.scope', ${scope}, true)`;
  return {
    async connect() {
      const client = await pool.connect();
      let state = clientStates.get(client);
      if (!state) {
        // A new connection has neither setting: the policies' null reads nothing.
        state = { session: '|', inTransaction: false };
        clientStates.set(client, state);
      }
      const known = state;
      const query = client.query.bind(client) as (text: unknown, values?: unknown) => Promise<unknown>;
      const bound = async (text: unknown, values?: unknown) => {
        if (typeof text === 'string' && /^\s*(begin|start transaction)\b/i.test(text)) {
          // One round trip: the transaction and its settings (a simple query may hold several).
          const results = (await query(`${text}; ${setLocal}`)) as unknown[];
          known.inTransaction = true;
          return results[0];
        }
        if (typeof text === 'string' && /^\s*(commit|rollback|end)\s*$/i.test(text)) {
          known.inTransaction = false;
          return query(text, values);
        }
        if (!known.inTransaction && known.session !== key) {
          known.session = undefined;
          await query(setSession);
          known.session = key;
        }
        return query(text, values);
      };
      return new Proxy(client, {
        get(target, property, receiver) {
          if (property === 'query') return bound;
          const value: unknown = Reflect.get(target, property, receiver);
          return typeof value === 'function' ? value.bind(target) : value;
        },
      }) as PostgresPoolClient;
    },
    options: pool.options,
    // The pool is the database handle's: destroying one bound handle must not close it.
    async end() {},
  };
}
