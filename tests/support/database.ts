/**
 * The test server's own database, opened the way the server opens it (`src/db/client.ts`): its
 * SQLite file in DATA_DIR (WAL, so a test's reads and writes do not disturb the server), or the
 * PostgreSQL database named by its DATABASE_URL.
 *
 * Tests look at rows through `Inspect`, typed by the schema (`src/db/database.ts`), so no test
 * file holds SQL and a renamed column is a type error, not a silently empty result.
 */
import type { Kysely } from 'kysely';
import { createDatabase, type Dialect } from '../../src/db/client.ts';
import type { Database, Row, TableName } from '../../src/db/database.ts';
import type { TestServer } from './server.ts';

export interface TestDatabase {
  db: Kysely<Database>;
  dialect: Dialect;
  close(): Promise<void>;
}

/** Opens the database `server` serves from; close it before the server's folder goes away. */
export async function openTestDatabase(
  server: Pick<TestServer, 'dataDir' | 'databaseUrl'>,
): Promise<TestDatabase> {
  const handle = await createDatabase({ databaseUrl: server.databaseUrl, dataDir: server.dataDir });
  return { db: handle.db, dialect: handle.dialect, close: () => handle.destroy() };
}

/** Equality on some columns of a table; a list means any of them. */
export type Where<T extends TableName> = Partial<Row<T>> | Partial<Row<T>>[];

/**
 * The schema with its tables' names and columns erased: one generic query over any table whose
 * types `Inspect`'s signatures give back.
 */
type AnyTables = Record<string, Record<string, unknown>>;

export interface Inspect {
  /** The first row matching `where`, or undefined. */
  row<T extends TableName>(table: T, where: Where<T>): Promise<Row<T> | undefined>;
  /** Every row matching `where`, ordered by `orderBy` when given. */
  rows<T extends TableName>(table: T, where: Where<T>, orderBy?: keyof Row<T> & string): Promise<Row<T>[]>;
  /** Every row of a table. */
  all<T extends TableName>(table: T): Promise<Row<T>[]>;
  /** How many rows match `where`. */
  count<T extends TableName>(table: T, where: Where<T>): Promise<number>;
  /** Which of `ids` still exist in `table`. */
  existing(table: TableName, ids: readonly string[]): Promise<string[]>;
  /** The tracking record a member signed up with (through `members.tracking_id`). */
  trackingOf(memberId: string): Promise<Row<'tracking_records'> | undefined>;
  /** A profile's main photo. */
  mainPhotoOf(profileId: string): Promise<Row<'photos'> | undefined>;
  /** A member's balance as cached on the account, as a number on both dialects; throws for no member. */
  balanceOf(memberId: string): Promise<number>;
}

export function inspector(db: Kysely<Database>): Inspect {
  const loose = db as unknown as Kysely<AnyTables>;
  const select = (table: string, where: Where<TableName> | undefined) => {
    let query = loose.selectFrom(table).selectAll();
    const alternatives = where === undefined ? [] : Array.isArray(where) ? where : [where];
    if (alternatives.length) {
      query = query.where((eb) =>
        eb.or(
          alternatives.map((columns) =>
            eb.and(
              Object.entries(columns).map(([column, value]) =>
                value === null ? eb(eb.ref(column), 'is', null) : eb(eb.ref(column), '=', value),
              ),
            ),
          ),
        ),
      );
    }
    return query;
  };
  const inspect: Inspect = {
    async row(table, where) {
      return (await select(table, where as Where<TableName>)
        .limit(1)
        .executeTakeFirst()) as never;
    },
    async rows(table, where, orderBy) {
      let query = select(table, where as Where<TableName>);
      if (orderBy) query = query.orderBy(orderBy);
      return (await query.execute()) as never;
    },
    async all(table) {
      return (await select(table, undefined).execute()) as never;
    },
    async count(table, where) {
      return (await inspect.rows(table, where)).length;
    },
    async existing(table, ids) {
      if (ids.length === 0) return [];
      const rows = await loose
        .selectFrom(table)
        .select('id')
        .where('id', 'in', [...ids])
        .execute();
      return rows.map((r) => String(r.id));
    },
    async trackingOf(memberId) {
      const member = await inspect.row('members', { id: memberId });
      if (!member?.tracking_id) return undefined;
      return inspect.row('tracking_records', { id: member.tracking_id });
    },
    async mainPhotoOf(profileId) {
      const profile = await inspect.row('profiles', { id: profileId });
      if (!profile?.main_photo_id) return undefined;
      return inspect.row('photos', { id: profile.main_photo_id });
    },
    async balanceOf(memberId) {
      const member = await inspect.row('members', { id: memberId });
      if (!member) throw new Error(`no member ${memberId}`);
      return Number(member.credits);
    },
  };
  return inspect;
}

/** Opens the server's database for one look and closes it again (for tests without `useServer`). */
export async function withInspector<T>(
  server: Pick<TestServer, 'dataDir' | 'databaseUrl'>,
  look: (inspect: Inspect) => Promise<T>,
): Promise<T> {
  const database = await openTestDatabase(server);
  try {
    return await look(inspector(database.db));
  } finally {
    await database.close();
  }
}
