import { readdir, readFile } from 'node:fs/promises';
import { join, relative, sep } from 'node:path';
import { isStorageKey } from './file-storage.ts';
import type { PresigningStorage } from './s3-location.ts';

export interface CopyReport {
  /** Files put into the bucket. */
  copied: number;
  /** Files already there with the same size (an earlier run): left alone. */
  present: number;
  /** Files whose names no feature makes (half-written temporaries, strays): not copied. */
  skipped: string[];
}

/** Files copied at once: enough to hide the round trips, few enough for a small store. */
const PARALLEL = 8;

/**
 * Copies DATA_DIR/uploads into the bucket, key for key, for the move from local files to
 * `STORAGE_URL`. Safe to run again (after an interruption, or once more just before the switch
 * to catch late uploads): a file already in the bucket with its size is not sent again. Nothing
 * is deleted on either side.
 */
export async function copyUploads(root: string, bucket: PresigningStorage): Promise<CopyReport> {
  const report: CopyReport = { copied: 0, present: 0, skipped: [] };
  let entries;
  try {
    entries = await readdir(root, { recursive: true, withFileTypes: true });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return report;
    throw error;
  }
  const keys: string[] = [];
  for (const entry of entries) {
    if (!entry.isFile()) continue;
    const key = relative(root, join(entry.parentPath, entry.name)).split(sep).join('/');
    if (isStorageKey(key)) keys.push(key);
    else report.skipped.push(key);
  }
  keys.sort();
  let next = 0;
  const worker = async () => {
    while (next < keys.length) {
      const key = keys[next++]!;
      const body = await readFile(join(root, key));
      if ((await bucket.sizeOf(key)) === body.byteLength) {
        report.present += 1;
        continue;
      }
      await bucket.put(key, body);
      report.copied += 1;
    }
  };
  await Promise.all(Array.from({ length: Math.min(PARALLEL, keys.length) }, worker));
  return report;
}
