import { type Kysely, sql } from 'kysely';
import { addIndex, msType } from './schema-helpers.ts';

/*
 * Photo moderation (issue: moderation of photos and texts). A photo waits for a moderator's look
 * while `reviewed_at` is null: pending on a pre-moderated site (nobody else sees it), already
 * active on a post-moderated one. A rejection keeps the photo's row with its reason, so the
 * member learns why on their photos page and the statement of reasons can be appealed.
 *
 * The queue reads the photos of a network not yet reviewed, oldest first: one index on exactly
 * that. Photos that exist before this migration count as reviewed (they were shown for years
 * under the old rule), except the pending ones, which have waited for this queue all along.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('photos').addColumn('reviewed_at', msType(db)).execute();
  await db.schema.alterTable('photos').addColumn('rejection_reason', 'text').execute();
  await db.schema.alterTable('photos').addColumn('rejection_note', 'text').execute();
  await sql`UPDATE photos SET reviewed_at = created_at WHERE status <> 'pending'`.execute(db);
  await addIndex(db, 'photos_review_idx', 'photos', ['network_id', 'reviewed_at', 'created_at', 'id']);
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('photos_review_idx').execute();
  await db.schema.alterTable('photos').dropColumn('rejection_note').execute();
  await db.schema.alterTable('photos').dropColumn('rejection_reason').execute();
  await db.schema.alterTable('photos').dropColumn('reviewed_at').execute();
}
