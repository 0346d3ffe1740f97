import { type Kysely, type Selectable, SqliteAdapter, sql, type Transaction } from 'kysely';
import type { Database, PhotosTable, PhotoStatus } from '../../db/database.ts';
import { compiledOnce } from '../../db/compiled.ts';
import { deleteInNetwork, selectInNetwork, updateInNetwork } from '../../db/query-network.ts';
import { updatedOne } from '../../db/updated-one.ts';

/* The photos table and the profile's choice of main photo: the only SQL of the photos feature. */

type Db = Kysely<Database> | Transaction<Database>;

export type PhotoRow = Pick<
  Selectable<PhotosTable>,
  | 'id'
  | 'filename'
  | 'thumb_filename'
  | 'match_filename'
  | 'blur_filename'
  | 'blur_thumb_filename'
  | 'status'
  | 'locked'
  | 'position'
>;

const PHOTO_COLUMNS = [
  'id',
  'filename',
  'thumb_filename',
  'match_filename',
  'blur_filename',
  'blur_thumb_filename',
  'status',
  'locked',
  'position',
] as const;

/*
 * A profile's photos are read on every profile view and photo page: built and compiled once
 * (src/db/compiled.ts), run with each request's values. Each row carries the profile's choice
 * of main photo, so one statement tells both.
 */
const photosOfProfileQuery = compiledOnce<
  { network: string; profileId: string },
  PhotoRow & { main_photo_id: string | null }
>(['network', 'profileId'], (db, v) =>
  db
    .selectFrom('photos as ph')
    .innerJoin('profiles as p', (join) =>
      join.onRef('p.id', '=', 'ph.profile_id').onRef('p.network_id', '=', 'ph.network_id'),
    )
    .select(PHOTO_COLUMNS.map((column) => `ph.${column}` as const))
    .select('p.main_photo_id')
    .where('ph.network_id', '=', v.network)
    .where('ph.profile_id', '=', v.profileId)
    .orderBy('ph.position')
    .orderBy('ph.id'),
);

/**
 * A profile's photos in the member's order, and which one is the main photo (null without
 * photos: it is only ever compared with one of them).
 */
export async function profilePhotos(
  db: Db,
  network: string,
  profileId: string,
): Promise<{ photos: PhotoRow[]; mainPhotoId: string | null }> {
  const rows = await photosOfProfileQuery.execute(db, { network, profileId });
  return {
    photos: rows.map(({ main_photo_id: _main, ...photo }) => photo),
    mainPhotoId: rows[0]?.main_photo_id ?? null,
  };
}

export interface NewPhoto {
  id: string;
  profileId: string;
  filename: string;
  thumbFilename: string;
  matchFilename: string;
  blurFilename: string;
  blurThumbFilename: string;
  status: PhotoStatus;
  createdAt: number;
}

const isSqlite = (db: Db) => db.getExecutor().adapter instanceof SqliteAdapter;

/**
 * Adds the photo unless the profile already has `limit` photos; answers whether it did. The
 * count and the insert cannot be split by a parallel upload: SQLite runs them as one statement
 * (INSERT … SELECT … WHERE count < limit, which holds the database's write lock throughout);
 * PostgreSQL locks the profile's row first, so parallel uploads of one member queue behind it
 * and each counts what the one before it committed. The first photo becomes the main photo.
 */
export async function insertPhotoWithinLimit(
  db: Kysely<Database>,
  network: string,
  photo: NewPhoto,
  limit: number,
): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const p = photo.profileId;
    let inserted: boolean;
    if (isSqlite(trx)) {
      const result = await sql`
        INSERT INTO photos (id, profile_id, network_id, filename, thumb_filename, match_filename,
          blur_filename, blur_thumb_filename, status, locked, position, created_at)
        SELECT ${photo.id}, ${p}, ${network}, ${photo.filename}, ${photo.thumbFilename},
          ${photo.matchFilename}, ${photo.blurFilename}, ${photo.blurThumbFilename}, ${photo.status}, 0,
          COALESCE((SELECT MAX(position) + 1 FROM photos WHERE network_id = ${network} AND profile_id = ${p}), 0),
          ${photo.createdAt}
        WHERE (SELECT COUNT(*) FROM photos WHERE network_id = ${network} AND profile_id = ${p}) < ${limit}
      `.execute(trx);
      inserted = Number(result.numAffectedRows ?? 0) === 1;
    } else {
      const locked = await selectInNetwork(trx, 'profiles', network, { id: p })
        .select('id')
        .forUpdate()
        .executeTakeFirst();
      if (!locked) return false;
      const counted = await selectInNetwork(trx, 'photos', network, { profile_id: p })
        .select((eb) => [eb.fn.countAll<string | number>().as('n'), eb.fn.max('position').as('last')])
        .executeTakeFirstOrThrow();
      inserted = Number(counted.n) < limit;
      if (inserted)
        await trx
          .insertInto('photos')
          .values({
            id: photo.id,
            profile_id: p,
            network_id: network,
            filename: photo.filename,
            thumb_filename: photo.thumbFilename,
            match_filename: photo.matchFilename,
            blur_filename: photo.blurFilename,
            blur_thumb_filename: photo.blurThumbFilename,
            status: photo.status,
            locked: 0,
            position: counted.last === null ? 0 : Number(counted.last) + 1,
            created_at: photo.createdAt,
          })
          .execute();
    }
    if (inserted)
      await updateInNetwork(trx, 'profiles', network, { id: p })
        .set({ main_photo_id: photo.id })
        .where('main_photo_id', 'is', null)
        .execute();
    return inserted;
  });
}

