/*
 * STUB (issue 10, profile view helper): the photos helper builds the real `photosForViewer`
 * with blurred variants and access-checked paths. MERGER: take the photos helper's version of
 * this file and delete photos.viewer-stub.repository.ts.
 */
import type { ServiceContext } from '../../server/context.ts';
import { mediaUrl } from '../profiles/index.ts';
import { activePhotosOf } from './photos.viewer-stub.repository.ts';

/** A photo as another member sees it (API.md "photo", without the owner's moderation status). */
export interface ViewerPhoto {
  id: string;
  filename: string;
  thumb_filename: string;
  match: string;
  locked: boolean;
  blurred: boolean;
  main: boolean;
}

/** STUB: the owner's active photos; a locked one is marked blurred for a non-premium viewer (same files). */
export async function photosForViewer(
  ctx: ServiceContext,
  ownerProfileId: string,
  viewer: { profileId: string; premium: boolean } | null,
): Promise<ViewerPhoto[]> {
  const rows = await activePhotosOf(ctx.db, ctx.network, ownerProfileId);
  const own = viewer?.profileId === ownerProfileId;
  return rows.map((row) => ({
    id: row.id,
    filename: mediaUrl(ctx.site.cdnPrefix, row.filename),
    thumb_filename: mediaUrl(ctx.site.cdnPrefix, row.thumb_filename),
    match: mediaUrl(ctx.site.cdnPrefix, row.match_filename),
    locked: row.locked === 1,
    blurred: row.locked === 1 && !own && !viewer?.premium,
    main: row.id === row.main_photo_id,
  }));
}
