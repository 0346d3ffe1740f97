import http from 'node:http';
import sharp from 'sharp';
import { readdir } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { afterAll, expect } from 'vitest';
import type { Photo } from '../../src/features/photos/index.ts';
import { createLocalStorage, parseStorageUrl, type FileStorage } from '../../src/server/storage/index.ts';
import { createS3Storage } from '../../src/server/storage/s3-storage.ts';
import { bucketKeys, startS3, type TestS3 } from '../support/s3rver.ts';
import type { ServerUnderTest } from '../support/use-server.ts';
import type { TestMember, TestSession } from '../support/factories.ts';

/* Uploads as a browser sends them (multipart, binary), for the photos tests. */

/** The answer's JSON: `{ photo }` or an API error. */
export interface UploadBody {
  photo?: unknown;
  error?: string;
  fields?: Record<string, string>;
  field_messages?: Record<string, string>;
  limit?: number;
  [detail: string]: unknown;
}

export interface Upload {
  status: number;
  body: UploadBody;
}

/** A small photo of one colour, different for each `seed`, as a JPEG. */
export function jpeg(seed = 0, size = 64): Promise<Buffer> {
  const c = (n: number) => (n * 53 + seed * 97) % 256;
  return sharp({
    create: { width: size, height: size, channels: 3, background: { r: c(1), g: c(2), b: c(3) } },
  })
    .jpeg()
    .toBuffer();
}