/**
 * Makes one of the profile's photos its main photo, checked in the same statement: the photo is
 * the profile's, unlocked and not rejected (a locked photo is never the main one, whatever runs
 * at the same time). Answers whether it did, and the main photo it replaced (whose public files
 * the caller retires).
 */
export async function setMainPhoto(
  db: Kysely<Database>,
  network: string,
  profileId: string,
  photoId: string,
): Promise<{ done: boolean; previous: string | null }> {
  return db.transaction().execute(async (trx) => {
    const before = await selectInNetwork(trx, 'profiles', network, { id: profileId })
      .select('main_photo_id')
      .executeTakeFirst();
    const result = await updateInNetwork(trx, 'profiles', network, { id: profileId })
      .set({ main_photo_id: photoId })
      .where((eb) =>
        eb.exists(
          eb
            .selectFrom('photos')
            .select('id')
            .where('network_id', '=', network)
            .where('profile_id', '=', profileId)
            .where('id', '=', photoId)
            .where('locked', '=', 0)
            .where('status', '!=', 'rejected'),
        ),
      )
      .executeTakeFirst();
    return { done: Number(result.numUpdatedRows) === 1, previous: before?.main_photo_id ?? null };
  });
}

/**
 * Locks or unlocks one of the profile's photos; false when the profile has no such photo, or
 * (locking) when it is the main photo: checked in the same statement, so a photo chosen as main
 * at the same moment is never also locked.
 */
export async function setPhotoLocked(
  db: Db,
  network: string,
  profileId: string,
  photoId: string,
  locked: boolean,
): Promise<boolean> {
  let query = updateInNetwork(db, 'photos', network, { profile_id: profileId, id: photoId }).set({
    locked: locked ? 1 : 0,
  });
  if (locked)
    query = query.where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom('profiles')
            .select('id')
            .where('network_id', '=', network)
            .where('id', '=', profileId)
            .where('main_photo_id', '=', photoId),
        ),
      ),
    );
  return updatedOne(query);
}

/** The columns of a photo's five stored files. */
const FILE_COLUMNS = [
  'filename',
  'thumb_filename',
  'match_filename',
  'blur_filename',
  'blur_thumb_filename',
] as const;

/** A photo's five stored files, by their column. */
export type PhotoFiles = Pick<Selectable<PhotosTable>, (typeof FILE_COLUMNS)[number]>;

/** The profile's main photo with its files, if it has one. */
export async function mainPhotoOf(
  db: Db,
  network: string,
  profileId: string,
): Promise<({ id: string } & PhotoFiles) | undefined> {
  return db
    .selectFrom('profiles as p')
    .innerJoin('photos as ph', 'ph.id', 'p.main_photo_id')
    .select(['ph.id', ...FILE_COLUMNS.map((column) => `ph.${column}` as const)])
    .where('p.network_id', '=', network)
    .where('ph.network_id', '=', network)
    .where('p.id', '=', profileId)
    .executeTakeFirst();
}

/** One photo of the network with its files. */
export async function photoFiles(
  db: Db,
  network: string,
  photoId: string,
): Promise<({ id: string } & PhotoFiles) | undefined> {
  return selectInNetwork(db, 'photos', network, { id: photoId })
    .select(['id', ...FILE_COLUMNS])
    .executeTakeFirst();
}

/**
 * Points the photo at new names for its files, only while it still has the old ones (a rename or
 * a deletion at the same moment wins); answers whether it did.
 */
export async function renamePhotoFiles(
  db: Db,
  network: string,
  photoId: string,
  from: PhotoFiles,
  to: PhotoFiles,
): Promise<boolean> {
  return updatedOne(
    updateInNetwork(db, 'photos', network, { id: photoId }).set(to).where('filename', '=', from.filename),
  );
}

/** Every stored file of a photo row. */
export function filesOf(
  row: Pick<
    PhotoRow,
    'filename' | 'thumb_filename' | 'match_filename' | 'blur_filename' | 'blur_thumb_filename'
  >,
): string[] {
  return [
    row.filename,
    row.thumb_filename,
    row.match_filename,
    row.blur_filename,
    row.blur_thumb_filename,
  ].filter((file): file is string => !!file);
}

