import { type Kysely, sql } from 'kysely';
import {
  addIndex,
  addSerialKey,
  cascadingReference,
  createNetworkTable,
  createProfilePairTable,
  flag,
  msType,
  required,
} from './schema-helpers.ts';

/*
 * The first schema, for every domain at once. Conventions (see ../database.ts): text ids,
 * epoch-ms timestamps, 0/1 flags, money in minor units. Timestamps have no database default
 * because the clock belongs to the caller (tests move it).
 *
 * Foreign keys cascade where a row means nothing without its parent (a like without its
 * profile); orders do not cascade, because a payment stays a bookkeeping record and blocks the
 * hard deletion of its member (accounts are scrubbed instead). Columns pointing both ways
 * (profiles.main_photo_id, conversations.last_message_id, members.tracking_id) carry no
 * foreign key, since SQLite cannot add one after both tables exist.
 *
 * Keyset paging sorts on (column, id), so the indexes that serve a page end in `id`.
 */

export async function up(db: Kysely<any>): Promise<void> {
  const ms = msType(db);

  await createNetworkTable(db, 'members')
    .$call(required('text', ['site_id', 'email', 'password_hash', 'status', 'language']))
    .addColumn('created_at', ms, (c) => c.notNull())
    .addColumn('confirmed_at', ms)
    .addColumn('deleted_at', ms)
    .addColumn('deletion_reason', 'text')
    .addColumn('deletion_comment', 'text')
    .addColumn('reactivate_until', ms)
    .addColumn('invisible', 'integer', flag('invisible'))
    .addColumn('private', 'integer', flag('private'))
    .addColumn('paid_user', 'integer', flag('paid_user'))
    // The cache of the ledger may never go negative, whatever a buggy caller tries.
    .addColumn('credits', 'integer', (c) =>
      c
        .notNull()
        .defaultTo(0)
        .check(sql`credits >= 0`),
    )
    .addColumn('last_active_at', ms)
    .addColumn('tracking_id', 'text')
    .addColumn('signup_country', 'text')
    .addUniqueConstraint('members_site_email_unique', ['site_id', 'email'])
    .execute();
  await addIndex(db, 'members_network_created_idx', 'members', ['network_id', 'created_at']);

  await db.schema
    .createTable('profiles')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('member_id', 'text', (c) => c.references('members.id').onDelete('cascade'))
    .addColumn('network_id', 'text', (c) => c.notNull())
    .addColumn('site_id', 'text')
    .$call(required('text', ['name', 'gender', 'seeking', 'birthdate', 'country']))
    .addColumn('region', 'text')
    .addColumn('city', 'text')
    .addColumn('sexuality', 'text')
    .addColumn('hair_color', 'text')
    .addColumn('eye_color', 'text')
    .addColumn('body_type', 'text')
    .addColumn('relationship_status', 'text')
    .addColumn('tattoos', 'text')
    .addColumn('text', 'text')
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('fictional', 'integer', flag('fictional'))
    .addColumn('public_consent', 'integer', flag('public_consent'))
    .addColumn('main_photo_id', 'text')
    .addColumn('last_active_at', ms)
    .$call(required(ms, ['created_at', 'updated_at']))
    .execute();
  // NULLs are distinct in a unique index on both dialects: many operator profiles, one per account.
  await addIndex(db, 'profiles_member_unique', 'profiles', ['member_id'], { unique: true });
  // Search: gender and an age range (a birthdate range) within the network.
  await addIndex(db, 'profiles_search_gender_idx', 'profiles', ['network_id', 'gender', 'birthdate', 'id']);
  // Search by place.
  await addIndex(db, 'profiles_search_place_idx', 'profiles', ['network_id', 'country', 'region', 'id']);
  // Default order of results (recently active first) and the "online" cards.
  await addIndex(db, 'profiles_active_idx', 'profiles', ['network_id', 'last_active_at', 'id']);

  await db.schema
    .createTable('photos')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('profile_id', 'text', cascadingReference('profiles.id'))
    .$call(required('text', ['network_id', 'filename', 'thumb_filename', 'match_filename', 'status']))
    .addColumn('locked', 'integer', flag('locked'))
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('created_at', ms, (c) => c.notNull())
    .execute();
  await addIndex(db, 'photos_profile_position_idx', 'photos', ['profile_id', 'position']);

  await db.schema
    .createTable('profile_interests')
    .addColumn('profile_id', 'text', cascadingReference('profiles.id'))
    .$call(required('text', ['network_id', 'interest']))
    .addPrimaryKeyConstraint('profile_interests_pk', ['profile_id', 'interest'])
    .execute();
  await addIndex(db, 'profile_interests_network_idx', 'profile_interests', ['network_id', 'interest']);

  await createProfilePairTable(db, 'likes', ['liker_profile_id', 'liked_profile_id'])
    .addColumn('seen_at', ms)
    .execute();
  // "Who liked me", newest first, and the newest unseen like for the like modal.
  await addIndex(db, 'likes_liked_idx', 'likes', ['liked_profile_id', 'created_at']);

  await db.schema
    .createTable('swipes')
    .addColumn('profile_id', 'text', cascadingReference('profiles.id'))
    .addColumn('target_profile_id', 'text', cascadingReference('profiles.id'))
    .$call(required('text', ['network_id', 'action']))
    .addColumn('created_at', ms, (c) => c.notNull())
    .addPrimaryKeyConstraint('swipes_pk', ['profile_id', 'target_profile_id'])
    .execute();
  // Counting today's likes.
  await addIndex(db, 'swipes_profile_created_idx', 'swipes', ['profile_id', 'created_at']);

  await createProfilePairTable(db, 'blocks', ['blocker_profile_id', 'blocked_profile_id']).execute();
  // "Am I blocked by them" is asked from the blocked side.
  await addIndex(db, 'blocks_blocked_idx', 'blocks', ['blocked_profile_id', 'blocker_profile_id']);

  await createNetworkTable(db, 'conversations')
    .addColumn('profile_a_id', 'text', cascadingReference('profiles.id'))
    .addColumn('profile_b_id', 'text', cascadingReference('profiles.id'))
    .addColumn('created_at', ms, (c) => c.notNull())
    .addColumn('last_message_at', ms)
    .addColumn('last_message_id', 'text')
    .addUniqueConstraint('conversations_pair_unique', ['profile_a_id', 'profile_b_id'])
    .execute();
  await addIndex(db, 'conversations_profile_b_idx', 'conversations', ['profile_b_id']);

  await db.schema
    .createTable('conversation_members')
    .addColumn('conversation_id', 'text', cascadingReference('conversations.id'))
    .addColumn('profile_id', 'text', cascadingReference('profiles.id'))
    .addColumn('network_id', 'text', (c) => c.notNull())
    .addColumn('unread_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('last_read_at', ms)
    .addColumn('deleted_at', ms)
    .addColumn('created_at', ms, (c) => c.notNull())
    .addPrimaryKeyConstraint('conversation_members_pk', ['conversation_id', 'profile_id'])
    .execute();
  // A profile's chat list.
  await addIndex(db, 'conversation_members_profile_idx', 'conversation_members', [
    'profile_id',
    'conversation_id',
  ]);

  await db.schema
    .createTable('messages')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('conversation_id', 'text', cascadingReference('conversations.id'))
    .addColumn('network_id', 'text', (c) => c.notNull())
    .addColumn('sender_profile_id', 'text', cascadingReference('profiles.id'))
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('text', 'text')
    .addColumn('photo_id', 'text')
    .addColumn('gift_id', 'text')
    .addColumn('credits_spent', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('client_id', 'text')
    .addColumn('created_at', ms, (c) => c.notNull())
    .addColumn('read_at', ms)
    .execute();
  // Pages of a conversation, newest first, stable under equal timestamps.
  await addIndex(db, 'messages_conversation_page_idx', 'messages', ['conversation_id', 'created_at', 'id']);
  // A retried send finds the first one instead of sending twice.
  await addIndex(db, 'messages_sender_client_unique', 'messages', ['sender_profile_id', 'client_id'], {
    unique: true,
  });

  await createNetworkTable(db, 'credit_ledger')
    .addColumn('site_id', 'text', (c) => c.notNull())
    .addColumn('member_id', 'text', cascadingReference('members.id'))
    .addColumn('delta', 'integer', (c) => c.notNull())
    .addColumn('reason', 'text', (c) => c.notNull())
    .addColumn('reference', 'text')
    .addColumn('balance_after', 'integer', (c) => c.notNull().check(sql`balance_after >= 0`))
    .addColumn('created_at', ms, (c) => c.notNull())
    .execute();
  await addIndex(db, 'credit_ledger_member_idx', 'credit_ledger', ['member_id', 'created_at']);
  // The same order or message can never be booked twice.
  await addIndex(
    db,
    'credit_ledger_reference_unique',
    'credit_ledger',
    ['member_id', 'reason', 'reference'],
    { unique: true },
  );

  await createNetworkTable(db, 'orders')
    .addColumn('site_id', 'text', (c) => c.notNull())
    .addColumn('member_id', 'text', (c) => c.notNull().references('members.id'))
    .addColumn('bundle_id', 'text', (c) => c.notNull())
    .$call(required('integer', ['credits', 'amount']))
    .$call(required('text', ['currency', 'payment_method', 'provider']))
    .addColumn('provider_payment_id', 'text')
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('discount_code', 'text')
    .addColumn('client_id', 'text')
    .addColumn('country', 'text')
    .addColumn('recurring', 'integer', flag('recurring'))
    .$call(required(ms, ['created_at', 'updated_at']))
    .addColumn('completed_at', ms)
    .execute();
  await addIndex(db, 'orders_provider_payment_unique', 'orders', ['provider', 'provider_payment_id'], {
    unique: true,
  });
  await addIndex(db, 'orders_member_client_unique', 'orders', ['member_id', 'client_id'], { unique: true });
  await addIndex(db, 'orders_member_created_idx', 'orders', ['member_id', 'created_at']);

  await discountCodesTable(db, 'discount_codes', { codeUnique: true }).execute();

  await db.schema
    .createTable('discount_redemptions')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('discount_code_id', 'text', cascadingReference('discount_codes.id'))
    .addColumn('member_id', 'text', cascadingReference('members.id'))
    .addColumn('network_id', 'text', (c) => c.notNull())
    .addColumn('order_id', 'text', (c) => c.references('orders.id').onDelete('set null'))
    .addColumn('created_at', ms, (c) => c.notNull())
    .addUniqueConstraint('discount_redemptions_once_unique', ['discount_code_id', 'member_id'])
    .execute();
  await addIndex(db, 'discount_redemptions_member_idx', 'discount_redemptions', ['member_id']);

  await createPushSubscriptions(db, 'push_subscriptions', { endpointUnique: true });
  await addIndex(db, 'push_subscriptions_member_idx', 'push_subscriptions', ['member_id']);

  await db.schema
    .createTable('notification_preferences')
    .addColumn('member_id', 'text', cascadingReference('members.id'))
    .$call(required('text', ['network_id', 'category']))
    .addColumn('disabled', 'integer', flag('disabled'))
    .addColumn('reason', 'text')
    .addColumn('updated_at', ms, (c) => c.notNull())
    .addPrimaryKeyConstraint('notification_preferences_pk', ['member_id', 'category'])
    .execute();

  await createNetworkTable(db, 'complaints')
    .addColumn('site_id', 'text', (c) => c.notNull())
    .addColumn('reporter_member_id', 'text', (c) => c.references('members.id').onDelete('set null'))
    .addColumn('profile_id', 'text', (c) => c.references('profiles.id').onDelete('set null'))
    .$call(required('text', ['category', 'text']))
    .addColumn('email', 'text')
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('open'))
    .addColumn('created_at', ms, (c) => c.notNull())
    .execute();
  await addIndex(db, 'complaints_network_status_idx', 'complaints', ['network_id', 'status', 'created_at']);

  await createNetworkTable(db, 'tracking_records')
    .addColumn('site_id', 'text', (c) => c.notNull())
    .addColumn('network', 'text')
    .addColumn('ref', 'text')
    .addColumn('sub', 'text')
    .addColumn('sub1', 'text')
    .addColumn('sub2', 'text')
    .addColumn('sub3', 'text')
    .addColumn('aff_sub1', 'text')
    .addColumn('aff_sub2', 'text')
    .addColumn('aff_sub3', 'text')
    .addColumn('cpc', 'text')
    .addColumn('landing_path', 'text')
    .addColumn('member_id', 'text', (c) => c.references('members.id').onDelete('set null'))
    .addColumn('created_at', ms, (c) => c.notNull())
    .execute();
  await addIndex(db, 'tracking_records_site_created_idx', 'tracking_records', ['site_id', 'created_at']);

  await db.schema
    .createTable('tokens')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('hash', 'text', (c) => c.notNull().unique())
    .addColumn('purpose', 'text', (c) => c.notNull())
    .addColumn('member_id', 'text', cascadingReference('members.id'))
    .$call(required('text', ['network_id', 'site_id']))
    .addColumn('payload', 'text')
    .$call(required(ms, ['created_at', 'expires_at']))
    .addColumn('used_at', ms)
    .execute();
  // Counting today's reset e-mails of a member, and invalidating older tokens of a purpose.
  await addIndex(db, 'tokens_member_purpose_idx', 'tokens', ['member_id', 'purpose', 'created_at']);

  await db.schema
    .createTable('sessions')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('member_id', 'text', cascadingReference('members.id'))
    .$call(required('text', ['network_id', 'site_id']))
    .$call(required(ms, ['created_at', 'expires_at', 'last_seen_at']))
    .addColumn('user_agent', 'text')
    .addColumn('ip', 'text')
    .execute();
  await addIndex(db, 'sessions_member_idx', 'sessions', ['member_id']);
  await addIndex(db, 'sessions_expires_idx', 'sessions', ['expires_at']);

  await createNetworkTable(db, 'auth_events')
    .addColumn('site_id', 'text', (c) => c.notNull())
    .addColumn('member_id', 'text', (c) => c.references('members.id').onDelete('set null'))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('ip', 'text')
    .addColumn('created_at', ms, (c) => c.notNull())
    .execute();
  await addIndex(db, 'auth_events_member_idx', 'auth_events', ['member_id', 'created_at']);
  await addIndex(db, 'auth_events_created_idx', 'auth_events', ['created_at']);

  await db.schema
    .createTable('rate_limit_counters')
    .addColumn('key', 'text', (c) => c.notNull())
    .addColumn('window_start', ms, (c) => c.notNull())
    .addColumn('count', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('rate_limit_counters_pk', ['key', 'window_start'])
    .execute();
  // Sweeping expired windows.
  await addIndex(db, 'rate_limit_counters_window_idx', 'rate_limit_counters', ['window_start']);

  await addSerialKey(db, db.schema.createTable('events'), 'id')
    .addColumn('member_id', 'text', cascadingReference('members.id'))
    .$call(required('text', ['network_id', 'type', 'data']))
    .addColumn('created_at', ms, (c) => c.notNull())
    .execute();
  // Catch-up after Last-Event-ID.
  await addIndex(db, 'events_member_id_idx', 'events', ['member_id', 'id']);
  await addIndex(db, 'events_created_idx', 'events', ['created_at']);
}

/**
 * The discount codes table under `name`, not yet made. Here the code is unique across every
 * network; 0038 makes the table again on SQLite (which cannot drop a column's UNIQUE) with these
 * columns, the code unique per network by an index instead.
 */
export function discountCodesTable(db: Kysely<any>, name: string, { codeUnique }: { codeUnique: boolean }) {
  const ms = msType(db);
  return db.schema
    .createTable(name)
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('code', 'text', (c) => (codeUnique ? c.notNull().unique() : c.notNull()))
    .addColumn('network_id', 'text')
    .addColumn('percentage', 'integer', (c) => c.notNull())
    .addColumn('minimum_amount', 'integer')
    .addColumn('currency', 'text')
    .addColumn('country', 'text')
    .addColumn('validity', 'text', (c) => c.notNull())
    .addColumn('active', 'integer', flag('active', 1))
    .addColumn('expires_at', ms)
    .addColumn('created_at', ms, (c) => c.notNull());
}

/**
 * The push subscriptions table under `name`. Here the endpoint is unique server-wide; 0007 makes
 * the table again on SQLite (which cannot drop a column's UNIQUE) with it unique per network.
 */
export async function createPushSubscriptions(
  db: Kysely<any>,
  name: string,
  { endpointUnique }: { endpointUnique: boolean },
): Promise<void> {
  const ms = msType(db);
  await db.schema
    .createTable(name)
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('member_id', 'text', cascadingReference('members.id'))
    .$call(required('text', ['network_id', 'site_id']))
    .addColumn('endpoint', 'text', (c) => (endpointUnique ? c.notNull().unique() : c.notNull()))
    .$call(required('text', ['p256dh', 'auth']))
    .addColumn('user_agent', 'text')
    .addColumn('created_at', ms, (c) => c.notNull())
    .addColumn('last_used_at', ms)
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  // Children before parents, so the foreign keys never block a drop.
  for (const table of [
    'events',
    'rate_limit_counters',
    'auth_events',
    'sessions',
    'tokens',
    'tracking_records',
    'complaints',
    'notification_preferences',
    'push_subscriptions',
    'discount_redemptions',
    'discount_codes',
    'orders',
    'credit_ledger',
    'messages',
    'conversation_members',
    'conversations',
    'blocks',
    'swipes',
    'likes',
    'profile_interests',
    'photos',
    'profiles',
    'members',
  ]) {
    await db.schema.dropTable(table).ifExists().execute();
  }
}
