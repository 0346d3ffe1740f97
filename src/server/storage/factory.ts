import { join } from 'node:path';
import type { FileStorage } from './file-storage.ts';
import { createLocalStorage } from './local-storage.ts';
import { parseStorageUrl } from './s3-location.ts';

/**
 * The bucket of `STORAGE_URL` (`s3://…`), else the embedded default: files in DATA_DIR/uploads.
 * The S3 client loads only for a bucket.
 */
export async function createStorage(env: { STORAGE_URL: string; dataDir: string }): Promise<FileStorage> {
  if (env.STORAGE_URL.startsWith('s3://')) {
    const location = parseStorageUrl(env.STORAGE_URL);
    const { createS3Storage } = await import('./s3-storage.ts');
    return createS3Storage(location);
  }
  return createLocalStorage(join(env.dataDir, 'uploads'));
}
