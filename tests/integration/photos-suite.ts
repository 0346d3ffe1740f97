import { randomBytes } from 'node:crypto';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { photosForViewer, type Photo } from '../../src/features/photos/index.ts';
import { UPLOAD_RATE } from '../../src/features/photos/photos.service.ts';
import type { ServiceContext } from '../../src/server/context.ts';
import { useServer } from '../support/use-server.ts';
import {
  jpeg,
  photoTools,
  testStorage,
  upload,
  type PhotoMember,
  type StorageMode,
} from './photos-helpers.ts';

/** The photos calls and `/media/…` with the server's files in `mode` storage (photos.test.ts, photos-s3.test.ts). */
export function photosSuite(mode: StorageMode): void {
  const storage = testStorage(mode);
  const app = useServer({ env: storage.env });

  type Member = PhotoMember;
  const { uploaded, ownerOf, call, stored, exists, storedKeys, media } = photoTools(app, storage);

  const block = (blocker: Member, blocked: Member) => app.make.block(blocker, blocked);

  /** The blurred copies of a photo, as another feature's view hands them to non-premium viewers. */
  async function blurredFiles(photoId: string): Promise<string[]> {
    const row = await app.db
      .selectFrom('photos')
      .select(['blur_filename', 'blur_thumb_filename'])
      .where('id', '=', photoId)
      .executeTakeFirstOrThrow();
    return [row.blur_filename!, row.blur_thumb_filename!];
  }

  describe('POST /api/photos.php', () => {
    it('stores an upload re-encoded in all sizes; the first becomes the main photo, active at once', async () => {
      const member = await app.make.loggedIn();
      const first = await uploaded(member, 1);
      expect(first).toMatchObject({ status: 'active', locked: false, main: true });
      for (const url of [first.filename, first.thumb_filename, first.match]) {
        expect(url).toMatch(/^\/media\/amber\/[a-z0-9]{2}\/[a-f0-9]{32}-(main|thumb|match)\.webp$/);
        expect(await exists(url)).toBe(true);
        const meta = await sharp(Buffer.from((await stored(url))!)).metadata();
        expect(meta.format).toBe('webp');
        expect(meta.exif).toBeUndefined();
      }
      // Each file has its own random name: none derives from another.
      const names = [
        first.filename,
        first.thumb_filename,
        first.match,
        ...(await blurredFiles(first.id)),
      ].map((url) => /([a-f0-9]{32})-/.exec(url)![1]);
      expect(new Set(names).size).toBe(5);

      const second = await uploaded(member, 2);
      expect(second.main).toBe(false);
      const list = await call(member, 'GET', '/api/photos.php');
      expect(list.status).toBe(200);
      expect(list.json()).toMatchObject({
        limit: 3,
        photos: [
          { id: first.id, main: true },
          { id: second.id, main: false },
        ],
      });
    });

    it('refuses what is not an image (422 image_invalid) and a missing field, storing nothing', async () => {
      const member = await app.make.loggedIn();
      const random = await upload(app, member, randomBytes(2048));
      expect(random.status).toBe(422);
      expect(random.body).toMatchObject({ error: 'validation', fields: { photo: 'image_invalid' } });
      expect(random.body.field_messages?.photo).toMatch(/JPEG, PNG or WebP/);
      const gif = await sharp({ create: { width: 4, height: 4, channels: 3, background: '#000' } })
        .gif()
        .toBuffer();
      expect((await upload(app, member, gif)).body.fields).toEqual({ photo: 'image_invalid' });
      const missing = await upload(app, member, await jpeg(), { field: 'picture' });
      expect(missing.status).toBe(422);
      expect(missing.body.fields).toEqual({ photo: 'required' });
      expect(await app.inspect.count('photos', { profile_id: member.profileId })).toBe(0);
    });

    it('slows a member down after 40 uploads an hour (429 rate_limited), before any decoding', async () => {
      const member = await app.make.loggedIn();
      // Refused bytes count too: the pace is kept before the image is looked at.
      const tries = await Promise.all(
        Array.from({ length: UPLOAD_RATE.limit }, () => upload(app, member, randomBytes(64))),
      );
      expect(tries.map((t) => t.status)).toEqual(tries.map(() => 422));
      const over = await upload(app, member, await jpeg());
      expect(over.status).toBe(429);
      expect(over.body).toMatchObject({ error: 'rate_limited' });
      expect(Number(over.body.retry_after)).toBeGreaterThan(0);
      expect(await app.inspect.count('photos', { profile_id: member.profileId })).toBe(0);
      // Another member is not held by it.
      expect((await upload(app, await app.make.loggedIn(), await jpeg())).status).toBe(201);
    });

    it('refuses over 40 megapixels before decoding (422 image_too_large)', async () => {
      const member = await app.make.loggedIn();
      const bomb = await sharp(Buffer.alloc(9_000 * 5_000), {
        raw: { width: 9_000, height: 5_000, channels: 1 },
        limitInputPixels: false,
      })
        .png({ compressionLevel: 9 })
        .toBuffer();
      const res = await upload(app, member, bomb);
      expect(res.status).toBe(422);
      expect(res.body.fields).toEqual({ photo: 'image_too_large' });
    });

    it('answers 413 payload_too_large above 10 MB, declared or not', async () => {
      const member = await app.make.loggedIn();
      // Within the body limit (10 MB plus framing), but the file itself is over 10 MB.
      const justOver = await upload(app, member, Buffer.alloc(10 * 1024 * 1024 + 1024, 1));
      expect(justOver.status).toBe(413);
      expect(justOver.body).toMatchObject({ error: 'payload_too_large', limit: 10 * 1024 * 1024 });
      // Far over: refused from the declared length, before the body is read.
      const far = await upload(app, member, Buffer.alloc(11 * 1024 * 1024, 1)).catch(() => ({
        status: 413,
        body: {},
      }));
      expect(far.status).toBe(413);
      expect(await app.inspect.count('photos', { profile_id: member.profileId })).toBe(0);
    });

    it('holds the free limit of 3 under 6 parallel uploads, leaving no stray files', async () => {
      const member = await app.make.loggedIn();
      const files = await Promise.all([0, 1, 2, 3, 4, 5].map((seed) => jpeg(10 + seed)));
      const results = await Promise.all(files.map((bytes) => upload(app, member, bytes)));
      const statuses = results.map((r) => r.status).sort();
      expect(statuses).toEqual([201, 201, 201, 403, 403, 403]);
      for (const refused of results.filter((r) => r.status === 403))
        expect(refused.body).toMatchObject({ error: 'photo_limit_reached', limit: 3 });
      expect(await app.inspect.count('photos', { profile_id: member.profileId })).toBe(3);
      // Only the kept photos' files remain: 3 photos × 5 files.
      const rows = await app.db
        .selectFrom('photos')
        .select(['filename', 'thumb_filename', 'match_filename', 'blur_filename', 'blur_thumb_filename'])
        .where('profile_id', '=', member.profileId)
        .execute();
      const kept = new Set(rows.flatMap((r) => Object.values(r)));
      expect(kept.size).toBe(15);
      const mine = new Set((await storedKeys()).filter((key) => key.startsWith('amber/')));
      for (const file of kept) expect(mine.has(file!)).toBe(true);
      const uploadedHere = [...mine].filter((f) => /\/[a-f0-9]{32}-/.test(f));
      const others = uploadedHere.filter((f) => !kept.has(f));
      // Files of other tests' members may be there too; none of the refused uploads' may.
      const allRows = await app.db
        .selectFrom('photos')
        .select(['filename', 'thumb_filename', 'match_filename', 'blur_filename', 'blur_thumb_filename'])
        .execute();
      const known = new Set(allRows.flatMap((r) => Object.values(r)));
      expect(others.filter((f) => !known.has(f))).toEqual([]);
    });

    it('lets a premium member keep 25 photos, and no more', async () => {
      const member = await app.make.loggedIn();
      await app.make.updateMember(member, { paid_user: 1 });
      const results = [];
      for (let i = 0; i < 26; i++) results.push((await upload(app, member, await jpeg(100 + i, 16))).status);
      expect(results.slice(0, 25).every((s) => s === 201)).toBe(true);
      expect(results[25]).toBe(403);
      expect((await call(member, 'GET', '/api/photos.php')).json()).toMatchObject({ limit: 25 });
    });

    it('is for members only', async () => {
      const res = await app.request('/api/photos.php');
      expect(res.status).toBe(403);
      expect(res.json()).toMatchObject({ error: 'authentication_required' });
    });
  });

  describe('PUT and DELETE /api/photos.php', () => {
    it('chooses the main photo, locks and unlocks, and deletes with its files', async () => {
      const {
        owner: member,
        photos: [a, b, c],
      } = await ownerOf(1, 2, 3);

      let res = await call(member, 'PUT', '/api/photos.php', { id: b.id, main: true });
      expect(res.status).toBe(200);
      expect(res.json<{ photos: Photo[] }>().photos.map((p) => p.main)).toEqual([false, true, false]);

      res = await call(member, 'PUT', '/api/photos.php', { id: c.id, locked: true });
      expect(res.json<{ photos: Photo[] }>().photos.find((p) => p.id === c.id)!.locked).toBe(true);
      // The main photo is everyone's view of the profile: it cannot be locked, nor a locked one become it.
      res = await call(member, 'PUT', '/api/photos.php', { id: b.id, locked: true });
      expect(res.status).toBe(422);
      expect(res.json()).toMatchObject({ fields: { locked: 'main_photo' } });
      res = await call(member, 'PUT', '/api/photos.php', { id: c.id, main: true });
      expect(res.json()).toMatchObject({ fields: { main: 'photo_locked' } });
      res = await call(member, 'PUT', '/api/photos.php', { id: c.id, locked: false });
      expect(res.json<{ photos: Photo[] }>().photos.find((p) => p.id === c.id)!.locked).toBe(false);

      // Deleting the main photo makes the next one main, and removes every file of it.
      const blurred = (await blurredFiles(b.id)).map((key) => `/media/${key}`);
      const files = [b.filename, b.thumb_filename, b.match, ...blurred];
      for (const file of files) expect(await exists(file)).toBe(true);
      res = await call(member, 'DELETE', `/api/photos.php?id=${b.id}`);
      expect(res.status).toBe(200);
      const after = res.json<{ photos: Photo[] }>().photos;
      expect(after.map((p) => [p.id, p.main])).toEqual([
        [a.id, true],
        [c.id, false],
      ]);
      for (const file of files) expect(await exists(file)).toBe(false);
      expect((await call(member, 'DELETE', `/api/photos.php?id=${b.id}`)).status).toBe(404);
    });

    it('lets nobody change another member’s photos: 404, and the photo stays as it was', async () => {
      const owner = await app.make.loggedIn();
      const other = await app.make.loggedIn();
      const photo = await uploaded(owner);
      for (const [method, path, body] of [
        ['PUT', '/api/photos.php', { id: photo.id, locked: true }],
        ['PUT', '/api/photos.php', { id: photo.id, main: true }],
        ['DELETE', `/api/photos.php?id=${photo.id}`, undefined],
      ] as const) {
        const res = await call(other, method, path, body);
        expect(res.status, `${method} ${path}`).toBe(404);
      }
      expect((await call(other, 'GET', '/api/photos.php')).json()).toMatchObject({ photos: [] });
      expect((await call(owner, 'GET', '/api/photos.php')).json()).toMatchObject({
        photos: [{ id: photo.id, locked: false, main: true }],
      });
      expect(await exists(photo.filename)).toBe(true);
    });
  });

  describe('/media/… of uploaded photos', () => {
    const get = (url: string, viewer?: Member) => media(url, viewer);

    /** An owner with an active main photo and a second (not main) photo. */
    async function ownerWithPhotos() {
      const owner = await app.make.loggedIn();
      const main = await uploaded(owner, 1);
      const second = await uploaded(owner, 2);
      return { owner, main, second };
    }

    it('serves the active main photo to anyone, cacheable, with nosniff and a sandbox CSP', async () => {
      const { main } = await ownerWithPhotos();
      const res = await get(main.filename);
      expect(res.status).toBe(200);
      // Public photos come from the app, on a bucket too: it keeps their cache times.
      expect(res.redirect).toBeUndefined();
      expect(res.headers['content-type']).toBe('image/webp');
      expect(res.headers['cache-control']).toBe('public, max-age=3600, s-maxage=60');
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['content-security-policy']).toContain('sandbox');
      expect(res.headers['content-security-policy']).toContain("default-src 'none'");
    });

    it('serves other photos only to members after checking them, privately', async () => {
      const { owner, second } = await ownerWithPhotos();
      const viewer = await app.make.loggedIn();
      expect((await get(second.filename)).status).toBe(404);
      for (const who of [owner, viewer]) {
        const res = await get(second.thumb_filename, who);
        expect(res.status).toBe(200);
        expect(res.headers['cache-control']).toMatch(/private/);
        if (mode === 's3') {
          // From the bucket's own origin (never the site's), presigned after the check, as an image.
          expect(res.redirect?.location).toMatch(/X-Amz-Signature=/);
          expect(res.headers['content-type']).toBe('image/webp');
          expect(Buffer.from(res.body!)).toEqual(Buffer.from((await stored(second.thumb_filename))!));
          // The pages let images come from there (a browser follows no redirect CSP forbids).
          const page = await app.request('/', { headers: { cookie: who.cookie } });
          expect(page.headers['content-security-policy']).toContain(
            `img-src ${new URL(res.redirect!.location).origin} 'self'`,
          );
        } else {
          expect(res.headers['x-content-type-options']).toBe('nosniff');
          expect(res.headers['content-security-policy']).toContain('sandbox');
        }
      }
    });

    it('shows no file to a member either side blocked, the main photo included', async () => {
      const { owner, main, second } = await ownerWithPhotos();
      const blockedByOwner = await app.make.loggedIn();
      const blocker = await app.make.loggedIn();
      await block(owner, blockedByOwner);
      await block(blocker, owner);
      for (const viewer of [blockedByOwner, blocker])
        for (const url of [main.filename, main.thumb_filename, second.filename, second.match])
          expect((await get(url, viewer)).status, url).toBe(404);
      // The owner still sees their own.
      expect((await get(second.filename, owner)).status).toBe(200);
    });

    it('gives a locked photo to premium members sharp and to others only blurred', async () => {
      const { owner, second } = await ownerWithPhotos();
      await call(owner, 'PUT', '/api/photos.php', { id: second.id, locked: true });
      const blurred = await blurredFiles(second.id);
      const free = await app.make.loggedIn();
      const premium = await app.make.loggedIn();
      await app.make.updateMember(premium, { paid_user: 1 });
      for (const url of [second.filename, second.thumb_filename, second.match]) {
        expect((await get(url, free)).status, url).toBe(404);
        expect((await get(url, premium)).status, url).toBe(200);
        expect((await get(url, owner)).status, url).toBe(200);
      }
      for (const key of blurred) {
        expect((await get(`/media/${key}`, free)).status).toBe(200);
        expect((await get(`/media/${key}`)).status).toBe(404);
      }
    });

    it('serves no file of a photo whose row is gone, even while the file remains', async () => {
      const { owner, main } = await ownerWithPhotos();
      await app.db
        .updateTable('profiles')
        .set({ main_photo_id: null })
        .where('id', '=', owner.profileId)
        .execute();
      await app.db.deleteFrom('photos').where('id', '=', main.id).execute();
      expect(await exists(main.filename)).toBe(true);
      expect((await get(main.filename)).status).toBe(404);
      expect((await get(main.filename, owner)).status).toBe(404);
    });

    it('keeps a pending photo to its owner, and a rejected one from everyone', async () => {
      const { owner, main, second } = await ownerWithPhotos();
      const viewer = await app.make.loggedIn();
      await app.make.setPhotoStatus(second.id, 'pending');
      await app.make.setPhotoStatus(main.id, 'rejected');
      for (const url of [main.filename, second.filename, second.thumb_filename]) {
        expect((await get(url)).status, url).toBe(404);
        expect((await get(url, viewer)).status, url).toBe(404);
        expect((await get(url, owner)).status, url).toBe(url === main.filename ? 404 : 200);
      }
    });
  });

  describe('photosForViewer (the profile view’s photos)', () => {
    const ctx = () =>
      ({
        site: { cdnPrefix: 'https://cdn.example' },
        network: 'amber',
        db: app.db,
      }) as unknown as ServiceContext;

    it('gives the owner everything, others active photos, locked ones blurred unless premium', async () => {
      const {
        owner,
        photos: [main, locked, pending],
      } = await ownerOf(1, 2, 3);
      await call(owner, 'PUT', '/api/photos.php', { id: locked.id, locked: true });
      await app.make.setPhotoStatus(pending.id, 'pending');
      const [blur, blurThumb] = await blurredFiles(locked.id);

      const own = await photosForViewer(ctx(), owner.profileId, {
        profileId: owner.profileId,
        premium: false,
      });
      expect(own.map((p) => [p.id, p.blurred])).toEqual([
        [main.id, false],
        [locked.id, false],
        [pending.id, false],
      ]);

      const free = await photosForViewer(ctx(), owner.profileId, { profileId: 'someone', premium: false });
      expect(free).toEqual([
        {
          id: main.id,
          filename: `https://cdn.example${main.filename}`,
          thumb_filename: `https://cdn.example${main.thumb_filename}`,
          match: `https://cdn.example${main.match}`,
          locked: false,
          blurred: false,
          main: true,
        },
        {
          id: locked.id,
          filename: `https://cdn.example/media/${blur}`,
          thumb_filename: `https://cdn.example/media/${blurThumb}`,
          match: `https://cdn.example/media/${blurThumb}`,
          locked: true,
          blurred: true,
          main: false,
        },
      ]);
      const premium = await photosForViewer(ctx(), owner.profileId, { profileId: 'someone', premium: true });
      expect(premium[1]).toMatchObject({
        id: locked.id,
        blurred: false,
        filename: `https://cdn.example${locked.filename}`,
      });
      expect(await photosForViewer(ctx(), owner.profileId, null)).toHaveLength(2);
    });
  });
}
