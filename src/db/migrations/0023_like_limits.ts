import type { Kysely } from 'kysely';
import { createProfilePairTable, dropTables, msType, required } from './schema-helpers.ts';

/*
 * Likes are limited per member and day (the tenant's `limits.likes_per_day`, the swipe game's
 * own `swipe_likes_per_day` beside it). `like_days` holds the member's current day: when it ends
 * (fixed when it began, so a new time zone cannot start a second day before it is over) and
 * the likes counted in it. A count is taken by the like itself, in its transaction, and judged
 * after: parallel likes each see the others'. An unlike does not give a like back.
 *
 * `like_notices` remembers which likes the liked member was told of, so unliking and liking
 * the same profile again does not tell them again each time.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const ms = msType(db);
  await db.schema
    .createTable('like_days')
    .addColumn('profile_id', 'text', (c) => c.primaryKey().references('profiles.id').onDelete('cascade'))
    .addColumn('network_id', 'text', (c) => c.notNull())
    .addColumn('day_ends_at', ms, (c) => c.notNull())
    .$call(required('integer', ['likes', 'swipe_likes']))
    .execute();
  await createProfilePairTable(db, 'like_notices', ['liker_profile_id', 'liked_profile_id']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await dropTables(db, ['like_notices', 'like_days']);
}
