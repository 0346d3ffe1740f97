import {
  type ColumnDataType,
  type ColumnDefinitionBuilder,
  type CreateTableBuilder,
  type Kysely,
  SqliteAdapter,
  sql,
} from 'kysely';

/*
 * The few places where SQLite and PostgreSQL need different DDL. Everything else in the
 * migrations is one schema-builder call for both.
 */

export type MigrationDialect = 'sqlite' | 'postgres';

export function dialectOf(db: Kysely<any>): MigrationDialect {
  return db.getExecutor().adapter instanceof SqliteAdapter ? 'sqlite' : 'postgres';
}

/**
 * Epoch milliseconds overflow PostgreSQL's 4-byte integer; SQLite's integer is 8 bytes already
 * (and `integer` is its idiomatic spelling).
 */
export function msType(db: Kysely<any>): 'bigint' | 'integer' {
  return dialectOf(db) === 'sqlite' ? 'integer' : 'bigint';
}

/**
 * A 0/1 flag with a default. Integers rather than PostgreSQL booleans, so both dialects hand
 * the same JS value to the code; the check keeps other integers out.
 */
export function flag(column: string, defaultValue: 0 | 1 = 0) {
  return (c: ColumnDefinitionBuilder) =>
    c
      .notNull()
      .defaultTo(defaultValue)
      .check(sql`${sql.ref(column)} in (0, 1)`);
}

/**
 * Plain NOT NULL columns of one type, in this order, for a table's `$call`: a run of required
 * columns reads as one list instead of one builder line each.
 */
export function required<N extends string>(type: ColumnDataType, names: readonly N[]) {
  return <TB extends string, C extends string>(table: CreateTableBuilder<TB, C>) =>
    names.reduce(
      (next, name) => next.addColumn(name, type, (c) => c.notNull()),
      table as CreateTableBuilder<TB, C | N>,
    );
}

/**
 * A required reference to `target` (`table.id`) whose row goes with the row it names: a like
 * without its profile, a session without its member.
 */
export function cascadingReference(target: string) {
  return (c: ColumnDefinitionBuilder) => c.notNull().references(target).onDelete('cascade');
}

/**
 * A new table of one network's rows, keyed by a text id: its `id` and `network_id` columns,
 * the two every such table opens with; the caller adds the rest.
 */
export function createNetworkTable(db: Kysely<any>, name: string) {
  return db.schema
    .createTable(name)
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('network_id', 'text', (c) => c.notNull());
}

/**
 * A new table of what one profile did to or knows of another (a like, a block, a notice), once
 * per pair: the two profiles (their rows go with either profile), the network, when, and the
 * pair as its primary key `<name>_pk`. The caller may add columns after these.
 */
export function createProfilePairTable(db: Kysely<any>, name: string, [from, to]: readonly [string, string]) {
  return db.schema
    .createTable(name)
    .addColumn(from, 'text', cascadingReference('profiles.id'))
    .addColumn(to, 'text', cascadingReference('profiles.id'))
    .addColumn('network_id', 'text', (c) => c.notNull())
    .addColumn('created_at', msType(db), (c) => c.notNull())
    .addPrimaryKeyConstraint(`${name}_pk`, [from, to]);
}

/**
 * An increasing integer key. In SQLite, AUTOINCREMENT keeps ids from being reused after the
 * newest rows are deleted, which a reconnecting client's Last-Event-ID depends on.
 */
export function addSerialKey(
  db: Kysely<any>,
  table: ReturnType<Kysely<any>['schema']['createTable']>,
  column: string,
) {
  return dialectOf(db) === 'sqlite'
    ? table.addColumn(column, 'integer', (c) => c.primaryKey().autoIncrement())
    : table.addColumn(column, 'bigint', (c) => c.primaryKey().generatedByDefaultAsIdentity());
}

/**
 * An index on `columns` of `table`, in that order: the one shape the migrations' indexes take.
 * Kysely writes `.unique()` as CREATE UNIQUE INDEX wherever it stands in the chain.
 */
export async function addIndex(
  db: Kysely<any>,
  name: string,
  table: string,
  columns: string[],
  options: { unique?: boolean } = {},
): Promise<void> {
  const index = db.schema.createIndex(name).on(table).columns(columns);
  await (options.unique ? index.unique() : index).execute();
}

/** The networks a PostgreSQL connection is bound to (0039): read once per statement. */
const BOUND_NETWORKS = `(select string_to_array(current_setting('kindred.network', true), ','))::text[]`;

/**
 * PostgreSQL: puts a new table that holds one network's rows under the row-level security of
 * 0039, so a query that forgets its network reads none of them. Every table with a `network_id`
 * needs it (tests/integration/row-level-security-postgres.test.ts checks). SQLite: nothing.
 */
export async function protectNetworkRows(db: Kysely<any>, table: string): Promise<void> {
  if (dialectOf(db) !== 'postgres') return;
  const rule = `network_id = any (${BOUND_NETWORKS})`;
  await sql
    .raw(
      `alter table ${table} enable row level security;\n` +
        `alter table ${table} force row level security;\n` +
        `create policy kindred_rows on ${table} using (${rule}) with check (${rule})`,
    )
    .execute(db);
}

/**
 * Runs a migration's rewrite of every network's rows of `table`. Under FORCE row-level security
 * the owner that migrates sees no network's rows either, so the force is lifted for the rewrite
 * and put back after it, inside the migration's transaction: no other connection sees the table
 * unforced. SQLite: just the rewrite.
 */
export async function rewritingEveryNetwork(
  db: Kysely<any>,
  table: string,
  rewrite: () => Promise<void>,
): Promise<void> {
  const postgres = dialectOf(db) === 'postgres';
  if (postgres) await sql.raw(`alter table ${table} no force row level security`).execute(db);
  await rewrite();
  if (postgres) await sql.raw(`alter table ${table} force row level security`).execute(db);
}

/**
 * The end of SQLite's rebuild of a table, its way to change what ALTER TABLE cannot: the rows of
 * `table` go into `rebuilt` (made by the caller), `selected` from `table` into `columns`, then the
 * old table goes and `rebuilt` takes its name. The old table's indexes go with it: the caller
 * makes them again.
 */
export async function replaceTable(
  db: Kysely<any>,
  table: string,
  rebuilt: string,
  columns: string,
  selected: string = columns,
): Promise<void> {
  await sql.raw(`insert into ${rebuilt} (${columns}) select ${selected} from ${table}`).execute(db);
  await db.schema.dropTable(table).execute();
  await db.schema.alterTable(rebuilt).renameTo(table).execute();
}

/** Drops `tables` one after the other, in this order: a `down` lists children before parents. */
export async function dropTables(db: Kysely<any>, tables: readonly string[]): Promise<void> {
  for (const table of tables) await db.schema.dropTable(table).execute();
}

/** Drops the indexes `names`, one after the other, in this order. */
export async function dropIndexes(db: Kysely<any>, names: readonly string[]): Promise<void> {
  for (const name of names) await db.schema.dropIndex(name).execute();
}
