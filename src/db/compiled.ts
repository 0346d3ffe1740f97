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
        if (!slots.includes(name)) throw new Error(`compiledOnce: the query does not use the value ${name}`);
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
