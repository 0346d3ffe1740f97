/* STUB (issue 10, profile view helper): SQL of the stub photosForViewer; the merger deletes this file. */
import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.ts';

export async function activePhotosOf(db: Kysely<Database>, network: string, profileId: string) {
  return db
    .selectFrom('photos as ph')
    .innerJoin('profiles as p', 'p.id', 'ph.profile_id')
    .select([
      'ph.id',
      'ph.filename',
      'ph.thumb_filename',
      'ph.match_filename',
      'ph.locked',
      'p.main_photo_id',
    ])
    .where('ph.network_id', '=', network)
    .where('ph.profile_id', '=', profileId)
    .where('ph.status', '=', 'active')
    .orderBy('ph.position')
    .orderBy('ph.id')
    .execute();
}
