import type { Kysely } from 'kysely';
import { addIndex } from './schema-helpers.ts';

/*
 * Uploaded photos get blurred copies (full size and thumbnail) that a non-premium viewer sees of
 * a locked photo. Each file has its own random name, so the blurred file's address says nothing
 * of the full one's: the names are kept per column rather than derived from one base.
 *
 * The media route looks a requested file up by its name in the column its suffix names (main,
 * thumb, match, blur): one index per column keeps each lookup a single probe. `filename` has
 * its index since 0008.
 */
const INDEXED = ['thumb_filename', 'match_filename', 'blur_filename', 'blur_thumb_filename'] as const;

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('photos').addColumn('blur_filename', 'text').execute();
  await db.schema.alterTable('photos').addColumn('blur_thumb_filename', 'text').execute();
  for (const column of INDEXED) {
    await addIndex(db, `photos_${column}_idx`, 'photos', ['network_id', column]);
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const column of INDEXED) await db.schema.dropIndex(`photos_${column}_idx`).execute();
  await db.schema.alterTable('photos').dropColumn('blur_thumb_filename').execute();
  await db.schema.alterTable('photos').dropColumn('blur_filename').execute();
}
