/**
 * Where member files (photos and their variants) are kept (ARCHITECTURE rule 6): files in
 * `DATA_DIR/uploads` by default (`createLocalStorage`), an S3-compatible bucket at scale
 * (`STORAGE_URL`). Files are named by opaque keys the features make up (random, underivable);
 * no key is ever a public address: files reach browsers only through a route that checks the
 * viewer first (src/pages/media/[...path].ts), which streams them from here or, from a bucket,
 * redirects the admitted viewer to a presigned address that expires within 5 minutes.
 */
export interface FileStorage {
  readonly kind: 'local' | 's3';
  /** Stores `body` under `key`, replacing a file of that key; readers never see half a file. */
  put(key: string, body: Uint8Array): Promise<void>;
  /** The whole file, or undefined when there is none. */
  read(key: string): Promise<Uint8Array | undefined>;
  /** The file as a stream with its size (for responses), or undefined when there is none. */
  stream(key: string): Promise<StoredFile | undefined>;
  /** Deletes the file; a missing one is no error (erasure may run twice). */
  remove(key: string): Promise<void>;
}

export interface StoredFile {
  body: ReadableStream<Uint8Array>;
  size: number;
}

/**
 * Keys are relative paths of lower-case letters, digits, `-`, `_` and `.` in `/`-separated
 * segments: no absolute path, no `..`, no empty or hidden segment, nothing a file system or a
 * bucket reads differently.
 */
const SEGMENT = /^[a-z0-9][a-z0-9._-]{0,127}$/;

export function isStorageKey(key: string): boolean {
  if (key.length === 0 || key.length > 512) return false;
  return key.split('/').every((segment) => SEGMENT.test(segment) && !segment.includes('..'));
}

export class StorageKeyError extends Error {
  constructor(key: string) {
    super(`not a storage key: ${JSON.stringify(key.slice(0, 80))}`);
    this.name = 'StorageKeyError';
  }
}

export function assertStorageKey(key: string): void {
  if (!isStorageKey(key)) throw new StorageKeyError(key);
}
