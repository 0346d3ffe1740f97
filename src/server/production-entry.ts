/**
 * The built server runs React and Astro in production mode however it is started (`node
 * dist/server/entry.mjs` as the README says, `./dev start`, a service file that forgets
 * NODE_ENV). React picks its development or production build from `process.env.NODE_ENV` when it
 * is first loaded, and its development build renders an uncached page about 30 % slower.
 *
 * Setting the variable inside the bundle is too late: ES imports are hoisted, so React loads
 * before any statement of the entry runs. The build therefore moves the adapter's entry to
 * `main.mjs` and writes a small `entry.mjs` that sets NODE_ENV and only then imports it.
 */
import { existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/** The name the adapter's own entry gets behind the wrapper. */
export const WRAPPED_ENTRY = 'main.mjs';

/** The marker that tells a wrapped entry from the adapter's (a second run must not wrap twice). */
const MARKER = '// kindred: production entry';

export function productionEntrySource(target = WRAPPED_ENTRY): string {
  return [
    MARKER,
    '// Set before anything loads React: its build (development or production) is chosen at load.',
    "process.env.NODE_ENV = 'production';",
    `const server = await import('./${target}');`,
    'export const { handler, options, startServer } = server;',
    '',
  ].join('\n');
}

/** Puts the production wrapper in front of the build's `entry.mjs` in `serverDir`. */
export function wrapProductionEntry(serverDir: string): void {
  const entry = join(serverDir, 'entry.mjs');
  if (!existsSync(entry)) return;
  if (readFileSync(entry, 'utf8').startsWith(MARKER)) return;
  renameSync(entry, join(serverDir, WRAPPED_ENTRY));
  writeFileSync(entry, productionEntrySource());
}
