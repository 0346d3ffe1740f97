import { LRUCache } from 'lru-cache';
import type { CompiledQuery, Compilable, Kysely, QueryResult } from 'kysely';
import type { Database } from './database.ts';

/*
 * A query built and compiled once, run many times with other values. Building a Kysely query
 * and compiling it to SQL takes longer than SQLite takes to answer it from a cached statement
 * (a member request's session lookup: about a tenth of the request's CPU), and the hot queries
 * differ only in their values. The query is compiled with a unique stand-in for each value; a
 * run swaps the stand-ins in the compiled parameters for the real values. Constants written in
 * the query stay as they are. A transaction runs the statement compiled for its database: the
 * compiled form is kept per dialect adapter, which a transaction shares with the database it
 * belongs to, so a statement in a transaction is not compiled again for every transaction.
 */

const MARK = '\u0000kindred-value:';

type Values = Record<string, unknown>;

export interface CompiledOnce<V extends Values, R> {
  /** Runs the query with `values` in place of the stand-ins. */
  execute(db: Kysely<Database>, values: V): Promise<R[]>;
  executeTakeFirst(db: Kysely<Database>, values: V): Promise<R | undefined>;
  /** The driver's whole result: rows, and the rows a write changed (`numAffectedRows`). */
  executeResult(db: Kysely<Database>, values: V): Promise<QueryResult<R>>;
}

/**
 * `build` receives stand-ins for `names` and returns the query; it is called once per database
 * (the SQL depends on the dialect). A stand-in must be used as a whole value (`where(col, '=',
 * v.id)`), never inside an expression that changes it, and never for an `in` list, whose SQL
 * depends on its length.
 */
export function compiledOnce<V extends Values, R>(
  names: ReadonlyArray<keyof V & string>,
  build: (db: Kysely<Database>, values: { [K in keyof V]: V[K] }) => Compilable<R>,
  /** A value the query leaves out is a mistake, unless its shape decides that (`compiledPerShape`). */
  { unusedAllowed = false }: { unusedAllowed?: boolean } = {},
): CompiledOnce<V, R> {
  const perAdapter = new WeakMap<object, { query: CompiledQuery<R>; slots: Array<string | null> }>();
  const compiled = (db: Kysely<Database>) => {
    const adapter = db.getExecutor().adapter;
    let known = perAdapter.get(adapter);
    if (!known) {
      const standIns = Object.fromEntries(names.map((name) => [name, MARK + name])) as {
        [K in keyof V]: V[K];
      };
      const query = build(db, standIns).compile();
      const slots = query.parameters.map((p) =>
        typeof p === 'string' && p.startsWith(MARK) ? p.slice(MARK.length) : null,
      );
      for (const name of names)
        if (!unusedAllowed && !slots.includes(name))
          throw new Error(`compiledOnce: the query does not use the value ${name}`);
      known = { query, slots };
      perAdapter.set(adapter, known);
    }
    return known;
  };
  const executeResult = (db: Kysely<Database>, values: V): Promise<QueryResult<R>> => {
    const { query, slots } = compiled(db);
    const parameters = query.parameters.map((p, i) => {
      const slot = slots[i];
      return slot === null || slot === undefined ? p : values[slot];
    });
    const direct = directRunners.get(db.getExecutor().adapter);
    if (direct) {
      try {
        const result = db.isTransaction
          ? direct.inTransaction({ ...query, parameters })
          : direct.readWhenFree({ ...query, parameters });
        if (result) return Promise.resolve(result as QueryResult<R>);
      } catch (error) {
        return Promise.reject(error);
      }
    }
    return db.executeQuery<R>({ ...query, parameters });
  };
  return {
    executeResult,
    async execute(db, values) {
      return (await executeResult(db, values)).rows;
    },
    async executeTakeFirst(db, values) {
      return (await executeResult(db, values)).rows[0];
    },
  };
}

/**
 * Runs a compiled query at once on SQLite's one connection, skipping Kysely's executor, which
 * takes the connection's lock and hands the query through several promises per statement: more
 * than SQLite takes to answer a small read from a kept statement (the notification settings'
 * read, timed alone: 11 µs through the executor, 7 µs run directly, 4 µs of it SQLite's), paid
 * by every statement of a member request.
 *
 * - `inTransaction`: a statement of a transaction. The connection is already the transaction's
 *   alone.
 * - `readWhenFree`: a statement outside a transaction, when it only reads and no transaction
 *   holds the connection; otherwise undefined, and the query goes through Kysely. The executor's
 *   lock is what keeps a query out of another one's open transaction (it would see that
 *   transaction's uncommitted writes), so while a transaction is open a read waits for it as
 *   before; with none open, SQLite answers the read from what is committed, as it would after
 *   the lock. Writes always take the lock, in the order they were asked.
 */
export interface DirectRunner {
  inTransaction(query: CompiledQuery): QueryResult<unknown>;
  readWhenFree(query: CompiledQuery): QueryResult<unknown> | undefined;
}

/** Per dialect adapter, which a database's transactions share with it (see the file comment). */
const directRunners = new WeakMap<object, DirectRunner>();

/** Lets the compiled statements of `db` and its transactions run through `runner` (db/client.ts, SQLite). */
export function runCompiledDirectly(db: Kysely<Database>, runner: DirectRunner): void {
  directRunners.set(db.getExecutor().adapter, runner);
}

