import { randomBytes } from 'node:crypto';
import { newId } from '../../db/ids.ts';
import type { ServiceContext } from '../../server/context.ts';
import { DomainError, invalidFields, platformError } from '../../server/errors.ts';
import { blockBetween, mediaUrl } from '../profiles/index.ts';
import { ImageRefused, processPhoto } from './photos.image.ts';
import {
  deletePhoto,
  filesOf,
  insertPhotoWithinLimit,
  photoFileOwner,
  type FileKind,
  type PhotoRow,
  profilePhotos,
  mainPhotoOf,
  photoFiles,
  renamePhotoFiles,
  setMainPhoto,
  setPhotoLocked,
  type PhotoFiles,
} from './photos.repository.ts';
import { rejectionsOf } from './photos.moderation.repository.ts';
import { PHOTO_LIMITS, type Photo, type PhotosAnswer, type PhotoUpdate } from './photos.schemas.ts';
import { PHOTO_REJECTION_REASONS, type PhotoRejectionReason } from './photos.types.ts';

/** Who manages photos: the session member's profile and whether they are premium. */
export interface PhotoOwner {
  profileId: string;
  paidUser: boolean;
  /**
   * The address of a photo's file (its storage key) in the owner's own list: the site's media
   * route by default; the console's for an operator-run profile managed there.
   */
  media?: (key: string) => string;
}

/** A photo as another feature shows it to a viewer (the profile view, the like modal). */
export interface ViewerPhoto {
  id: string;
  filename: string;
  thumb_filename: string;
  match: string;
  locked: boolean;
  /** The paths are the blurred copies: a locked photo seen by a viewer without premium. */
  blurred: boolean;
  main: boolean;
}

export function photoLimit(owner: Pick<PhotoOwner, 'paidUser'>): number {
  return owner.paidUser ? PHOTO_LIMITS.premium : PHOTO_LIMITS.free;
}

function limitReached(limit: number): DomainError {
  return new DomainError('photo_limit_reached', {
    status: 403,
    message: 'photos.error.limit_reached',
    vars: { limit },
    details: { limit },
  });
}

function toPhoto(
  ctx: ServiceContext,
  owner: PhotoOwner,
  row: PhotoRow,
  mainPhotoId: string | null,
  rejections?: Map<string, { reason: string | null; note: string | null }>,
): Photo {
  const rejection = row.status === 'rejected' ? rejections?.get(row.id) : undefined;
  const media = owner.media ?? ((key: string) => mediaUrl(ctx.site.cdnPrefix, key));
  return {
    id: row.id,
    filename: media(row.filename),
    thumb_filename: media(row.thumb_filename),
    match: media(row.match_filename),
    status: row.status,
    locked: row.locked === 1,
    main: row.id === mainPhotoId,
    ...(rejection && {
      rejection: { reason: rejectionReason(rejection.reason), note: rejection.note },
    }),
  };
}

/** A stored reason as one the member's page has words for (an unknown one reads as `other`). */
function rejectionReason(reason: string | null): PhotoRejectionReason {
  return (PHOTO_REJECTION_REASONS as readonly (string | null)[]).includes(reason)
    ? (reason as PhotoRejectionReason)
    : 'other';
}

/**
 * `GET /api/photos.php`: the member's own photos, every status, and their limit; a rejected one
 * says why (its files are served to nobody, the owner included).
 */
export async function ownPhotos(ctx: ServiceContext, owner: PhotoOwner): Promise<PhotosAnswer> {
  const { photos, mainPhotoId } = await profilePhotos(ctx.db, ctx.network, owner.profileId);
  const rejections = photos.some((p) => p.status === 'rejected')
    ? await rejectionsOf(ctx.db, ctx.network, owner.profileId)
    : undefined;
  return {
    photos: photos.map((row) => toPhoto(ctx, owner, row, mainPhotoId, rejections)),
    limit: photoLimit(owner),
  };
}

