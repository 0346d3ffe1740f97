import type { ServiceContext } from '../../server/context.ts';
import { mediaUrl } from '../profiles/index.ts';
import { chatPhotoUploader, type MessageRow } from './chat.repository.ts';
import type { ChatMessage } from './chat.schemas.ts';

/*
 * Pictures sent in a chat: re-encoded by the photos feature's pipeline, stored under random
 * names, and answered by the media route only to the two sides of the conversation.
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
