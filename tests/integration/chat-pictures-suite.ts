import { describe, expect, it } from 'vitest';
import type { ServerUnderTest } from '../support/use-server.ts';
import {
  balanceOf,
  call,
  chatsOf,
  ledgerOf,
  payingMember,
  sendImage,
  shownMember,
  type Message,
} from './chat-support.ts';
import { fetchMedia, jpeg, mediaPath, upload } from './photos-helpers.ts';

/**
 * Chat pictures: who may see them, wherever the server keeps its files (chat-media-held.test.ts
 * in DATA_DIR/uploads, chat-pictures-s3.test.ts in a bucket, where the two sides get a presigned
 * redirect).
 */
export function chatPictureTests(app: ServerUnderTest): void {
  describe('image messages', () => {
    it('re-encodes a chat picture outside the photo limit, charges photo_credits and shows it to the two sides only', async () => {
      const ann = await payingMember(app, 30);
      const bo = await shownMember(app);
      const stranger = await shownMember(app);
      const profilePhotos = await app.inspect.count('photos', { profile_id: ann.profileId });
      const up = await upload(app, ann, await jpeg(3), { path: '/api/chat-photo.php' });
      expect(up.status, JSON.stringify(up.body)).toBe(201);
      const photoId = (up.body.photo as { id: string }).id;
      expect(await app.inspect.count('photos', { profile_id: ann.profileId })).toBe(profilePhotos);

      const res = await sendImage(app, ann, bo, photoId);
      expect(res.status, res.body).toBe(201);
      const message = res.json<{ message: Message }>().message;
      expect(message).toMatchObject({ type: 'image', credits: 10, photo: { id: photoId } });
      expect(await ledgerOf(app, ann)).toEqual([{ delta: -10, reason: 'photo', reference: message.id }]);
      expect(await balanceOf(app, ann)).toBe(20);

      const seen = (await call(app, bo, 'GET', `/api/chat.php?profile=${ann.profileId}`)).json<{
        messages: Message[];
      }>();
      const photo = seen.messages[0]!.photo!;
      expect(photo.blurred).not.toBe(photo.filename);
      // The chat list shows the picture as the conversation does, to each side as theirs.
      expect((await chatsOf(app, bo)).chats[0]!.last_message).toEqual({ ...seen.messages[0], photo });
      expect((await chatsOf(app, ann)).chats[0]!.last_message).toMatchObject({
        id: message.id,
        mine: true,
        credits: 10,
        photo: { id: photoId },
      });
      for (const url of [photo.filename, photo.blurred]) {
        const path = mediaPath(url);
        expect((await fetchMedia(app, url, bo)).status, path).toBe(200);
        expect((await fetchMedia(app, url, ann)).status, path).toBe(200);
        expect((await fetchMedia(app, url, stranger)).status, path).toBe(404);
        expect((await fetchMedia(app, url)).status, path).toBe(404);
      }
      // Another member cannot send someone else's picture.
      const stolen = await sendImage(app, await payingMember(app), bo, photoId);
      expect(stolen.status).toBe(422);
    });

    it('refuses a file that is no image', async () => {
      const ann = await payingMember(app);
      const up = await upload(app, ann, Buffer.from('not an image at all'), { path: '/api/chat-photo.php' });
      expect(up.status).toBe(422);
      expect(up.body.fields).toEqual({ photo: 'image_invalid' });
    });
  });
}
