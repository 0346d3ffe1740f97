import type { Kysely, Transaction } from 'kysely';
import type { Database, PhotoStatus } from '../../db/database.ts';
import { selectInNetwork, updateInNetwork } from '../../db/query-network.ts';
import { passOnMainPhoto } from './photos.repository.ts';
import { networksKeysetPage, type NetworksPage } from '../../db/keyset.ts';
import { updatedOne } from '../../db/updated-one.ts';

/* The photo queue's SQL: which photos wait for a moderator, and the decision on one. */

type Db = Kysely<Database> | Transaction<Database>;

export interface QueuedPhotoRow {
  id: string;
  network_id: string;
  profile_id: string;
  status: PhotoStatus;
  filename: string;
  created_at: number;
  name: string;
  birthdate: string;
  site_id: string;
}

/** Photos with their profile and member: an operator-run profile has no member, so its photos drop out. */
function membersPhotos(db: Db) {
  return db
    .selectFrom('photos as ph')
    .innerJoin('profiles as p', (join) =>
      join.onRef('p.id', '=', 'ph.profile_id').onRef('p.network_id', '=', 'ph.network_id'),
    )
    .innerJoin('members as m', 'm.id', 'p.member_id');
}

/**
 * Members' photos no moderator has decided on yet (pending ones, and active ones of
 * post-moderated sites), oldest first, in the given networks ('all': every network). Photos of
 * operator-run profiles are the operator's own and never queued.
 */
export async function photoQueue(db: Db, page: NetworksPage): Promise<QueuedPhotoRow[]> {
  const query = membersPhotos(db)
    .select([
      'ph.id',
      'ph.network_id',
      'ph.profile_id',
      'ph.status',
      'ph.filename',
      'ph.created_at',
      'p.name',
      'p.birthdate',
      'm.site_id',
    ])
    .where('ph.reviewed_at', 'is', null)
    .where('ph.status', '!=', 'rejected')
    .where('m.status', '!=', 'deleted');
  return networksKeysetPage(
    query,
    { network: 'ph.network_id', time: 'ph.created_at', id: 'ph.id' },
    'asc',
    page,
  );
}

export interface PhotoUnderReview {
  id: string;
  network_id: string;
  profile_id: string;
  member_id: string;
  site_id: string;
  status: PhotoStatus;
  reviewed_at: number | null;
  filename: string;
  created_at: number;
  email: string;
  language: string;
  name: string;
}

/** One member photo by id, in whichever network it is (the caller checks the staff's networks). */
export async function photoUnderReview(db: Db, photoId: string): Promise<PhotoUnderReview | undefined> {
  return membersPhotos(db)
    .select([
      'ph.id',
      'ph.network_id',
      'ph.profile_id',
      'm.id as member_id',
      'm.site_id',
      'ph.status',
      'ph.reviewed_at',
      'ph.filename',
      'ph.created_at',
      'm.email',
      'm.language',
      'p.name',
    ])
    .where('ph.id', '=', photoId)
    .executeTakeFirst();
}

export type PhotoDecisionRow =
  { decision: 'approve' } | { decision: 'reject'; reason: string; note: string | null };

/**
 * Writes a moderator's decision while nobody has decided yet (two moderators on one photo: the
 * first wins, the second learns it). An approved photo becomes the main one of a profile that
 * has none; a rejected main photo hands its place to the next unlocked active photo, or none.
 * Answers whether it decided, and whether the profile's main photo changed.
 */
export async function decidePhoto(
  trx: Transaction<Database>,
  network: string,
  photo: { id: string; profileId: string },
  decision: PhotoDecisionRow,
  now: number,
): Promise<{ decided: boolean; mainChanged: boolean }> {
  const set =
    decision.decision === 'approve'
      ? { status: 'active' as const, reviewed_at: now, rejection_reason: null, rejection_note: null }
      : {
          status: 'rejected' as const,
          reviewed_at: now,
          rejection_reason: decision.reason,
          rejection_note: decision.note,
        };
  const decided = await updatedOne(
    updateInNetwork(trx, 'photos', network, { id: photo.id })
      .set(set)
      .where('reviewed_at', 'is', null)
      .where('status', '!=', 'rejected'),
  );
  if (!decided) return { decided: false, mainChanged: false };
  const profile = await selectInNetwork(trx, 'profiles', network, { id: photo.profileId })
    .select('main_photo_id')
    .executeTakeFirst();
  const main = profile?.main_photo_id ?? null;
  if (decision.decision === 'approve') {
    if (main !== null) return { decided: true, mainChanged: main === photo.id };
    await updateInNetwork(trx, 'profiles', network, { id: photo.profileId })
      .set({ main_photo_id: photo.id })
      .where('main_photo_id', 'is', null)
      .execute();
    return { decided: true, mainChanged: true };
  }
  if (main !== photo.id) return { decided: true, mainChanged: false };
  await passOnMainPhoto(trx, network, photo.profileId, photo.id);
  return { decided: true, mainChanged: true };
}

/** The rejection of each of the profile's rejected photos, for the owner's list. */
export async function rejectionsOf(
  db: Db,
  network: string,
  profileId: string,
): Promise<Map<string, { reason: string | null; note: string | null }>> {
  const rows = await selectInNetwork(db, 'photos', network, { profile_id: profileId, status: 'rejected' })
    .select(['id', 'rejection_reason', 'rejection_note'])
    .execute();
  return new Map(rows.map((r) => [r.id, { reason: r.rejection_reason, note: r.rejection_note }]));
}

/** Whether `path` is a file of one of the network's profile photos (the console may show it). */
export async function isProfilePhotoFile(db: Db, network: string, path: string): Promise<boolean> {
  const row = await selectInNetwork(db, 'photos', network, {})
    .select('id')
    .where((eb) =>
      eb.or([eb('filename', '=', path), eb('thumb_filename', '=', path), eb('match_filename', '=', path)]),
    )
    .executeTakeFirst();
  return !!row;
}

/**
 * A rejected photo back to active, when an appeal against its rejection succeeded. Its files
 * kept the new names they got at the rejection, so no old address answers again. Becomes the
 * main photo only of a profile that has none. Answers whether it was rejected.
 */
export async function restoreRejectedPhoto(
  trx: Transaction<Database>,
  network: string,
  photoId: string,
  now: number,
): Promise<boolean> {
  const photo = await selectInNetwork(trx, 'photos', network, { id: photoId })
    .select(['profile_id', 'status'])
    .executeTakeFirst();
  if (!photo || photo.status !== 'rejected') return false;
  await updateInNetwork(trx, 'photos', network, { id: photoId })
    .set({ status: 'active', reviewed_at: now, rejection_reason: null, rejection_note: null })
    .where('status', '=', 'rejected')
    .execute();
  await updateInNetwork(trx, 'profiles', network, { id: photo.profile_id })
    .set({ main_photo_id: photoId })
    .where('main_photo_id', 'is', null)
    .execute();
  return true;
}