/**
 * A storage key nobody can guess or derive from another: each file of a photo gets its own
 * 128 random bits, so the blurred copy's address tells nothing of the full one's.
 */
function newFileKey(network: string, kind: FileKind): string {
  const name = randomBytes(16).toString('hex');
  return `${network}/${name.slice(0, 2)}/${name}-${kind}.webp`;
}

/** Uploads a member may make: room for a whole gallery of 25 at once, and retries. */
export const UPLOAD_RATE = { limit: 40, windowMs: 60 * 60_000 };

/**
 * Photos and pictures share one budget: each upload costs a decode and five encodes, so a member
 * who uploads and deletes in a loop is slowed down before the work, whatever the photo limit.
 */
async function paceUploads(ctx: ServiceContext, profileId: string): Promise<void> {
  const pace = await ctx.rateLimiter.consume(
    `photo-upload:${ctx.network}:${profileId}`,
    UPLOAD_RATE,
    ctx.clock.now(),
  );
  if (!pace.allowed) throw platformError('rate_limited', { retryAfter: pace.retryAfter });
}

/** The upload's files, or the 422 of an image that cannot be one (`image_invalid` …). */
async function decodeUpload(bytes: Uint8Array): Promise<Awaited<ReturnType<typeof processPhoto>>> {
  try {
    return await processPhoto(bytes);
  } catch (error) {
    if (error instanceof ImageRefused) throw invalidFields({ photo: error.code });
    throw error;
  }
}

/**
 * `POST /api/photos.php`: re-encodes the upload (see photos.image.ts), stores its five files and
 * adds the photo within the member's limit. Files are written before the row (a row never points
 * at a missing file); when the limit or anything else refuses, they are removed again.
 */
export async function uploadPhoto(
  ctx: ServiceContext,
  owner: PhotoOwner,
  bytes: Uint8Array,
): Promise<{ photo: Photo }> {
  await paceUploads(ctx, owner.profileId);
  const limit = photoLimit(owner);
  // Cheap early answer at the limit, before the CPU of decoding; the insert decides for real.
  const before = await profilePhotos(ctx.db, ctx.network, owner.profileId);
  if (before.photos.length >= limit) throw limitReached(limit);
  const files = await decodeUpload(bytes);
  const keys = {
    filename: newFileKey(ctx.network, 'main'),
    thumbFilename: newFileKey(ctx.network, 'thumb'),
    matchFilename: newFileKey(ctx.network, 'match'),
    blurFilename: newFileKey(ctx.network, 'blur'),
    blurThumbFilename: newFileKey(ctx.network, 'blur'),
  };
  const written: string[] = [];
  const removeWritten = () => Promise.allSettled(written.map((key) => ctx.storage.remove(key)));
  const id = newId();
  let inserted = false;
  try {
    const puts: [string, Uint8Array][] = [
      [keys.filename, files.full],
      [keys.thumbFilename, files.thumb],
      [keys.matchFilename, files.match],
      [keys.blurFilename, files.blurFull],
      [keys.blurThumbFilename, files.blurThumb],
    ];
    await Promise.all(
      puts.map(async ([key, body]) => {
        written.push(key);
        await ctx.storage.put(key, body);
      }),
    );
    inserted = await insertPhotoWithinLimit(
      ctx.db,
      ctx.network,
      {
        id,
        profileId: owner.profileId,
        ...keys,
        status: ctx.site.photoModeration === 'pre' ? 'pending' : 'active',
        createdAt: ctx.clock.now(),
      },
      limit,
    );
  } catch (error) {
    await removeWritten();
    throw error;
  }
  if (!inserted) {
    await removeWritten();
    throw limitReached(limit);
  }
  const after = await profilePhotos(ctx.db, ctx.network, owner.profileId);
  const row = after.photos.find((p) => p.id === id)!;
  return { photo: toPhoto(ctx, owner, row, after.mainPhotoId) };
}

