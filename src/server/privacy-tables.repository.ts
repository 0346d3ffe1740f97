import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../db/database.ts';

/*
 * The one query shape of the simple privacy hooks (see privacy-tables.ts): a member's rows of one
 * table, found by network first and then by the column that names the member or their profile.
 * Table and column names come from the hooks' typed declarations, never from a request.
 */

/** The tables seen by name only: the declarations in privacy-tables.ts carry the types. */
type ByName = Kysely<Record<string, Record<string, unknown>>>;
type Db = Kysely<Database> | Transaction<Database>;

export interface OwnedRows {
  table: string;
  /** The column that holds the member's (or their profile's) id. */
  column: string;
  network: string;
  owner: string;
}

export async function ownedRows(
  db: Db,
  rows: OwnedRows,
  select: readonly string[],
  orderBy: string | undefined,
): Promise<Record<string, unknown>[]> {
  let query = (db as unknown as ByName)
    .selectFrom(rows.table)
    .select(select)
    .where('network_id', '=', rows.network)
    .where(rows.column, '=', rows.owner);
  if (orderBy) query = query.orderBy(orderBy);
  return query.execute();
}

export async function deleteOwnedRows(db: Db, rows: OwnedRows): Promise<void> {
  await (db as unknown as ByName)
    .deleteFrom(rows.table)
    .where('network_id', '=', rows.network)
    .where(rows.column, '=', rows.owner)
    .execute();
}

/** Keeps the rows but empties the columns that tie them to the member. */
export async function clearOwnedRows(db: Db, rows: OwnedRows, columns: readonly string[]): Promise<void> {
  await (db as unknown as ByName)
    .updateTable(rows.table)
    .set(Object.fromEntries(columns.map((column) => [column, null])))
    .where('network_id', '=', rows.network)
    .where(rows.column, '=', rows.owner)
    .execute();
}
