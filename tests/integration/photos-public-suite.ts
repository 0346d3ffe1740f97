import { describe, expect, it } from 'vitest';
import type { Photo } from '../../src/features/photos/index.ts';
import { setMainPhoto, setPhotoLocked } from '../../src/features/photos/photos.repository.ts';
import { useServer } from '../support/use-server.ts';
import { photoTools, testStorage, type PhotoMember, type StorageMode } from './photos-helpers.ts';

/*
 * A locked photo is never the main one, and a public photo that stops being public stops
 * answering at its public address: its files get new names (a cache can never refresh the old
 * one), and public photos are cached an hour at most by browsers, 60 s by shared caches.
 */

/** Main and public photos with the server's files in `mode` storage (photos-public.test.ts, photos-public-s3.test.ts). */
export function photosPublicSuite(mode: StorageMode): void {
  const storage = testStorage(mode);
  const app = useServer({ env: storage.env });

  type Member = PhotoMember;
  const { uploaded, ownerOf, call, exists, media } = photoTools(app, storage);

  async function photosOf(member: Member): Promise<Photo[]> {
    const res = await call(member, 'GET', '/api/photos.php');
    expect(res.status).toBe(200);
    return res.json<{ photos: Photo[] }>().photos;
  }

  const get = (url: string, member?: Member) => media(url, member);

  const FILES = ['filename', 'thumb_filename', 'match'] as const;

  /** Every old address of `before` answers 404, even to its owner, and its files are gone. */
  async function expectRetired(owner: Member, before: Photo): Promise<void> {
    const after = (await photosOf(owner)).find((p) => p.id === before.id)!;
    for (const file of FILES) {
      expect(after[file]).not.toBe(before[file]);
      expect((await get(before[file])).status).toBe(404);
      expect((await get(before[file], owner)).status).toBe(404);
      expect(await exists(before[file])).toBe(false);
      // The owner still has the photo, under its new names.
      expect((await get(after[file], owner)).status).toBe(200);
    }
  }

  describe('the main photo and locked photos', () => {
    it('hands a deleted main photo’s place to the next unlocked active photo, or to none', async () => {
      const {
        owner,
        photos: [main, locked, open],
      } = await ownerOf(1, 2, 3);
      expect((await call(owner, 'PUT', '/api/photos.php', { id: locked.id, locked: true })).status).toBe(200);
      expect((await call(owner, 'DELETE', `/api/photos.php?id=${main.id}`)).status).toBe(200);
      let photos = await photosOf(owner);
      expect(photos.find((p) => p.main)?.id).toBe(open.id);
      expect((await call(owner, 'DELETE', `/api/photos.php?id=${open.id}`)).status).toBe(200);
      photos = await photosOf(owner);
      expect(photos.map((p) => [p.id, p.main, p.locked])).toEqual([[locked.id, false, true]]);
    });

    it('checks locked and main in the statement that changes them', async () => {
      const owner = await app.make.loggedIn();
      const main = await uploaded(owner, 4);
      const other = await uploaded(owner, 5);
      const { network, profileId } = owner;
      // Locked between the service's read and its write: the statement still refuses.
      await app.db.updateTable('photos').set({ locked: 1 }).where('id', '=', other.id).execute();
      expect(await setMainPhoto(app.db, network, profileId, other.id)).toMatchObject({ done: false });
      expect(await setPhotoLocked(app.db, network, profileId, main.id, true)).toBe(false);
      const photos = await photosOf(owner);
      expect(photos.map((p) => [p.id, p.main, p.locked])).toEqual([
        [main.id, true, false],
        [other.id, false, true],
      ]);
    });
  });

  describe('a public photo that stops being public', () => {
    it('is cached an hour at most, 60 s by a shared cache, never immutable', async () => {
      const owner = await app.make.loggedIn();
      const main = await uploaded(owner, 6);
      const res = await get(main.filename);
      expect(res.status).toBe(200);
      expect(res.headers['cache-control']).toBe('public, max-age=3600, s-maxage=60');
    });

    it('gets new file names when another photo becomes main', async () => {
      const owner = await app.make.loggedIn();
      const first = await uploaded(owner, 7);
      const second = await uploaded(owner, 8);
      expect((await get(first.filename)).status).toBe(200);
      expect((await call(owner, 'PUT', '/api/photos.php', { id: second.id, main: true })).status).toBe(200);
      await expectRetired(owner, first);
      expect((await get(second.filename)).status).toBe(200);
    });

    it('gets new file names when its member goes invisible or private, and the old address stays dead', async () => {
      for (const mode of ['invisible', 'private'] as const) {
        const owner = await app.make.loggedIn();
        const main = await uploaded(owner, mode === 'invisible' ? 9 : 10);
        expect((await get(main.filename)).status).toBe(200);
        expect((await call(owner, 'PUT', '/api/account.php', { [mode]: true })).status).toBe(200);
        await expectRetired(owner, main);
        // Visible again: the photo is public again, under its new name only.
        expect((await call(owner, 'PUT', '/api/account.php', { [mode]: false })).status).toBe(200);
        expect((await get(main.filename)).status).toBe(404);
        const now = (await photosOf(owner)).find((p) => p.id === main.id)!;
        expect((await get(now.filename)).status).toBe(200);
      }
    });

    it('gets new file names when its member deletes the account', async () => {
      const owner = await app.make.loggedIn();
      const main = await uploaded(owner, 11);
      expect((await get(main.filename)).status).toBe(200);
      const res = await call(owner, 'DELETE', '/api/account.php', {
        password: owner.password,
        reason: 'no_matches',
      });
      expect(res.status).toBe(200);
      for (const file of FILES) {
        expect((await get(main[file])).status).toBe(404);
        expect(await exists(main[file])).toBe(false);
      }
    });
  });
}