const notFound = () => platformError('not_found');

/**
 * `PUT /api/photos.php`. The main photo is the profile's face on cards, landers and share images,
 * shown to everyone: it cannot be locked, and a locked photo cannot become it. A pending photo
 * may be chosen; others see it only once it is active (until then cards show no photo).
 */
export async function updatePhoto(
  ctx: ServiceContext,
  owner: PhotoOwner,
  input: PhotoUpdate,
): Promise<PhotosAnswer> {
  const { photos, mainPhotoId } = await profilePhotos(ctx.db, ctx.network, owner.profileId);
  const photo = photos.find((p) => p.id === input.id);
  // Another member's photo, or none: the same 404, so ids cannot be probed.
  if (!photo) throw notFound();
  if ('main' in input) {
    if (photo.locked === 1) throw invalidFields({ main: 'photo_locked' });
    if (photo.status === 'rejected') throw invalidFields({ main: 'photo_rejected' });
    const { done, previous } = await setMainPhoto(ctx.db, ctx.network, owner.profileId, photo.id);
    // Locked or rejected since it was read: the statement checked again and left it.
    if (!done) throw (await refusalOf(ctx, owner, photo.id)) ?? notFound();
    // The photo it replaced stops being public: its old addresses stop answering.
    if (previous && previous !== photo.id) await retirePhotoFiles(ctx, previous);
  } else {
    if (input.locked && photo.id === mainPhotoId) throw invalidFields({ locked: 'main_photo' });
    if (!(await setPhotoLocked(ctx.db, ctx.network, owner.profileId, photo.id, input.locked))) {
      // Made the main photo since it was read: the statement checked again and left it unlocked.
      const now = await profilePhotos(ctx.db, ctx.network, owner.profileId);
      if (now.mainPhotoId === photo.id) throw invalidFields({ locked: 'main_photo' });
      throw notFound();
    }
  }
  return ownPhotos(ctx, owner);
}

/** Why a photo cannot be the main one now, read again after the statement refused it. */
async function refusalOf(
  ctx: ServiceContext,
  owner: PhotoOwner,
  id: string,
): Promise<DomainError | undefined> {
  const { photos } = await profilePhotos(ctx.db, ctx.network, owner.profileId);
  const photo = photos.find((p) => p.id === id);
  if (photo?.locked === 1) return invalidFields({ main: 'photo_locked' });
  if (photo?.status === 'rejected') return invalidFields({ main: 'photo_rejected' });
  return undefined;
}

/**
 * Gives a photo's files new random names, so that the addresses it had stop answering at once
 * (and a cache that kept them can never refresh them): what happens when a public photo stops
 * being public (replaced as main, its member invisible, private or deleted, the photo rejected).
 * The new files are written before the row points at them and the old ones removed after, so a
 * viewer allowed to see the photo never meets a missing file. A photo renamed or deleted at the
 * same moment keeps what that did.
 */
export async function retirePhotoFiles(ctx: ServiceContext, photoId: string): Promise<void> {
  const photo = await photoFiles(ctx.db, ctx.network, photoId);
  if (photo) await renameFiles(ctx, photo);
}

/** `retirePhotoFiles` for the profile's main photo (the one that is public), if it has one. */
export async function retireMainPhotoFiles(ctx: ServiceContext, profileId: string): Promise<void> {
  const photo = await mainPhotoOf(ctx.db, ctx.network, profileId);
  if (photo) await renameFiles(ctx, photo);
}

