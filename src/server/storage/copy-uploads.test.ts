import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bucketKeys, startS3, type TestS3 } from '../../../tests/support/s3rver.ts';
import { copyUploads } from './copy-uploads.ts';
import { parseStorageUrl } from './s3-location.ts';
import { createS3Storage } from './s3-storage.ts';

let s3: TestS3;
let root: string;
beforeAll(async () => {
  s3 = await startS3();
  root = await mkdtemp(join(tmpdir(), 'kindred-uploads-'));
});
afterAll(async () => {
  await s3?.stop();
  if (root) await rm(root, { recursive: true, force: true });
});

async function file(key: string, text: string) {
  await mkdir(join(root, key, '..'), { recursive: true });
  await writeFile(join(root, key), text);
}

describe('copyUploads', () => {
  it('copies DATA_DIR/uploads key for key, again only what changed, and no temporaries', async () => {
    const bucket = createS3Storage(parseStorageUrl(s3.storageUrl));
    await file('amber/ab/0011-main.webp', 'main');
    await file('amber/ab/0011-thumb.webp', 'thumb');
    await file('curvy/cd/0022-blur.webp', 'blur');
    await file('amber/ab/.a1b2c3.tmp', 'half');
    expect(await copyUploads(root, bucket)).toEqual({
      copied: 3,
      present: 0,
      skipped: ['amber/ab/.a1b2c3.tmp'],
    });
    expect((await bucketKeys(bucket.client, s3.bucket)).sort()).toEqual([
      'amber/ab/0011-main.webp',
      'amber/ab/0011-thumb.webp',
      'curvy/cd/0022-blur.webp',
    ]);
    expect(new TextDecoder().decode(await bucket.read('curvy/cd/0022-blur.webp'))).toBe('blur');

    // Run again after a new upload and a rewritten file: only those two are sent.
    await file('amber/ef/0033-match.webp', 'match');
    await file('amber/ab/0011-thumb.webp', 'thumb, rewritten');
    expect(await copyUploads(root, bucket)).toMatchObject({ copied: 2, present: 2 });
    expect(new TextDecoder().decode(await bucket.read('amber/ab/0011-thumb.webp'))).toBe('thumb, rewritten');
    expect(await copyUploads(root, bucket)).toMatchObject({ copied: 0, present: 4 });
  });

  it('finds nothing to copy without an uploads folder', async () => {
    const bucket = createS3Storage(parseStorageUrl(s3.storageUrl));
    expect(await copyUploads(join(root, 'none'), bucket)).toEqual({ copied: 0, present: 0, skipped: [] });
  });
});
