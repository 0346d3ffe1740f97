import type { Kysely } from 'kysely';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { compiledOnce, compiledPerShape } from './compiled.ts';
import type { Database } from './database.ts';
import { useMemoryDatabase } from './test-database.ts';

let db: Kysely<Database>;
useMemoryDatabase((opened) => (db = opened));

const byNetwork = compiledOnce<{ network: string; after: number }, { id: string }>(
  ['network', 'after'],
  (db, v) =>
    db
      .selectFrom('job_leases')
      .select('name as id')
      .where('holder', '=', v.network)
      .where('expires_at', '>', v.after)
      // A constant written in the query stays as it is.
      .where('name', '!=', 'never')
      .orderBy('name'),
);

beforeAll(async () => {
  await db
    .insertInto('job_leases')
    .values([
      { name: 'a', holder: 'n1', expires_at: 10 },
      { name: 'b', holder: 'n1', expires_at: 30 },
      { name: 'never', holder: 'n1', expires_at: 99 },
      { name: 'c', holder: 'n2', expires_at: 50 },
    ])
    .execute();
});

describe('a query compiled once', () => {
  it('runs with each call’s own values', async () => {
    expect(await byNetwork.execute(db, { network: 'n1', after: 0 })).toEqual([{ id: 'a' }, { id: 'b' }]);
    expect(await byNetwork.execute(db, { network: 'n1', after: 20 })).toEqual([{ id: 'b' }]);
    expect(await byNetwork.executeTakeFirst(db, { network: 'n2', after: 0 })).toEqual({ id: 'c' });
    expect(await byNetwork.executeTakeFirst(db, { network: 'n3', after: 0 })).toBeUndefined();
  });

  it('refuses a query that leaves a named value out', async () => {
    const careless = compiledOnce<{ network: string; unused: string }, { id: string }>(
      ['network', 'unused'],
      (db, v) => db.selectFrom('job_leases').select('name as id').where('holder', '=', v.network),
    );
    await expect(careless.execute(db, { network: 'n1', unused: 'x' })).rejects.toThrow(/unused/);
  });
});

describe('a query compiled once, in a SQLite transaction', () => {
  const renew = compiledOnce<{ name: string; until: number }, never>(['name', 'until'], (db, v) =>
    db.updateTable('job_leases').set({ expires_at: v.until }).where('name', '=', v.name),
  );
  const take = compiledOnce<{ name: string }, never>(['name'], (db, v) =>
    db.insertInto('job_leases').values({ name: v.name, holder: 'n9', expires_at: 1 }),
  );

  it('runs on the connection the transaction holds, not through the executor', async () => {
    await db.transaction().execute(async (trx) => {
      const executor = vi.spyOn(trx, 'executeQuery');
      const result = await renew.executeResult(trx, { name: 'a', until: 11 });
      expect(result.numAffectedRows).toBe(1n);
      expect(await byNetwork.execute(trx, { network: 'n1', after: 10 })).toEqual([{ id: 'a' }, { id: 'b' }]);
      expect(executor).not.toHaveBeenCalled();
    });
    // Outside a transaction a write takes the executor's lock, in the order it was asked.
    const executor = vi.spyOn(db, 'executeQuery');
    await renew.execute(db, { name: 'a', until: 10 });
    expect(executor).toHaveBeenCalledTimes(1);
    executor.mockRestore();
  });

  it('rejects a statement that fails, and the transaction rolls back what ran directly', async () => {
    await expect(
      db.transaction().execute(async (trx) => {
        await renew.execute(trx, { name: 'b', until: 31 });
        await take.execute(trx, { name: 'c' }); // taken: the primary key refuses it
      }),
    ).rejects.toThrow(/UNIQUE/);
    expect(await byNetwork.execute(db, { network: 'n1', after: 30 })).toEqual([]);
  });
});

describe('a read compiled once, outside a transaction', () => {
  it('runs at once when no transaction holds the connection', async () => {
    const executor = vi.spyOn(db, 'executeQuery');
    expect(await byNetwork.execute(db, { network: 'n1', after: 10 })).toEqual([{ id: 'b' }]);
    expect(executor).not.toHaveBeenCalled();
    executor.mockRestore();
  });

  it('waits for an open transaction and never sees its writes', async () => {
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let wrote!: () => void;
    const written = new Promise<void>((resolve) => (wrote = resolve));
    const transaction = db.transaction().execute(async (trx) => {
      await trx.updateTable('job_leases').set({ expires_at: 5 }).where('name', '=', 'b').execute();
      wrote();
      await held;
      throw new Error('rolled back');
    });
    await written;
    let answered: { id: string }[] | undefined;
    const read = byNetwork.execute(db, { network: 'n1', after: 10 }).then((rows) => (answered = rows));
    // The transaction holds the connection: the read waits for it instead of seeing b's 5.
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(answered).toBeUndefined();
    release();
    await expect(transaction).rejects.toThrow(/rolled back/);
    expect(await read).toEqual([{ id: 'b' }]);
  });
});

