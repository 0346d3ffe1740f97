import type { Kysely } from 'kysely';
import { addIndex } from './schema-helpers.ts';

/*
 * The media route asks, for every photo file it serves, whose photo it is (a member who deleted
 * their account is no longer shown, though the files stay until the erasure): an index on the
 * stored name keeps that one lookup cheap.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await addIndex(db, 'photos_filename_idx', 'photos', ['network_id', 'filename']);
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('photos_filename_idx').execute();
}
