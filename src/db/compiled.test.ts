import type { Kysely } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { compiledOnce } from './compiled.ts';
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