/**
 * A main photo leaving (deleted or rejected) hands its place to the next unlocked active photo
 * in the member's order, or to none: a locked photo is never the main one, and a pending or
 * rejected one is nobody's face.
 */
export async function passOnMainPhoto(
  trx: Transaction<Database>,
  network: string,
  profileId: string,
  leavingPhotoId: string,
): Promise<void> {
  const next = await selectInNetwork(trx, 'photos', network, { profile_id: profileId })
    .select('id')
    .where('id', '!=', leavingPhotoId)
    .where('status', '=', 'active')
    .where('locked', '=', 0)
    .orderBy('position')
    .orderBy('id')
    .limit(1)
    .executeTakeFirst();
  await updateInNetwork(trx, 'profiles', network, { id: profileId })
    .set({ main_photo_id: next?.id ?? null })
    .execute();
}

/**
 * Deletes one of the profile's photos and answers its files (to remove once this committed), or
 * undefined when the profile has no such photo. A deleted main photo hands its place to the
 * next unlocked active photo in the member's order, or to none.
 */
export async function deletePhoto(
  db: Kysely<Database>,
  network: string,
  profileId: string,
  photoId: string,
): Promise<string[] | undefined> {
  return db.transaction().execute(async (trx) => {
    const row = await selectInNetwork(trx, 'photos', network, { profile_id: profileId, id: photoId })
      .select([...PHOTO_COLUMNS])
      .executeTakeFirst();
    if (!row) return undefined;
    const profile = await selectInNetwork(trx, 'profiles', network, { id: profileId })
      .select('main_photo_id')
      .executeTakeFirst();
    if (profile?.main_photo_id === photoId) {
      await passOnMainPhoto(trx, network, profileId, photoId);
    }
    await deleteInNetwork(trx, 'photos', network, { id: photoId }).execute();
    return filesOf(row);
  });
}

/** Which stored size a media path names, by its suffix; `blur` is either blurred copy. */
export type FileKind = 'main' | 'thumb' | 'match' | 'blur';

export interface PhotoFileOwner {
  photoId: string;
  profileId: string;
  status: PhotoStatus;
  locked: boolean;
  isMain: boolean;
  profileStatus: string;
  /** Null for an operator's profile (no account). */
  memberStatus: string | null;
  invisible: boolean;
  private: boolean;
}

/** Whose photo file `path` is, found through the index of the column its kind is kept in. */
export async function photoFileOwner(
  db: Db,
  network: string,
  kind: FileKind,
  path: string,
): Promise<PhotoFileOwner | undefined> {
  let query = db
    .selectFrom('photos as ph')
    .innerJoin('profiles as p', 'p.id', 'ph.profile_id')
    .leftJoin('members as m', 'm.id', 'p.member_id')
    .select([
      'ph.id',
      'ph.profile_id',
      'ph.status',
      'ph.locked',
      'p.main_photo_id',
      'p.status as profile_status',
      'm.status as member_status',
      'm.invisible',
      'm.private',
    ])
    .where('ph.network_id', '=', network);
  if (kind === 'main') query = query.where('ph.filename', '=', path);
  else if (kind === 'thumb') query = query.where('ph.thumb_filename', '=', path);
  else if (kind === 'match') query = query.where('ph.match_filename', '=', path);
  else
    query = query.where((eb) =>
      eb.or([eb('ph.blur_filename', '=', path), eb('ph.blur_thumb_filename', '=', path)]),
    );
  const row = await query.executeTakeFirst();
  if (!row) return undefined;
  return {
    photoId: row.id,
    profileId: row.profile_id,
    status: row.status,
    locked: row.locked === 1,
    isMain: row.main_photo_id === row.id,
    profileStatus: row.profile_status,
    memberStatus: row.member_status,
    invisible: row.invisible === 1,
    private: row.private === 1,
  };
}

/** The member's photos for the data download. */
export async function exportPhotos(db: Db, network: string, profileId: string) {
  return selectInNetwork(db, 'photos', network, { profile_id: profileId })
    .select([
      'id',
      'filename',
      'thumb_filename',
      'match_filename',
      'status',
      'locked',
      'position',
      'created_at',
      'reviewed_at',
      'rejection_reason',
      'rejection_note',
    ])
    .orderBy('position')
    .execute();
}

/** Erasure: the profile loses its main photo and every photo row; answers all their files. */
export async function erasePhotos(
  trx: Transaction<Database>,
  network: string,
  profileId: string,
): Promise<string[]> {
  const ofProfile = { profile_id: profileId };
  const rows = await selectInNetwork(trx, 'photos', network, ofProfile).select(FILE_COLUMNS).execute();
  await updateInNetwork(trx, 'profiles', network, { id: profileId }).set({ main_photo_id: null }).execute();
  await deleteInNetwork(trx, 'photos', network, ofProfile).execute();
  return rows.flatMap(filesOf);
}