async function renameFiles(ctx: ServiceContext, photo: { id: string } & PhotoFiles): Promise<void> {
  const renamed = (key: string | null, kind: FileKind) => (key ? newFileKey(ctx.network, kind) : key);
  const to: PhotoFiles = {
    filename: newFileKey(ctx.network, 'main'),
    thumb_filename: newFileKey(ctx.network, 'thumb'),
    match_filename: newFileKey(ctx.network, 'match'),
    blur_filename: renamed(photo.blur_filename, 'blur'),
    blur_thumb_filename: renamed(photo.blur_thumb_filename, 'blur'),
  };
  const pairs = (Object.keys(to) as Array<keyof PhotoFiles>)
    .map((column) => [photo[column], to[column]] as const)
    .filter((pair): pair is readonly [string, string] => !!pair[0] && !!pair[1]);
  const written: string[] = [];
  try {
    await Promise.all(
      pairs.map(async ([from, key]) => {
        const body = await ctx.storage.read(from);
        if (!body) return;
        written.push(key);
        await ctx.storage.put(key, body);
      }),
    );
    if (!(await renamePhotoFiles(ctx.db, ctx.network, photo.id, photo, to))) {
      await Promise.allSettled(written.map((key) => ctx.storage.remove(key)));
      return;
    }
  } catch (error) {
    await Promise.allSettled(written.map((key) => ctx.storage.remove(key)));
    throw error;
  }
  await Promise.allSettled(pairs.map(([from]) => ctx.storage.remove(from)));
}

/** `DELETE /api/photos.php?id=ID`: the row goes first, then its files (an orphan file at worst). */
export async function removePhoto(ctx: ServiceContext, owner: PhotoOwner, id: string): Promise<PhotosAnswer> {
  const files = await deletePhoto(ctx.db, ctx.network, owner.profileId, id);
  if (!files) throw notFound();
  await Promise.allSettled(files.map((key) => ctx.storage.remove(key)));
  return ownPhotos(ctx, owner);
}

/**
 * A profile's photos as `viewer` may see them (null: a visitor). The owner sees all their own
 * but the rejected ones (served to nobody);
 * anyone else only active ones, a locked one as its blurred copies unless premium. The main
 * photo is never shown blurred (it cannot be locked). The caller has checked that the viewer
 * may see the profile at all (visibility, blocks).
 */
export async function photosForViewer(
  ctx: ServiceContext,
  ownerProfileId: string,
  viewer: { profileId: string; premium: boolean } | null,
): Promise<ViewerPhoto[]> {
  const { photos, mainPhotoId } = await profilePhotos(ctx.db, ctx.network, ownerProfileId);
  const own = viewer?.profileId === ownerProfileId;
  const url = (file: string) => mediaUrl(ctx.site.cdnPrefix, file);
  const shown: ViewerPhoto[] = [];
  for (const row of photos) {
    if (row.status === 'rejected' || (!own && row.status !== 'active')) continue;
    const locked = row.locked === 1 && row.id !== mainPhotoId;
    const blurred = locked && !own && !viewer?.premium;
    const base = { id: row.id, locked, blurred, main: row.id === mainPhotoId };
    if (!blurred) {
      shown.push({
        ...base,
        filename: url(row.filename),
        thumb_filename: url(row.thumb_filename),
        match: url(row.match_filename),
      });
    } else if (row.blur_filename && row.blur_thumb_filename) {
      shown.push({
        ...base,
        filename: url(row.blur_filename),
        thumb_filename: url(row.blur_thumb_filename),
        match: url(row.blur_thumb_filename),
      });
    }
    // A locked photo without blurred copies (made before they existed) is not shown blurred at all.
  }
  return shown;
}

/** The names `newFileKey` gives; files named otherwise come from the demo seed or older code. */
const UPLOADED_NAME = /\/[a-f0-9]{32}-[a-z]+\.webp$/;

/** How the media route answers a file: to anyone and cacheable, to this viewer only, or not. */
export type MediaAccess = 'public' | 'private' | 'denied';

/** The stored kind a media path names (its suffix), or undefined for a path that is no photo file. */
export function fileKind(path: string): FileKind | undefined {
  return /-(main|thumb|match|blur)\.webp$/.exec(path)?.[1] as FileKind | undefined;
}

