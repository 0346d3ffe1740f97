import { sql, type Kysely } from 'kysely';
import { createPushSubscriptions } from './0001_initial.ts';
import { addIndex, dialectOf, replaceTable } from './schema-helpers.ts';

/*
 * A push endpoint was unique across the whole server, but every other account record is scoped
 * to its network: a browser subscribed on two brands of different networks (one person, two
 * accounts) made the second save fail on the first network's row, a 500 instead of `{ ok: true }`.
 * An endpoint is now unique per network, which is also how the upsert looks it up.
 *
 * SQLite cannot drop a column's UNIQUE constraint, so there the table is rebuilt.
 */
export async function up(db: Kysely<any>): Promise<void> {
  if (dialectOf(db) === 'postgres') {
    await sql`alter table push_subscriptions drop constraint if exists push_subscriptions_endpoint_key`.execute(
      db,
    );
  } else {
    await rebuild(db, false);
  }
  await addIndex(
    db,
    'push_subscriptions_network_endpoint_unique',
    'push_subscriptions',
    ['network_id', 'endpoint'],
    { unique: true },
  );
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('push_subscriptions_network_endpoint_unique').execute();
  // Going back to one row per endpoint server-wide: the newest subscription of each endpoint stays.
  await sql`delete from push_subscriptions where exists (
    select 1 from push_subscriptions newer
    where newer.endpoint = push_subscriptions.endpoint
      and (newer.created_at > push_subscriptions.created_at
        or (newer.created_at = push_subscriptions.created_at and newer.id > push_subscriptions.id)))`.execute(
    db,
  );
  if (dialectOf(db) === 'postgres') {
    await sql`alter table push_subscriptions add constraint push_subscriptions_endpoint_key unique (endpoint)`.execute(
      db,
    );
  } else {
    await rebuild(db, true);
  }
}

/** SQLite: the table again (as 0001 made it), with or without the server-wide unique endpoint, rows kept. */
async function rebuild(db: Kysely<any>, endpointUnique: boolean): Promise<void> {
  await createPushSubscriptions(db, 'push_subscriptions_next', { endpointUnique });
  await replaceTable(
    db,
    'push_subscriptions',
    'push_subscriptions_next',
    'id, member_id, network_id, site_id, endpoint, p256dh, auth, user_agent, created_at, last_used_at',
  );
  await addIndex(db, 'push_subscriptions_member_idx', 'push_subscriptions', ['member_id']);
}
