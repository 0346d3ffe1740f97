import { newId } from '../../db/ids.ts';
import type { ServiceContext } from '../../server/context.ts';
import { removePictureFiles, storePicture } from '../photos/index.ts';
import { blockBetween, mediaUrl } from '../profiles/index.ts';
import {
  chatPhotoFileAudience,
  chatPhotoUploader,
  insertChatPhoto,
  type MessageRow,
} from './chat.repository.ts';
import type { ChatMessage } from './chat.schemas.ts';

/*
 * Pictures sent in a chat: re-encoded by the photos feature's pipeline, stored under random
 * names, and answered by the media route only to the two sides of the conversation (the
 * uploader alone until it is sent). They count against no photo limit.
 */

/** An image message's files as the API shows them (the site's cdn prefix in front). */
export function chatPhotoUrls(ctx: ServiceContext, row: MessageRow): ChatMessage['photo'] {
  if (!row.photo_id || !row.photo_filename) return null;
  const url = (file: string | null) => (file ? mediaUrl(ctx.site.cdnPrefix, file) : '');
  return {
    id: row.photo_id,
    filename: url(row.photo_filename),
    thumb_filename: url(row.photo_thumb_filename),
    blurred: url(row.photo_blur_filename),
  };
}

/** The profile that uploaded a chat picture, if the picture exists in this network. */
export function chatPhotoOwner(ctx: ServiceContext, photoId: string): Promise<string | undefined> {
  return chatPhotoUploader(ctx.db, ctx.network, photoId);
}

/** `POST /api/chat-photo.php`: 201 `{ photo: { id } }`, to send with `POST /api/chat.php`. */
export async function uploadChatPhoto(
  ctx: ServiceContext,
  sender: { profileId: string },
  bytes: Uint8Array,
): Promise<{ photo: { id: string } }> {
  const stored = await storePicture(ctx, sender.profileId, bytes);
  const id = newId();
  try {
    await insertChatPhoto(ctx.db, ctx.network, {
      id,
      profileId: sender.profileId,
      createdAt: ctx.clock.now(),
      ...stored,
    });
  } catch (error) {
    await removePictureFiles(ctx, stored);
    throw error;
  }
  return { photo: { id } };
}

/**
 * Whether the media route may hand a chat picture's file to `viewer`: the uploader always, the
 * other side of a conversation it was delivered in unless either blocked the other; nobody else.
 */
export async function chatMediaAllowed(
  ctx: ServiceContext,
  path: string,
  viewer: { profileId: string } | null,
): Promise<boolean> {
  if (!viewer) return false;
  const audience = await chatPhotoFileAudience(ctx.db, path);
  if (!audience || audience.network !== ctx.network) return false;
  if (audience.uploader === viewer.profileId) return true;
  if (!audience.sides.includes(viewer.profileId)) return false;
  const block = await blockBetween(ctx.db, ctx.network, viewer.profileId, audience.uploader);
  return !block.byThem && !block.byViewer;
}
