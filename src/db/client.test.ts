import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { sql, type Kysely, type SqliteDatabase } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import SQLite from 'better-sqlite3';
import {
  createDatabase,
  keptAcrossBindings,
  redactUrl,
  resolveDatabaseTarget,
  reusingStatements,
} from './client.ts';
import { compiledOnce } from './compiled.ts';
import type { Database } from './database.ts';

describe('resolveDatabaseTarget', () => {
  const dataDir = '/srv/kindred/data';

  it('defaults to a SQLite file in the data folder', () => {
    expect(resolveDatabaseTarget({ databaseUrl: '', dataDir })).toEqual({
      dialect: 'sqlite',
      filename: '/srv/kindred/data/kindred.sqlite',
    });
    expect(resolveDatabaseTarget({ databaseUrl: '  ', dataDir }).dialect).toBe('sqlite');
  });

  it('accepts sqlite: URLs', () => {
    expect(resolveDatabaseTarget({ databaseUrl: 'sqlite::memory:', dataDir })).toEqual({
      dialect: 'sqlite',
      filename: ':memory:',
    });
    expect(resolveDatabaseTarget({ databaseUrl: 'sqlite:/tmp/a.db', dataDir })).toEqual({
      dialect: 'sqlite',
      filename: '/tmp/a.db',
    });
    expect(resolveDatabaseTarget({ databaseUrl: 'sqlite:///tmp/a.db', dataDir })).toEqual({
      dialect: 'sqlite',
      filename: '/tmp/a.db',
    });
    expect(resolveDatabaseTarget({ databaseUrl: 'sqlite:x/a.db', dataDir })).toEqual({
      dialect: 'sqlite',
      filename: resolve('x/a.db'),
    });
  });

  it('accepts postgres:// and postgresql://', () => {
    for (const url of ['postgres://u@h/db', 'postgresql://u:p@h:5433/db?sslmode=require']) {
      expect(resolveDatabaseTarget({ databaseUrl: url, dataDir })).toEqual({
        dialect: 'postgres',
        connectionString: url,
      });
    }
  });

  it('refuses anything else without echoing a password', () => {
    expect(() => resolveDatabaseTarget({ databaseUrl: 'mysql://u:secret@h/db', dataDir })).toThrow(
      /DATABASE_URL must be/,
    );
    expect(() => resolveDatabaseTarget({ databaseUrl: 'mysql://u:secret@h/db', dataDir })).not.toThrow(
      /secret/,
    );
    expect(() => resolveDatabaseTarget({ databaseUrl: 'sqlite:', dataDir })).toThrow(/no file/);
  });

  it('redacts passwords', () => {
    expect(redactUrl('postgres://kindred:s3cret@db:5432/k')).toBe('postgres://kindred:***@db:5432/k');
    expect(redactUrl('postgres://kindred@db/k')).toBe('postgres://kindred@db/k');
  });
});

describe('createDatabase with SQLite', () => {
  const dir = mkdtempSync(join(tmpdir(), 'kindred-db-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('creates the data folder and sets the pragmas the schema relies on', async () => {
    const dataDir = join(dir, 'nested', 'data');
    const handle = await createDatabase({ databaseUrl: '', dataDir });
    try {
      expect(handle.dialect).toBe('sqlite');
      const pragma = async (name: string) =>
        Object.values((await sql.raw(`pragma ${name}`).execute(handle.db)).rows[0] as object)[0];
      expect(await pragma('journal_mode')).toBe('wal');
      expect(await pragma('foreign_keys')).toBe(1);
      expect(await pragma('busy_timeout')).toBe(5000);
      // NORMAL is 1.
      expect(await pragma('synchronous')).toBe(1);
    } finally {
      await handle.destroy();
    }
  });

  it('can be destroyed without ever being used', async () => {
    const handle = await createDatabase({ databaseUrl: 'sqlite::memory:', dataDir: dir });
    await handle.destroy();
  });
});

