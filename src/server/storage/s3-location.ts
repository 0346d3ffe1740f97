import { assertStorageKey, type FileStorage } from './file-storage.ts';

/*
 * The bucket's address and what a bucket can do beyond a file store, apart from the S3 client
 * (s3-storage.ts), which loads only where `STORAGE_URL` names a bucket.
 */

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