/**
 * Who may have a stored photo file (API.md "photo"). The active main photo of a visible profile
 * is public (landers, share images, visitor search), though not to a member either side blocked.
 * Any other file only after checking the viewer: the owner always; another member when the
 * photo is active, the profile shown, and neither blocked the other; a locked photo's sharp
 * files only to premium members (the others get its blurred copies, under other names). A
 * member who deleted the account is shown to nobody, owner included, until the account returns;
 * nor is a rejected photo.
 * A file of no photo row is refused when its name is an upload's (its photo is gone, the file
 * only not yet removed); other names keep the route's old rule (public), as before this feature.
 */
export async function mediaAccess(
  ctx: ServiceContext,
  path: string,
  viewer: { profileId: string; premium: boolean } | null,
): Promise<MediaAccess> {
  const kind = fileKind(path);
  if (!kind) return 'denied';
  const file = await photoFileOwner(ctx.db, ctx.network, kind, path);
  // An upload's file without its row is being deleted, or its removal failed: nobody's any more.
  if (!file) return UPLOADED_NAME.test(path) ? 'denied' : 'public';
  // A rejected photo is served to nobody, its owner included: the moderator judged it unfit to show.
  if (file.memberStatus === 'deleted' || file.status === 'rejected') return 'denied';
  if (viewer?.profileId === file.profileId) return 'private';
  if (file.status !== 'active' || file.profileStatus !== 'active') return 'denied';
  const shownToAll =
    file.memberStatus === null || (file.memberStatus === 'active' && !file.invisible && !file.private);
  if (viewer) {
    const block = await blockBetween(ctx.db, ctx.network, viewer.profileId, file.profileId);
    if (block.byViewer || block.byThem) return 'denied';
  }
  if (file.isMain && shownToAll) return 'public';
  if (!viewer) return 'denied';
  if (file.locked && !file.isMain && kind !== 'blur' && !viewer.premium) return 'denied';
  return 'private';
}

export { filesOf };

/** The stored files of a picture that is not a profile photo (a chat picture). */
export interface StoredPicture {
  filename: string;
  thumbFilename: string;
  blurFilename: string;
  blurThumbFilename: string;
}

/**
 * Re-encodes a picture through the same pipeline as profile photos (format and size checks,
 * metadata stripped, sharp and blurred copies) and stores it under random names, for a feature
 * that keeps its own row of it (chat pictures). Counts against no photo limit; paced like
 * uploads. 422 `image_invalid` / `image_too_large` as for photos. The caller removes the files
 * (`removePictureFiles`) when its own row cannot be written.
 */
export async function storePicture(
  ctx: ServiceContext,
  profileId: string,
  bytes: Uint8Array,
): Promise<StoredPicture> {
  await paceUploads(ctx, profileId);
  const files = await decodeUpload(bytes);
  const keys: StoredPicture = {
    filename: newFileKey(ctx.network, 'main'),
    thumbFilename: newFileKey(ctx.network, 'thumb'),
    blurFilename: newFileKey(ctx.network, 'blur'),
    blurThumbFilename: newFileKey(ctx.network, 'blur'),
  };
  const puts: [string, Uint8Array][] = [
    [keys.filename, files.full],
    [keys.thumbFilename, files.thumb],
    [keys.blurFilename, files.blurFull],
    [keys.blurThumbFilename, files.blurThumb],
  ];
  try {
    await Promise.all(puts.map(([key, body]) => ctx.storage.put(key, body)));
  } catch (error) {
    await removePictureFiles(ctx, keys);
    throw error;
  }
  return keys;
}

/** Removes the files of a stored picture (what `storePicture` wrote). */
export async function removePictureFiles(ctx: ServiceContext, picture: StoredPicture): Promise<void> {
  await Promise.allSettled(Object.values(picture).map((key: string) => ctx.storage.remove(key)));
}