describe('direct reads of one turn of the event loop', () => {
  const dir = mkdtempSync(join(tmpdir(), 'kindred-db-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  /** A table of the test's own, outside the schema's types. */
  const untyped = (db: Kysely<Database>) => db as unknown as Kysely<{ t: { id: number; v: string } }>;
  const valueOf = compiledOnce<{ id: number }, { v: string }>(['id'], (db, { id }) =>
    untyped(db).selectFrom('t').select('v').where('id', '=', id),
  );
  const nextTurn = () => new Promise((resolve) => setImmediate(resolve));

  async function opened(name: string) {
    const dataDir = join(dir, name);
    const handle = await createDatabase({ databaseUrl: '', dataDir });
    await sql`create table t (id integer primary key, v text not null)`.execute(handle.db);
    await untyped(handle.db).insertInto('t').values({ id: 1, v: 'a' }).execute();
    await nextTurn();
    return { handle, file: join(dataDir, 'kindred.sqlite') };
  }

  it('share one snapshot, and see what another connection wrote meanwhile in the next turn', async () => {
    const { handle, file } = await opened('snapshot');
    const other = new SQLite(file);
    try {
      expect((await valueOf.executeTakeFirst(handle.db, { id: 1 }))?.v).toBe('a');
      other.prepare(`update t set v = 'b' where id = 1`).run();
      expect((await valueOf.executeTakeFirst(handle.db, { id: 1 }))?.v).toBe('a');
      await nextTurn();
      expect((await valueOf.executeTakeFirst(handle.db, { id: 1 }))?.v).toBe('b');
    } finally {
      other.close();
      await handle.destroy();
    }
  });

  it('end before a statement through Kysely: a write is seen at once, and a transaction may begin', async () => {
    const { handle } = await opened('writes');
    try {
      expect((await valueOf.executeTakeFirst(handle.db, { id: 1 }))?.v).toBe('a');
      await untyped(handle.db).updateTable('t').set({ v: 'c' }).where('id', '=', 1).execute();
      expect((await valueOf.executeTakeFirst(handle.db, { id: 1 }))?.v).toBe('c');
      const read = await handle.db.transaction().execute(async (trx) => {
        await untyped(trx).updateTable('t').set({ v: 'd' }).where('id', '=', 1).execute();
        return (await valueOf.executeTakeFirst(trx, { id: 1 }))?.v;
      });
      expect(read).toBe('d');
      expect((await valueOf.executeTakeFirst(handle.db, { id: 1 }))?.v).toBe('d');
    } finally {
      await handle.destroy();
    }
  });
});

describe('prepared statements', () => {
  function tables() {
    const database = new SQLite(':memory:');
    database.exec(`
      create table a (id text primary key, n integer not null);
      create table b (id text primary key, a_id text not null, label text);
      insert into a values ('x', 1), ('y', 2), ('7', 3);
      insert into b values ('b1', 'x', 'one'), ('b2', 'y', 'two'), ('b3', '7', 'seven');
    `);
    return database;
  }

  it('are kept for the next query with the same SQL', () => {
    const database = reusingStatements(tables());
    const query = 'select n from a where id = ?';
    expect(database.prepare(query)).toBe(database.prepare(query));
    database.close();
  });

  it('write `= ?` as `= +?`, with the same answers for any value', () => {
    const join =
      'select "b"."label" from "b" inner join "a" on "a"."id" = "b"."a_id" where "a"."id" = ? and "a"."n" = ?';
    expect(keptAcrossBindings(join)).toBe(
      'select "b"."label" from "b" inner join "a" on "a"."id" = "b"."a_id" where "a"."id" = +? and "a"."n" = +?',
    );
    const ordered = 'select "id" from "a" where "n" = ? order by "id"';
    expect(keptAcrossBindings(ordered)).toBe('select "id" from "a" where "n" = +? order by "id"');
    const raw = tables();
    const kept = reusingStatements(tables());
    for (const params of [
      ['x', 1],
      ['y', 2],
      ['7', 3],
      [7, 3],
      ['x', 2],
      [null, 1],
      ['y', '2'],
    ]) {
      expect(kept.prepare(join).all(params)).toEqual(raw.prepare(join).all(params));
      expect(kept.prepare(ordered).all([params[1]])).toEqual(raw.prepare(ordered).all([params[1]]));
    }
    raw.close();
    kept.close();
  });

  it('store through `= +?` the very value and type that `= ?` stores', () => {
    const update = 'update "b" set "label" = ? where "id" = ?';
    const raw = tables();
    const kept = reusingStatements(tables());
    const stored = (database: Pick<SqliteDatabase, 'prepare'>) =>
      database.prepare('select "label", typeof("label") as "type" from "b" where "id" = ?').all(['b1']);
    for (const value of ['text', '', '7', 7, 7.5, null, Buffer.from([0, 1, 2])]) {
      raw.prepare(update).run([value, 'b1']);
      kept.prepare(update).run([value, 'b1']);
      expect(stored(kept)).toEqual(stored(raw));
    }
    raw.close();
    kept.close();
  });

  it('write `limit ?` and `offset ?` as `limit +?` and `offset +?`, with the same answers or errors', () => {
    const paged = 'select "id" from "a" where "n" > ? order by "n" limit ? offset ?';
    expect(keptAcrossBindings(paged)).toBe(
      'select "id" from "a" where "n" > ? order by "n" limit +? offset +?',
    );
    const raw = tables();
    const kept = reusingStatements(tables());
    const outcome = (database: Pick<SqliteDatabase, 'prepare'>, params: unknown[]) => {
      try {
        return database.prepare(paged).all(params);
      } catch (error) {
        return (error as Error).message;
      }
    };
    for (const params of [
      [0, 2, 0],
      [0, 2, 1],
      [0, 0, 0],
      [0, -1, 0],
      [1, 5, 1],
      [0, '2', '1'],
      [0, 1.5, 0],
      [0, 'two', 0],
      [0, null, 0],
    ]) {
      expect(outcome(kept, params)).toEqual(outcome(raw, params));
    }
    raw.close();
    kept.close();
  });
});

describe('createDatabase with PostgreSQL', () => {
  it('fails early with a clear message and no password when the server does not answer', async () => {
    await expect(
      createDatabase({ databaseUrl: 'postgres://nobody:hunter2@127.0.0.1:1/none', dataDir: '' }),
    ).rejects.toThrow(/Cannot connect to PostgreSQL at postgres:\/\/nobody:\*\*\*@127\.0\.0\.1:1\/none/);
  });
});
