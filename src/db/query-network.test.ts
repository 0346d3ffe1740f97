import type { Kysely } from 'kysely';
import { beforeEach, describe, expect, it } from 'vitest';
import type { Database } from './database.ts';
import {
  deleteInNetwork,
  deleteInNetworkNaming,
  insertInNetwork,
  selectInNetwork,
  updateInNetwork,
  valueInNetwork,
} from './query-network.ts';
import { useMemoryDatabase } from './test-database.ts';

let db: Kysely<Database>;
useMemoryDatabase((opened) => (db = opened));

/* Complaints: a network table whose rows need no other rows. */
const complaint = (id: string, network: string, site: string) => ({
  id,
  network_id: network,
  site_id: site,
  reporter_member_id: null,
  profile_id: null,
  category: 'other',
  text: 'text',
  email: null,
  created_at: 1,
});

beforeEach(async () => {
  await db.deleteFrom('complaints').execute();
  await db
    .insertInto('complaints')
    .values([complaint('a', 'n1', 's1'), complaint('b', 'n1', 's2'), complaint('c', 'n2', 's1')])
    .execute();
});

const ids = async (network: string) =>
  (
    await db.selectFrom('complaints').select('id').where('network_id', '=', network).orderBy('id').execute()
  ).map((row) => row.id);

describe('queries scoped to a network', () => {
  it('read only the network’s rows whose every named column is equal', async () => {
    const bySite = (network: string, site: string) =>
      selectInNetwork(db, 'complaints', network, { site_id: site }).select('id').orderBy('id').execute();
    expect(await bySite('n1', 's1')).toEqual([{ id: 'a' }]);
    expect(await bySite('n2', 's1')).toEqual([{ id: 'c' }]);
    expect(
      await selectInNetwork(db, 'complaints', 'n1', { id: 'a', site_id: 's2' }).select('id').execute(),
    ).toEqual([]);
    // Another network's row is not found by its id.
    expect(await selectInNetwork(db, 'complaints', 'n1', { id: 'c' }).select('id').execute()).toEqual([]);
  });

  it('with nothing named, read all the network’s rows, and take further conditions', async () => {
    const query = selectInNetwork(db, 'complaints', 'n1', {}).select('id').orderBy('id');
    expect(await query.execute()).toEqual([{ id: 'a' }, { id: 'b' }]);
    expect(await query.where('site_id', '!=', 's1').execute()).toEqual([{ id: 'b' }]);
  });

  it('change and delete only the network’s matching rows', async () => {
    await updateInNetwork(db, 'complaints', 'n1', { site_id: 's1' }).set({ status: 'closed' }).execute();
    const closed = await db.selectFrom('complaints').select('id').where('status', '=', 'closed').execute();
    expect(closed).toEqual([{ id: 'a' }]);

    await deleteInNetwork(db, 'complaints', 'n2', { id: 'a' }).execute();
    expect(await ids('n1')).toEqual(['a', 'b']);
    await deleteInNetwork(db, 'complaints', 'n1', { id: 'a' }).execute();
    expect(await ids('n1')).toEqual(['b']);
    expect(await ids('n2')).toEqual(['c']);
  });

  it('read one column of the network’s matching row, or nothing', async () => {
    expect(await valueInNetwork(db, 'complaints', 'n1', { id: 'b' }, 'site_id')).toBe('s2');
    expect(await valueInNetwork(db, 'complaints', 'n1', { id: 'a', site_id: 's1' }, 'email')).toBeNull();
    expect(await valueInNetwork(db, 'complaints', 'n2', { id: 'b' }, 'site_id')).toBeUndefined();
  });

  it('insert a row stamped with the network', async () => {
    const { network_id: _, ...row } = complaint('d', 'ignored', 's3');
    await insertInNetwork(db, 'complaints', 'n2', row);
    expect(await ids('n2')).toEqual(['c', 'd']);
    expect(await ids('n1')).toEqual(['a', 'b']);
  });

  it('delete the network’s rows that hold a value in any of the named columns', async () => {
    // s1 is the site of a (n1) and of c (n2): only the network's a goes.
    await deleteInNetworkNaming(db, 'complaints', 'n1', ['site_id', 'id'], 's1').execute();
    expect(await ids('n1')).toEqual(['b']);
    // b stands in no site column, only as an id: the second column finds it.
    await deleteInNetworkNaming(db, 'complaints', 'n1', ['site_id', 'id'], 'b').execute();
    expect(await ids('n1')).toEqual([]);
    expect(await ids('n2')).toEqual(['c']);
  });

  it('refuse a named column without a value rather than drop the condition', async () => {
    const missing: string | undefined = undefined;
    expect(() => deleteInNetwork(db, 'complaints', 'n1', { id: missing })).toThrow(/No value for id/);
    expect(await ids('n1')).toEqual(['a', 'b']);
  });
});
