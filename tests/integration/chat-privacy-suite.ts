import { describe, expect, it } from 'vitest';
import { waitUntil } from '../support/polling.ts';
import { useServer } from '../support/use-server.ts';
import { ACCOUNTS_SERVER } from './accounts-helpers.ts';
import { call, eventsOf, payingMember, sendImage, sendText, type Message } from './chat-support.ts';
import { jpeg, testStorage, upload, type StorageMode } from './photos-helpers.ts';

/* The chat's privacy hook: the download carries what the member wrote and sent; erasure removes it everywhere. */

/** The chat's privacy hook with the server's files in `mode` storage (chat-privacy.test.ts, chat-privacy-s3.test.ts). */
export function chatPrivacySuite(mode: StorageMode): void {
  const storage = testStorage(mode);
  const app = useServer({ ...ACCOUNTS_SERVER, env: storage.env });
  const stored = async (key: string) => (await storage.files(app).storage.read(key)) !== undefined;
  const DAY = 24 * 60 * 60 * 1000;

  describe('chat and privacy', () => {
    it('exports the member’s messages and pictures, and erasure removes their words, pictures and stored events on both sides', async () => {
      const ann = await payingMember(app);
      const bo = await payingMember(app);
      const up = await upload(app, ann, await jpeg(5), { path: '/api/chat-photo.php' });
      const photoId = (up.body.photo as { id: string }).id;
      await sendImage(app, ann, bo, photoId);
      await sendText(app, ann, bo, 'words to be forgotten');
      await sendText(app, bo, ann, 'a reply that stays');
      expect((await eventsOf(app, bo, 'message')).map((e) => (e.data.message as Message).type)).toEqual([
        'image',
        'text',
      ]);

      const exported = (await call(app, ann, 'GET', '/api/export.php')).json<Record<string, unknown[]>>();
      expect(exported.messages_sent).toHaveLength(2);
      expect(exported.chat_photos).toHaveLength(1);
      expect(JSON.stringify(exported)).not.toContain('a reply that stays');

      const files = await app.db
        .selectFrom('chat_photos')
        .select(['filename', 'thumb_filename', 'blur_filename', 'blur_thumb_filename'])
        .where('id', '=', photoId)
        .executeTakeFirstOrThrow();
      const keys = Object.values(files);
      for (const key of keys) expect(await stored(key)).toBe(true);

      const deleted = await call(app, ann, 'DELETE', '/api/account.php', {
        password: ann.password,
        reason: 'privacy',
      });
      expect(deleted.status, deleted.body).toBe(200);
      await app.withClock(14 * DAY + 60_000, async () => {
        await app.server.waitForOutput(/erasure: personal data of a deleted account removed.*/, 10_000);
        await waitUntil(async () =>
          (await app.inspect.row('members', { id: ann.memberId }))!.email.startsWith('erased-'),
        );
      });

      const texts = await app.db
        .selectFrom('messages')
        .select(['text', 'photo_id'])
        .where('sender_profile_id', '=', ann.profileId)
        .execute();
      expect(texts).toEqual([
        { text: null, photo_id: null },
        { text: null, photo_id: null },
      ]);
      expect(await app.inspect.count('chat_photos', { profile_id: ann.profileId })).toBe(0);
      await waitUntil(async () => (await Promise.all(keys.map(stored))).every((there) => !there));
      expect(await eventsOf(app, bo, 'message')).toEqual([]);
      expect(await app.inspect.count('messages', { sender_profile_id: bo.profileId })).toBe(1);
    });
  });
}
