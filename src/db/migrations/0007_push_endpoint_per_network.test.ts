import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Kysely } from 'kysely';
import { Migrator } from 'kysely/migration';
import { describe, expect, it } from 'vitest';
import { withPostgresDatabase } from '../../../tests/support/postgres.ts';
import { createDatabase, type DatabaseHandle } from '../client.ts';
import { migrations } from './index.ts';

/* A database that already holds subscriptions keeps them through the change of key, both ways. */

const T = 1_763_000_000_123;

async function check(handle: DatabaseHandle): Promise<void> {
  const db = handle.db as unknown as Kysely<any>;
  const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations } });
  expect((await migrator.migrateTo('0006_job_leases')).error).toBeUndefined();
  await db
    .insertInto('members')
    .values({
      id: 'm1',
      network_id: 'amber',
      site_id: 'localhost',
      email: 'a@example.com',
      password_hash: 'x',
      status: 'active',
      language: 'en',
      created_at: T,
    })
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

  expect((await migrator.migrateTo('0007_push_endpoint_per_network')).error).toBeUndefined();
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
  expect((await migrator.migrateTo('0006_job_leases')).error).toBeUndefined();
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
  it('keeps existing subscriptions on SQLite, up and down', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'kindred-0007-'));
    const handle = await createDatabase({ databaseUrl: `sqlite:${join(dir, 't.sqlite')}`, dataDir: dir });
    try {
      await check(handle);
    } finally {
      await handle.destroy();
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('keeps existing subscriptions on PostgreSQL, up and down', async () => {
    const pg = await withPostgresDatabase();
    const handle = await createDatabase({ databaseUrl: pg.url, dataDir: '' });
    try {
      await check(handle);
    } finally {
      await handle.destroy();
      await pg.drop();
    }
  }, 60_000);
});
