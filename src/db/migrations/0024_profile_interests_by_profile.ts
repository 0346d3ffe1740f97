import type { Kysely } from 'kysely';
import { addIndex } from './schema-helpers.ts';

/*
 * A profile's interests are read by (network, profile) on every profile a member opens, on
 * their own profile page and in `member.php`. The primary key (profile_id, interest) would find
 * them, but SQLite took the index on (network_id, interest) instead, which also covers the
 * column read: it walked every interest of the network to keep one profile's (3.8 ms at 500
 * profiles against 0.05 ms, and growing with the network). An index on (network_id, profile_id,
 * interest) answers both equalities and covers the read, so every planner takes it.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await addIndex(db, 'profile_interests_profile_idx', 'profile_interests', [
    'network_id',
    'profile_id',
    'interest',
  ]);
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('profile_interests_profile_idx').execute();
}
