import { join } from 'node:path';
import type { FileStorage } from './file-storage.ts';
import { createLocalStorage } from './local-storage.ts';
import { createS3Storage, parseStorageUrl } from './s3-storage.ts';

/** The bucket of `STORAGE_URL` (`s3://…`), else the embedded default: files in DATA_DIR/uploads. */
export function createStorage(env: { STORAGE_URL: string; dataDir: string }): FileStorage {
  if (env.STORAGE_URL.startsWith('s3://')) return createS3Storage(parseStorageUrl(env.STORAGE_URL));
  return createLocalStorage(join(env.dataDir, 'uploads'));
}