/** A multipart/form-data body with one file field. */
export function multipart(
  bytes: Buffer,
  field = 'photo',
  type = 'image/jpeg',
): { body: Buffer; contentType: string } {
  const boundary = `----kindredtest${Math.random().toString(16).slice(2)}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="photo.jpg"\r\nContent-Type: ${type}\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return {
    body: Buffer.concat([head, bytes, tail]),
    contentType: `multipart/form-data; boundary=${boundary}`,
  };
}

/** `POST /api/photos.php` (or `options.path`) with `bytes` as the `photo` field. */
export function upload(
  app: ServerUnderTest,
  member: Pick<TestSession, 'cookie'>,
  bytes: Buffer,
  options: { host?: string; field?: string; path?: string } = {},
): Promise<Upload> {
  const { body, contentType } = multipart(bytes, options.field);
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: '127.0.0.1',
        port: app.server.port,
        path: options.path ?? '/api/photos.php',
        method: 'POST',
        agent: false,
        headers: {
          host: options.host ?? 'localhost',
          cookie: member.cookie,
          'content-type': contentType,
          'content-length': String(body.length),
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          let parsed: UploadBody = {};
          try {
            parsed = JSON.parse(text) as UploadBody;
          } catch {
            parsed = { text };
          }
          resolve({ status: res.statusCode ?? 0, body: parsed });
        });
        res.on('error', reject);
      },
    );
    // The server may refuse before reading the whole body (413): that is an answer, not a failure.
    req.on('error', reject);
    req.end(body);
  });
}

/** The media path of an API image path (`/media/<key>`), as the browser requests it. */
export const mediaPath = (url: string): string => url.slice(url.indexOf('/media/'));

/** A member of the photos tests: created and signed in. */
export type PhotoMember = TestMember & TestSession;

/** The photos tests' shorthands on `app`. */
export function photoTools(app: ServerUnderTest, storage: TestStorage = testStorage('local')) {
  const keyOf = (url: string) => mediaPath(url).slice('/media/'.length);
  /** Uploads photo `seed` as `member`; the upload must be accepted. */
  const uploaded = async (member: PhotoMember, seed = 0): Promise<Photo> => {
    const res = await upload(app, member, await jpeg(seed));
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return res.body.photo as Photo;
  };
  return {
    uploaded,
    /** A new member, signed in, who uploaded photos `seeds` one after the other, in that order. */
    async ownerOf<Seeds extends number[]>(
      ...seeds: Seeds
    ): Promise<{ owner: PhotoMember; photos: { [K in keyof Seeds]: Photo } }> {
      const owner = await app.make.loggedIn();
      const photos: Photo[] = [];
      for (const seed of seeds) photos.push(await uploaded(owner, seed));
      return { owner, photos: photos as { [K in keyof Seeds]: Photo } };
    },
    /** A request as `member`. */
    call: (member: PhotoMember, method: string, path: string, body?: unknown) =>
      app.request(path, { method, body, headers: { cookie: member.cookie } }),
    /** Files as stored (DATA_DIR/uploads). */
    storedFile: (url: string) => join(app.server.dataDir, 'uploads', keyOf(url)),
    /** A file as stored, wherever the server keeps them (undefined: none). */
    stored: (url: string) => storage.files(app).storage.read(keyOf(url)),
    /** Whether the server keeps a file of that address. */
    exists: async (url: string) => (await storage.files(app).storage.read(keyOf(url))) !== undefined,
    /** Every stored key. */
    storedKeys: () => storage.files(app).keys(),
    /** `/media/…` as a browser gets it (see `fetchMedia`). */
    media: (url: string, viewer?: TestSession) => fetchMedia(app, url, viewer),
  };
}

/** Where the photos tests' server keeps files: DATA_DIR/uploads, or a bucket on s3rver. */
export type StorageMode = 'local' | 's3';

/**
 * The storage of a photos test file, set up before `useServer` (whose `env` it gives): with
 * `s3`, an s3rver on a free port that the server stores in (`STORAGE_URL`), stopped after it.
 */
export function testStorage(mode: StorageMode) {
  let s3: TestS3 | undefined;
  if (mode === 's3') afterAll(() => s3?.stop());
  return {
    mode,
    env: async (): Promise<Record<string, string>> =>
      mode === 's3' ? { STORAGE_URL: (s3 = await startS3()).storageUrl } : {},
    /** The server's files as the test reads them. */
    files(app: ServerUnderTest): { storage: FileStorage; keys(): Promise<string[]> } {
      if (mode === 'local') {
        const root = join(app.server.dataDir, 'uploads');
        return {
          storage: createLocalStorage(root),
          keys: async () =>
            (await readdir(root, { recursive: true, withFileTypes: true }))
              .filter((entry) => entry.isFile())
              .map((entry) => relative(root, join(entry.parentPath, entry.name))),
        };
      }
      const storage = createS3Storage(parseStorageUrl(s3!.storageUrl));
      return { storage, keys: () => bucketKeys(storage.client, s3!.bucket) };
    },
  };
}

export type TestStorage = ReturnType<typeof testStorage>;

/** An answer of `/media/…`, after the redirect to the bucket when there is one. */
export interface MediaAnswer {
  status: number;
  headers: Record<string, string | undefined>;
  /** The app's redirect to a presigned address (files that are not public, on a bucket). */
  redirect?: { location: string; cacheControl: string | undefined };
  body?: Uint8Array;
}

/**
 * `/media/…` as a browser gets it: a redirect to a presigned address is followed (it must be
 * private, never stored, and valid 5 minutes at most), a direct answer taken as it is.
 */
export async function fetchMedia(
  app: ServerUnderTest,
  url: string,
  viewer?: { cookie: string },
  host?: string,
): Promise<MediaAnswer> {
  const res = await app.request(mediaPath(url), {
    ...(host && { host }),
    headers: viewer ? { cookie: viewer.cookie } : {},
  });
  if (res.status !== 302) return { status: res.status, headers: res.headers as MediaAnswer['headers'] };
  const location = String(res.headers.location);
  expect(res.headers['cache-control']).toBe('private, no-store');
  expect(Number(new URL(location).searchParams.get('X-Amz-Expires'))).toBeLessThanOrEqual(300);
  const bucket = await fetch(location);
  return {
    status: bucket.status,
    headers: Object.fromEntries(bucket.headers.entries()),
    redirect: { location, cacheControl: res.headers['cache-control'] },
    body: new Uint8Array(await bucket.arrayBuffer()),
  };
}
