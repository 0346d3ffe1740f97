import { randomBytes } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { Readable } from 'node:stream';
import { assertStorageKey, type FileStorage } from './file-storage.ts';

function isMissing(error: unknown): boolean {
  const code = (error as NodeJS.ErrnoException)?.code;
  return code === 'ENOENT' || code === 'ENOTDIR' || code === 'EISDIR';
}

/** The embedded default: files under `root` (DATA_DIR/uploads), a key being a relative path. */
export function createLocalStorage(root: string): FileStorage {
  const base = resolve(root);
  /** The key's path, checked twice: by its form, and by where it resolves to. */
  const pathOf = (key: string): string => {
    assertStorageKey(key);
    const path = resolve(base, key);
    const inside = relative(base, path);
    if (inside === '' || inside.startsWith('..') || inside.startsWith(sep)) assertStorageKey('..');
    return path;
  };
  return {
    kind: 'local',
    async put(key, body) {
      const path = pathOf(key);
      await mkdir(dirname(path), { recursive: true });
      // Written beside and renamed over: a reader sees the old file or the new one, never a part.
      const temporary = join(dirname(path), `.${randomBytes(6).toString('hex')}.tmp`);
      try {
        await writeFile(temporary, body);
        await rename(temporary, path);
      } catch (error) {
        await rm(temporary, { force: true });
        throw error;
      }
    },
    async read(key) {
      try {
        return await readFile(pathOf(key));
      } catch (error) {
        if (isMissing(error)) return undefined;
        throw error;
      }
    },
    async stream(key) {
      const path = pathOf(key);
      try {
        const info = await stat(path);
        if (!info.isFile()) return undefined;
        return {
          body: Readable.toWeb(createReadStream(path)) as ReadableStream<Uint8Array>,
          size: info.size,
        };
      } catch (error) {
        if (isMissing(error)) return undefined;
        throw error;
      }
    },
    async remove(key) {
      await rm(pathOf(key), { force: true });
    },
  };
}
