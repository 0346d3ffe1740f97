import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/* Folders a test writes into, removed again once the test (or the file) is done with them. */

/**
 * A maker of fresh temporary folders named `<prefix>…`; `cleanUp` (vitest's `afterEach` or
 * `afterAll`) removes those made so far.
 */
export function tempDirs(prefix: string, cleanUp: (remove: () => void) => void): () => string {
  const dirs: string[] = [];
  cleanUp(() => {
    for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
  });
  return () => {
    const dir = mkdtempSync(join(tmpdir(), prefix));
    dirs.push(dir);
    return dir;
  };
}