describe('a query compiled per shape of its input', () => {
  let builds = 0;
  const byHolders = compiledPerShape(
    (db, input: { kind: 'all' | 'some'; holders: string[]; after?: number; limit: number }) => {
      builds += 1;
      let query = db.selectFrom('job_leases').select('name as id').orderBy('name');
      if (input.kind === 'some') query = query.where('holder', 'in', input.holders);
      if (input.after !== undefined) query = query.where('expires_at', '>', input.after);
      return query.limit(input.limit);
    },
    (path) => path === 'kind',
  );

  it('compiles once for each shape and runs with each call’s own values', async () => {
    builds = 0;
    const run = (input: Parameters<typeof byHolders.execute>[1]) =>
      byHolders.execute(db, input).then((rows) => rows.map((r) => r.id));
    expect(await run({ kind: 'some', holders: ['n1'], limit: 10 })).toEqual(['a', 'b', 'never']);
    expect(await run({ kind: 'some', holders: ['n2'], limit: 10 })).toEqual(['c']);
    expect(builds).toBe(1);
    // A list of another length, a value added, or another literal: another shape.
    expect(await run({ kind: 'some', holders: ['n1', 'n2'], limit: 2 })).toEqual(['a', 'b']);
    expect(await run({ kind: 'some', holders: ['n1'], after: 20, limit: 10 })).toEqual(['b', 'never']);
    expect(await run({ kind: 'all', holders: ['n9'], limit: 10 })).toEqual(['a', 'b', 'c', 'never']);
    expect(builds).toBe(4);
    expect(await run({ kind: 'some', holders: ['n2', 'n1'], limit: 3 })).toEqual(['a', 'b', 'c']);
    expect(builds).toBe(4);
  });

  it('keeps falsy values in the shape, since a query may test them', async () => {
    builds = 0;
    // `after: 0` must not run the query built for a truthy `after` with 0 in its place.
    const zero = await byHolders.execute(db, { kind: 'some', holders: ['n1'], after: 0, limit: 10 });
    expect(zero.map((r) => r.id)).toEqual(['a', 'b', 'never']);
    const some = await byHolders.execute(db, { kind: 'some', holders: ['n1'], after: 15, limit: 10 });
    expect(some.map((r) => r.id)).toEqual(['b', 'never']);
    // The shape of a truthy `after` was compiled by the test before; only `after: 0` was new.
    expect(builds).toBe(1);
  });

  it('tells a list of values from a list with falsy or nested elements of the same length', async () => {
    const seen: unknown[] = [];
    const echo = compiledPerShape((db, input: { items: unknown[] }) => {
      seen.push(input.items);
      return db.selectFrom('job_leases').select('name as id').where('holder', 'in', ['n1']);
    });
    for (const items of [['x'], [''], [{}], [['y']], [undefined], ['z'], [0], [1], [{}]])
      await echo.execute(db, { items });
    // One build per shape: a value ('x', 'z' and 1 alike, each a stand-in), '', {}, a list, nothing, 0.
    expect(seen).toHaveLength(6);
    expect(seen.slice(1)).toEqual([[''], [{}], [[expect.any(String)]], [undefined], [0]]);
  });
});

describe('a query compiled once, in transactions', () => {
  it('runs on the transaction (seeing its writes) and is built once for every transaction', async () => {
    let builds = 0;
    const holderOf = compiledOnce<{ name: string }, { holder: string }>(['name'], (db, v) => {
      builds += 1;
      return db.selectFrom('job_leases').select('holder').where('name', '=', v.name);
    });
    const expire = compiledOnce<{ name: string }, never>(['name'], (db, v) =>
      db.updateTable('job_leases').set({ expires_at: 0 }).where('name', '=', v.name),
    );
    expect(await holderOf.executeTakeFirst(db, { name: 'a' })).toEqual({ holder: 'n1' });
    for (const name of ['t1', 't2']) {
      await db.transaction().execute(async (trx) => {
        await trx.insertInto('job_leases').values({ name, holder: 'n9', expires_at: 1 }).execute();
        expect(await holderOf.executeTakeFirst(trx, { name })).toEqual({ holder: 'n9' });
        const result = await expire.executeResult(trx, { name });
        expect(Number(result.numAffectedRows)).toBe(1);
      });
    }
    expect(builds).toBe(1);
  });
});
