/**
 * A stand-in S3 store for tests: s3rver on a free loopback port with one empty bucket, its
 * objects in a temporary folder removed on stop. `storageUrl` is the `STORAGE_URL` that points
 * the server (or `createS3Storage`) at it.
 */
import { ListObjectsV2Command, type S3Client } from '@aws-sdk/client-s3';
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
// @ts-expect-error s3rver ships no types; only its constructor and run/close are used.
import S3rver from 's3rver';

export interface TestS3 {
  port: number;
  bucket: string;
  storageUrl: string;
  stop(): Promise<void>;
}

export async function startS3(bucket = `kindred-${randomBytes(4).toString('hex')}`): Promise<TestS3> {
  const directory = await mkdtemp(join(tmpdir(), 'kindred-s3-'));
  const server = new S3rver({
    port: 0,
    address: '127.0.0.1',
    silent: true,
    directory,
    configureBuckets: [{ name: bucket }],
  });
  const { port } = (await server.run()) as { port: number };
  return {
    port,
    bucket,
    // s3rver accepts any key pair signed with its defaults.
    storageUrl: `s3://S3RVER:S3RVER@127.0.0.1:${port}/${bucket}?tls=false`,
    async stop() {
      await server.close();
      await rm(directory, { recursive: true, force: true });
    },
  };
}

/** Every key in the bucket (a test's view of what is stored). */
export async function bucketKeys(client: S3Client, bucket: string): Promise<string[]> {
  const keys: string[] = [];
  let token: string | undefined;
  do {
    const page = await client.send(new ListObjectsV2Command({ Bucket: bucket, ContinuationToken: token }));
    for (const item of page.Contents ?? []) if (item.Key) keys.push(item.Key);
    token = page.IsTruncated ? page.NextContinuationToken : undefined;
  } while (token);
  return keys;
}