/** A leaf of a structured input: a value, or (booleans, falsy values, the paths in `literal`) part of the shape. */
type Leaf = string | number | bigint | boolean | null | undefined;

export interface CompiledPerShape<I, R> {
  execute(db: Kysely<Database>, input: I): Promise<R[]>;
  executeTakeFirst(db: Kysely<Database>, input: I): Promise<R | undefined>;
}

/** At most this many shapes are kept per query; past it the least recently used goes (a shape is cheap to compile again). */
const SHAPES_KEPT = 256;

/**
 * A query built from a structured input (nested objects and arrays) whose SQL depends on the
 * input's shape but not on its values: which optional parts are set and how long each list is
 * (an `in` list's SQL has one placeholder per element). It is compiled once per shape and
 * database, as `compiledOnce` compiles a flat query, with every string and number of the input a
 * value. Booleans, falsy values ('', 0, null: `build` may test them) and the paths `literal`
 * names (e.g. `base.kind`, a string that picks which query is built) are part of the shape
 * instead and reach `build` as they are: a value that decides more than its own place in the SQL
 * must be one of them, since `build` sees stand-ins (truthy strings) for the others.
 */
export function compiledPerShape<I extends object, R>(
  build: (db: Kysely<Database>, input: I) => Compilable<R>,
  literal: (path: string) => boolean = () => false,
): CompiledPerShape<I, R> {
  const shapes = new LRUCache<string, CompiledOnce<Values, R>>({ max: SHAPES_KEPT });
  // A value of the input: a string or number that is neither falsy nor named `literal`.
  const isValue = (node: unknown, path: string): boolean =>
    (typeof node === 'string' || typeof node === 'number' || typeof node === 'bigint') &&
    !!node &&
    !literal(path);
  /** The paths of a list's elements (`ids.0`, `ids.1`…), written once per list path. */
  const elementPaths = new Map<string, string[]>();
  const elementNames = (path: string, length: number): string[] => {
    let names = elementPaths.get(path);
    if (!names) elementPaths.set(path, (names = []));
    for (let i = names.length; i < length; i++) names.push(`${path}.${i}`);
    return names;
  };
  const run = (db: Kysely<Database>, input: I): Promise<R[]> => {
    const values: Values = {};
    const shape: string[] = [];
    const walk = (node: unknown, path: string): void => {
      if (Array.isArray(node)) {
        shape.push(`${path}[${node.length}]`);
        /*
         * An element that is a value (the ids of an `in` list) adds nothing to the shape: its
         * place is implied by the list's length. Any other element is marked before its own
         * part of the shape, so that `[{}]` and `['x']` differ. A list of two hundred ids took
         * 40 µs a run when each element wrote its path into the shape.
         */
        const names = elementNames(path, node.length);
        for (let i = 0; i < node.length; i++) {
          const item: unknown = node[i];
          if (isValue(item, names[i]!)) values[names[i]!] = item as Leaf;
          else {
            shape.push(`${names[i]!}!`);
            walk(item, names[i]!);
          }
        }
      } else if (node !== null && typeof node === 'object') {
        for (const key of Object.keys(node).sort())
          walk((node as Record<string, unknown>)[key], path ? `${path}.${key}` : key);
      } else if (node === undefined) {
        shape.push(`${path}~`);
      } else if (isValue(node, path)) {
        shape.push(path);
        values[path] = node as Leaf;
      } else {
        shape.push(`${path}=${JSON.stringify(node)}`);
      }
    };
    walk(input, '');
    const key = shape.join('\n');
    let known = shapes.get(key);
    if (!known) {
      const names = Object.keys(values);
      // The input rebuilt with each value's stand-in (compiledOnce passes them by name).
      const standingIn = (standIns: Values) => {
        const copy = (node: unknown, path: string): unknown => {
          if (Array.isArray(node)) return node.map((item, i) => copy(item, `${path}.${i}`));
          if (node !== null && typeof node === 'object')
            return Object.fromEntries(
              Object.entries(node).map(([k, v]) => [k, copy(v, path ? `${path}.${k}` : k)]),
            );
          return path in standIns ? standIns[path] : node;
        };
        return copy(input, '') as I;
      };
      known = compiledOnce<Values, R>(names, (db, standIns) => build(db, standingIn(standIns)), {
        unusedAllowed: true,
      });
      shapes.set(key, known);
    }
    return known.execute(db, values);
  };
  return {
    execute: run,
    async executeTakeFirst(db, input) {
      return (await run(db, input))[0];
    },
  };
}

/** The values of a query of one profile in its network. */
type ProfileInNetwork = { network: string; profileId: string };

/**
 * A read of one profile in its network, compiled once (see `compiledOnce`), as the repositories'
 * lookups are called: `(db, network, profileId)` answers the row, or undefined.
 */
export function compiledProfileRead<R>(
  build: (db: Kysely<Database>, values: ProfileInNetwork) => Compilable<R>,
): (db: Kysely<Database>, network: string, profileId: string) => Promise<R | undefined> {
  const query = compiledOnce<ProfileInNetwork, R>(['network', 'profileId'], build);
  return (db, network, profileId) => query.executeTakeFirst(db, { network, profileId });
}
