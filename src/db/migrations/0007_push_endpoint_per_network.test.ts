import { describe, expect, it } from 'vitest';
import { withMigratingDatabase, type MigratingDatabase } from '../../../tests/support/dialect-database.ts';
import { testMember } from '../../../tests/support/rows.ts';

/* A database that already holds subscriptions keeps them through the change of key, both ways. */

const T = 1_763_000_000_123;

async function check({ db, migrateTo }: MigratingDatabase): Promise<void> {
  await migrateTo('0006_job_leases');
  await db
    .insertInto('members')
    .values(testMember({ id: 'm1', network_id: 'amber', site_id: 'localhost', created_at: T }))
    .execute();
  const row = (id: string, network: string, created: number) => ({
    id,
    member_id: 'm1',
    network_id: network,
    site_id: 'localhost',
    endpoint: 'https://push.example.net/e',
    p256dh: 'k',
    auth: 'a',
    user_agent: null,
    created_at: created,
    last_used_at: null,
  });
  await db
    .insertInto('push_subscriptions')
    .values(row('s1', 'amber', T))
    .execute();

  await migrateTo('0007_push_endpoint_per_network');
  expect(await db.selectFrom('push_subscriptions').select(['id', 'endpoint']).execute()).toEqual([
    { id: 's1', endpoint: 'https://push.example.net/e' },
  ]);
  await db
    .insertInto('push_subscriptions')
    .values(row('s2', 'curvy', T + 1))
    .execute();
  await expect(
    db
      .insertInto('push_subscriptions')
      .values(row('s3', 'amber', T + 2))
      .execute(),
  ).rejects.toThrow();
  // Back again: one row per endpoint, the newest kept.
  await migrateTo('0006_job_leases');
  expect(await db.selectFrom('push_subscriptions').select('id').execute()).toEqual([{ id: 's2' }]);
  await expect(
    db
      .insertInto('push_subscriptions')
      .values(row('s4', 'amber', T + 3))
      .execute(),
  ).rejects.toThrow();
  // Erasing a member still takes the subscriptions along (the foreign key survived both rebuilds).
  await db.deleteFrom('members').where('id', '=', 'm1').execute();
  expect(await db.selectFrom('push_subscriptions').select('id').execute()).toEqual([]);
}

describe('0007_push_endpoint_per_network', () => {
  it('keeps existing subscriptions on SQLite, up and down', () => withMigratingDatabase('sqlite', check));

  it(
    'keeps existing subscriptions on PostgreSQL, up and down',
    () => withMigratingDatabase('postgres', check),
    60_000,
  );
});
