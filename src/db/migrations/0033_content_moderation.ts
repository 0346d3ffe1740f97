import { type Kysely, sql } from 'kysely';
import { addIndex, cascadingReference, createNetworkTable, msType, required } from './schema-helpers.ts';

/*
 * Photo moderation (issue: moderation of photos and texts). A photo waits for a moderator's look
 * while `reviewed_at` is null: pending on a pre-moderated site (nobody else sees it), already
 * active on a post-moderated one. A rejection keeps the photo's row with its reason, so the
 * member learns why on their photos page and the statement of reasons can be appealed.
 *
 * The queue reads the photos of a network not yet reviewed, oldest first: one index on exactly
 * that. Photos that exist before this migration count as reviewed (they were shown for years
 * under the old rule), except the pending ones, which have waited for this queue all along.
 *
 * A changed profile text on a site that reviews texts (`text_moderation`) is one row of
 * `text_reviews`: with `pre` the profile keeps its old text until a moderator approves the new
 * one (`value`); with `post` the profile shows the new one at once and the row keeps what it
 * replaced (`previous`), which returns if a moderator rejects the change. A profile has at most
 * one pending change per field: a newer change replaces it.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('photos').addColumn('reviewed_at', msType(db)).execute();
  await db.schema.alterTable('photos').addColumn('rejection_reason', 'text').execute();
  await db.schema.alterTable('photos').addColumn('rejection_note', 'text').execute();
  await sql`UPDATE photos SET reviewed_at = created_at WHERE status <> 'pending'`.execute(db);
  await addIndex(db, 'photos_review_idx', 'photos', ['network_id', 'reviewed_at', 'created_at', 'id']);

  const ms = msType(db);
  await createNetworkTable(db, 'text_reviews')
    .addColumn('profile_id', 'text', cascadingReference('profiles.id'))
    .$call(required('text', ['member_id', 'site_id', 'field', 'mode', 'value', 'status']))
    .addColumn('previous', 'text')
    .addColumn('reason', 'text')
    .addColumn('note', 'text')
    .addColumn('created_at', ms, (c) => c.notNull())
    .addColumn('decided_at', ms)
    .execute();
  await addIndex(db, 'text_reviews_queue_idx', 'text_reviews', ['network_id', 'status', 'created_at', 'id']);
  await addIndex(db, 'text_reviews_profile_idx', 'text_reviews', ['network_id', 'profile_id', 'field']);
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('text_reviews').execute();
  await db.schema.dropIndex('photos_review_idx').execute();
  await db.schema.alterTable('photos').dropColumn('rejection_note').execute();
  await db.schema.alterTable('photos').dropColumn('rejection_reason').execute();
  await db.schema.alterTable('photos').dropColumn('reviewed_at').execute();
}
