import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startS3, type TestS3 } from '../../../tests/support/s3rver.ts';
import { parseStorageUrl, PRESIGN_MAX_SECONDS } from './s3-location.ts';
import { createS3Storage } from './s3-storage.ts';

let s3: TestS3;
beforeAll(async () => {
  s3 = await startS3();
});
afterAll(() => s3?.stop());

const storage = () => createS3Storage(parseStorageUrl(s3.storageUrl));
const bytes = (text: string) => new TextEncoder().encode(text);

describe('STORAGE_URL', () => {
  it('reads the endpoint, bucket, credentials, region and prefix', () => {
    expect(
      parseStorageUrl('s3://AK%2B1:se%2Fcret@store.example:9000/photos?region=eu-west-1&prefix=kindred/'),
    ).toEqual({
      endpoint: 'https://store.example:9000',
      bucket: 'photos',
      region: 'eu-west-1',
      accessKeyId: 'AK+1',
      secretAccessKey: 'se/cret',
      prefix: 'kindred/',
    });
    expect(parseStorageUrl('s3://a:b@10.0.0.5/p?tls=false')).toMatchObject({
      endpoint: 'http://10.0.0.5',
      region: 'us-east-1',
      prefix: '',
    });
  });

  it('refuses what it cannot use', () => {
    for (const bad of [
      'https://a:b@h/p',
      's3://h/p',
      's3://a:b@h/',
      's3://a:b@h/p/q',
      's3://a:b@h/p?tls=no',
    ]) {
      expect(() => parseStorageUrl(bad), bad).toThrow(/STORAGE_URL/);
    }
  });
});

describe('S3 storage against s3rver', () => {
  it('puts, reads, streams, replaces and removes a file', async () => {
    const files = storage();
    const key = 'amber/ab/0123abcd-main.webp';
    expect(await files.read(key)).toBeUndefined();
    expect(await files.stream(key)).toBeUndefined();
    await files.put(key, bytes('first'));
    await files.put(key, bytes('second'));
    expect(new TextDecoder().decode(await files.read(key))).toBe('second');
    const streamed = await files.stream(key);
    expect(streamed?.size).toBe(6);
    expect(await new Response(streamed!.body).text()).toBe('second');
    await files.remove(key);
    expect(await files.read(key)).toBeUndefined();
    // Erasure may run twice.
    await files.remove(key);
  });

  it('refuses keys that are not storage keys', async () => {
    const files = storage();
    await expect(files.put('../x.webp', bytes('x'))).rejects.toThrow(/not a storage key/);
    await expect(files.read('/abs.webp')).rejects.toThrow(/not a storage key/);
  });

  it('keeps a prefix inside the bucket', async () => {
    const prefixed = createS3Storage(parseStorageUrl(`${s3.storageUrl}&prefix=tenant-a`));
    await prefixed.put('amber/cd/1-thumb.webp', bytes('p'));
    expect(await storage().read('tenant-a/amber/cd/1-thumb.webp')).toEqual(bytes('p'));
    expect(await storage().read('amber/cd/1-thumb.webp')).toBeUndefined();
  });

  it('renames as the photos feature does: copy, then delete the old key', async () => {
    const files = storage();
    await files.put('amber/ef/old-main.webp', bytes('photo'));
    const body = await files.read('amber/ef/old-main.webp');
    await files.put('amber/ef/new-main.webp', body!);
    await files.remove('amber/ef/old-main.webp');
    expect(await files.read('amber/ef/old-main.webp')).toBeUndefined();
    expect(await files.read('amber/ef/new-main.webp')).toEqual(bytes('photo'));
  });

  it('presigns a GET of at most 5 minutes, and none for a missing file', async () => {
    const files = storage();
    const key = 'amber/12/signed-main.webp';
    await files.put(key, bytes('signed'));
    expect(await files.presign('amber/12/missing-main.webp', 60)).toBeUndefined();
    const url = new URL((await files.presign(key, 3600))!);
    expect(Number(url.searchParams.get('X-Amz-Expires'))).toBe(PRESIGN_MAX_SECONDS);
    expect(PRESIGN_MAX_SECONDS).toBeLessThanOrEqual(300);
    // Path-style: the bucket is in the path, never in the host.
    expect(url.host).toBe(`127.0.0.1:${s3.port}`);
    expect(url.pathname).toBe(`/${s3.bucket}/${key}`);
    const res = await fetch(url);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/webp');
    expect(await res.text()).toBe('signed');
  });

  it('answers a presigned address no longer once it expired', async () => {
    const files = storage();
    const key = 'amber/34/short-main.webp';
    await files.put(key, bytes('short'));
    const url = (await files.presign(key, 1))!;
    expect(new URL(url).searchParams.get('X-Amz-Expires')).toBe('1');
    await new Promise((resolve) => setTimeout(resolve, 2100));
    expect((await fetch(url)).status).toBe(403);
  });
});
