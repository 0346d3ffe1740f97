import type { Kysely } from 'kysely';
import { addIndex, dropIndexes } from './schema-helpers.ts';

/*
 * The likes lists page by a keyset (like time, then the other profile's id, both descending), so
 * a page deep in a member's likes reads a page's worth of index entries:
 * - "whom I liked" walks the liker's likes by time (the primary key is ordered by the liked id);
 * - "who liked me" gets the liker's id beside 0001's (liked, time), which this index replaces:
 *   it serves everything that one did (the like modal's newest unseen like included).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await addIndex(db, 'likes_liker_time_idx', 'likes', ['liker_profile_id', 'created_at', 'liked_profile_id']);
  await addIndex(db, 'likes_liked_time_idx', 'likes', ['liked_profile_id', 'created_at', 'liker_profile_id']);
  await db.schema.dropIndex('likes_liked_idx').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await addIndex(db, 'likes_liked_idx', 'likes', ['liked_profile_id', 'created_at']);
  await dropIndexes(db, ['likes_liked_time_idx', 'likes_liker_time_idx']);
}
