import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { assertStorageKey, type FileStorage } from './file-storage.ts';

/**
 * A presigned address lets whoever holds it fetch the file until it expires, with no further
 * check: it is handed out only after the viewer check, and lives 5 minutes at most (API.md
 * "photo"), the time a private photo may stay in the viewer's own browser anyway.
 */
export const PRESIGN_MAX_SECONDS = 300;

/** Where the bucket is, read from `STORAGE_URL` (docs/operators.md "Photos on S3"). */
export interface S3Location {
  endpoint: string;
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** Key prefix inside the bucket (`?prefix=`), empty or ending in `/`. */
  prefix: string;
}

/**
 * `s3://ACCESS_KEY:SECRET@host[:port]/bucket[?region=…&tls=false&prefix=…]`. The endpoint is
 * https unless `tls=false` (a store on the loopback or a private network); the region defaults
 * to `us-east-1`, which S3-compatible stores accept. Keys and secrets are URL-encoded.
 */
export function parseStorageUrl(value: string): S3Location {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new Error('STORAGE_URL: not a URL');
  }
  if (url.protocol !== 's3:') throw new Error('STORAGE_URL: must start with s3://');
  const bucket = url.pathname.replace(/^\/+|\/+$/g, '');
  if (!bucket || bucket.includes('/'))
    throw new Error('STORAGE_URL: give the bucket as the path (s3://…@host/bucket)');
  if (!url.username || !url.password)
    throw new Error('STORAGE_URL: give the access key and secret (s3://KEY:SECRET@…)');
  const tls = url.searchParams.get('tls') ?? 'true';
  if (!['true', 'false'].includes(tls)) throw new Error('STORAGE_URL: tls must be true or false');
  const prefix = (url.searchParams.get('prefix') ?? '').replace(/^\/+|\/+$/g, '');
  if (prefix) assertStorageKey(prefix);
  return {
    endpoint: `${tls === 'false' ? 'http' : 'https'}://${url.host}`,
    bucket,
    region: url.searchParams.get('region') || 'us-east-1',
    accessKeyId: decodeURIComponent(url.username),
    secretAccessKey: decodeURIComponent(url.password),
    prefix: prefix ? `${prefix}/` : '',
  };
}

/** Files of this storage may also be handed out as short-lived presigned addresses. */
export interface PresigningStorage extends FileStorage {
  /** The origin of the presigned addresses, which pages must allow images from. */
  readonly origin: string;
  /** A GET address of the file valid `seconds` (at most 300), or undefined when there is none. */
  presign(key: string, seconds: number): Promise<string | undefined>;
  /** The stored file's size, or undefined when there is none (without reading it). */
  sizeOf(key: string): Promise<number | undefined>;
}

export function canPresign(storage: FileStorage): storage is PresigningStorage {
  return typeof (storage as Partial<PresigningStorage>).presign === 'function';
}

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
