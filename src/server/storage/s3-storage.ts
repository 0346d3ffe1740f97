import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { assertStorageKey } from './file-storage.ts';
import { PRESIGN_MAX_SECONDS, type PresigningStorage, type S3Location } from './s3-location.ts';

function isMissing(error: unknown): boolean {
  const e = error as { name?: string; $metadata?: { httpStatusCode?: number } };
  return e?.name === 'NoSuchKey' || e?.name === 'NotFound' || e?.$metadata?.httpStatusCode === 404;
}

const contentType = (key: string) => (key.endsWith('.webp') ? 'image/webp' : 'application/octet-stream');

/**
 * Member files in an S3-compatible bucket (AWS, MinIO, Ceph, Garage, R2, …), which stays
 * private: no object is ever readable without a signature. Path-style addresses (no bucket
 * name in the host, which the self-hosted stores need) and checksums only where the protocol
 * requires them (the stores that know none of the SDK's newer ones refuse them otherwise).
 */
export function createS3Storage(location: S3Location): PresigningStorage & { client: S3Client } {
  const client = new S3Client({
    endpoint: location.endpoint,
    region: location.region,
    credentials: { accessKeyId: location.accessKeyId, secretAccessKey: location.secretAccessKey },
    forcePathStyle: true,
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
  const Bucket = location.bucket;
  const objectKey = (key: string) => {
    assertStorageKey(key);
    return location.prefix + key;
  };
  const sizeOf = async (key: string) => {
    try {
      const head = await client.send(new HeadObjectCommand({ Bucket, Key: objectKey(key) }));
      return head.ContentLength ?? 0;
    } catch (error) {
      if (isMissing(error)) return undefined;
      throw error;
    }
  };
  const get = async (key: string) => {
    try {
      return await client.send(new GetObjectCommand({ Bucket, Key: objectKey(key) }));
    } catch (error) {
      if (isMissing(error)) return undefined;
      throw error;
    }
  };
  return {
    kind: 's3',
    origin: new URL(location.endpoint).origin,
    client,
    sizeOf,
    async put(key, body) {
      // An object appears whole or not at all: S3 never shows a part of an upload.
      await client.send(
        new PutObjectCommand({ Bucket, Key: objectKey(key), Body: body, ContentType: contentType(key) }),
      );
    },
    async read(key) {
      const answer = await get(key);
      return answer?.Body ? await answer.Body.transformToByteArray() : undefined;
    },
    async stream(key) {
      const answer = await get(key);
      if (!answer?.Body) return undefined;
      return { body: answer.Body.transformToWebStream(), size: answer.ContentLength ?? 0 };
    },
    async remove(key) {
      // S3 answers a delete of a missing object as done, as the interface wants.
      await client.send(new DeleteObjectCommand({ Bucket, Key: objectKey(key) }));
    },
    async presign(key, seconds) {
      // Checked first: a missing file is the app's 404, never the store's error page.
      if ((await sizeOf(key)) === undefined) return undefined;
      const expiresIn = Math.max(1, Math.min(PRESIGN_MAX_SECONDS, Math.floor(seconds)));
      const command = new GetObjectCommand({
        Bucket,
        Key: objectKey(key),
        // The store answers as the app would: the image type, kept only in the viewer's browser.
        ResponseContentType: contentType(key),
        ResponseCacheControl: `private, max-age=${expiresIn}`,
      });
      return getSignedUrl(client, command, { expiresIn });
    },
  };
}
