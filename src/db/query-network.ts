import type {
  DeleteQueryBuilder,
  DeleteResult,
  Kysely,
  SelectQueryBuilder,
  Transaction,
  UpdateQueryBuilder,
  UpdateResult,
} from 'kysely';
import { compiledOnce, type CompiledOnce } from './compiled.ts';
import type { Database, NewRow, Row, TableName } from './database.ts';

/*
 * Rule 4 of the house: every read and write of member data names its network first. Most such
 * queries then pick rows by a few columns being equal to given values (a member's profile, the
 * like of one profile for another, a member's saved search). These builders write that start
 * once: the table, the network and the equal columns; the caller adds what else it needs
 * (another condition, the columns to read, the values to set) with Kysely as usual.
 */

type Db = Kysely<Database> | Transaction<Database>;

/** The tables that hold one network's rows. */
export type NetworkTable = {
  [T in TableName]: 'network_id' extends keyof Database[T] ? T : never;
}[TableName];

/** Columns and the values they must equal (a null is asked with `is`, so it has no place here). */
export type Match<T extends NetworkTable> = { [C in keyof Row<T>]?: NonNullable<Row<T>[C]> };

/** The tables seen by name only: `NetworkTable` and `Match` carry the types. */
const byName = (db: Db) => db as unknown as Kysely<Record<string, Record<string, unknown>>>;
type Builder = { where(column: string, op: '=', value: unknown): Builder };

/** `query` narrowed to the network's rows whose columns equal `match`, typed as its table's. */
function scoped<Typed>(query: unknown, network: string, match: object): Typed {
  let narrowed = (query as Builder).where('network_id', '=', network);
  for (const [column, value] of Object.entries(match)) {
    // Left out, the condition would widen the query to rows the caller never meant.
    if (value === undefined) throw new Error(`No value for ${column}`);
    narrowed = narrowed.where(column, '=', value);
  }
  return narrowed as Typed;
}

/** The network's rows of `table` whose columns equal `match`. */
export function selectInNetwork<T extends NetworkTable>(db: Db, table: T, network: string, match: Match<T>) {
  return scoped<SelectQueryBuilder<Database, T, object>>(byName(db).selectFrom(table), network, match);
}

/** Changes the network's rows of `table` whose columns equal `match` (the caller says how). */
export function updateInNetwork<T extends NetworkTable>(db: Db, table: T, network: string, match: Match<T>) {
  return scoped<UpdateQueryBuilder<Database, T, T, UpdateResult>>(
    byName(db).updateTable(table),
    network,
    match,
  );
}

/** Adds one row of the network to `table`: the caller gives the row, the network is stamped on it. */
export async function insertInNetwork<T extends NetworkTable>(
  db: Db,
  table: T,
  network: string,
  row: Omit<NewRow<T>, 'network_id'>,
): Promise<void> {
  await byName(db)
    .insertInto(table)
    .values({ ...row, network_id: network })
    .execute();
}

/** Deletes the network's rows of `table` whose columns equal `match`. */
export function deleteInNetwork<T extends NetworkTable>(db: Db, table: T, network: string, match: Match<T>) {
  return scoped<DeleteQueryBuilder<Database, T, DeleteResult>>(byName(db).deleteFrom(table), network, match);
}

/**
 * Deletes the network's rows of `table` that hold `value` in any of `columns`: the rows of a pair
 * (a like, a block, a swipe) that name a profile on either side, for erasure.
 */
export function deleteInNetworkNaming<T extends NetworkTable>(
  db: Db,
  table: T,
  network: string,
  columns: readonly (keyof Row<T> & string)[],
  value: string,
) {
  const named: readonly string[] = columns;
  const query = byName(db)
    .deleteFrom(table as string)
    .where('network_id', '=', network)
    .where((eb) => eb.or(named.map((column) => eb(column, '=', value))));
  return query as unknown as DeleteQueryBuilder<Database, T, DeleteResult>;
}

/** `valueInNetwork`'s queries, one per table, equal columns and column read (a handful in the code). */
const valueQueries = new Map<string, CompiledOnce<Record<string, unknown>, Record<string, unknown>>>();

/**
 * One column of the network's row of `table` whose columns equal `match`; undefined without one.
 * Compiled once per table, columns and column read: member pages ask such single values on
 * every request (a saved search, a flag), and Kysely's building cost more than SQLite's answer.
 */
export async function valueInNetwork<T extends NetworkTable, C extends keyof Row<T> & string>(
  db: Db,
  table: T,
  network: string,
  match: Match<T>,
  column: C,
): Promise<Row<T>[C] | undefined> {
  const columns = Object.keys(match);
  const values: Record<string, unknown> = { network };
  columns.forEach((name, i) => {
    const value = (match as Record<string, unknown>)[name];
    // Left out, the condition would widen the query to rows the caller never meant.
    if (value === undefined) throw new Error(`No value for ${name}`);
    values[`v${i}`] = value;
  });
  const key = JSON.stringify([table, columns, column]);
  let query = valueQueries.get(key);
  if (!query) {
    query = compiledOnce(['network', ...columns.map((_, i) => `v${i}`)], (kdb, standIns) =>
      scoped<SelectQueryBuilder<Record<string, Record<string, unknown>>, string, object>>(
        byName(kdb).selectFrom(table as string),
        standIns.network as string,
        Object.fromEntries(columns.map((name, i) => [name, standIns[`v${i}`]])),
      ).select(column),
    );
    valueQueries.set(key, query);
  }
  const row = await query.executeTakeFirst(db, values);
  return row?.[column] as Row<T>[C] | undefined;
}

/** Whether the network has a row of `table` whose columns equal `match` (compiled once, as `valueInNetwork`). */
export async function existsInNetwork<T extends NetworkTable>(
  db: Db,
  table: T,
  network: string,
  match: Match<T>,
): Promise<boolean> {
  // Every network table has the column, and a found row never holds null in it.
  const networkColumn = 'network_id' as keyof Row<T> & string;
  return (await valueInNetwork(db, table, network, match, networkColumn)) !== undefined;
}

/**
 * Which of `values` stand in `column` of the network's rows of `table` that equal `match` and
 * whose `unset` column is still null: the messages of a list not read yet, the likes not seen.
 */
export async function valuesWhereUnset<T extends NetworkTable>(
  db: Db,
  table: T,
  network: string,
  match: Match<T>,
  column: keyof Row<T> & string,
  values: readonly string[],
  unset: keyof Row<T> & string,
): Promise<Set<string>> {
  if (!values.length) return new Set();
  const named: string = column;
  const unsetNamed: string = unset;
  const query = byName(db).selectFrom(table as string);
  const rows: Record<string, unknown>[] = await scoped<typeof query>(query, network, match)
    .select(named)
    .where(named, 'in', [...values])
    .where(unsetNamed, 'is', null)
    .execute();
  return new Set(rows.map((row) => row[named] as string));
}
