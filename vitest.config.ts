import { globSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { defineConfig } from 'vitest/config';
import { inlineScriptsPlugin } from './scripts/build/inline-scripts.ts';

const UNIT_TESTS = ['src/**/*.test.ts', 'scripts/**/*.test.ts', 'eslint-rules/**/*.test.ts'];

/**
 * The unit tests that need a module graph of their own: a file that mocks a module, stubs a
 * global or the environment, spies or fakes the clock (`vi.…`), and a store's tests (a store is
 * one module-wide state). The others share their worker's modules from file to file, which
 * halves the suite: most of an isolated file's time was importing what the file before had
 * imported already.
 */
const needsOwnModules = (file: string) =>
  /\.store\.test\.ts$/.test(file) || /\bvi\.[a-zA-Z]+/.test(readFileSync(file, 'utf8'));
const isolatedUnitTests = UNIT_TESTS.flatMap((pattern) =>
  globSync(pattern, { cwd: import.meta.dirname }),
).filter((file) => needsOwnModules(join(import.meta.dirname, file)));

/**
 * The unit tests (beside the code, no server) in two projects, `unit` and `unit-isolated` (see
 * above), and `integration` (HTTP conversations with the built server, see
 * tests/support/server.ts). `./dev test` runs the unit tests and the integration tests as separate
 * suites; `npx vitest run --project 'unit*'` runs the unit tests alone.
 *
 * Include globs live in the projects only: a project that extends this file would otherwise get
 * the root's globs added to its own.
 */
export default defineConfig({
  // Inline scripts are imported as their built bytes (`?inline-script`), in tests as in the build.
  plugins: [inlineScriptsPlugin()],
  test: {
    // CI has two cores; each integration file also runs a server process of its own.
    maxWorkers: 2,
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: UNIT_TESTS,
          exclude: isolatedUnitTests,
          isolate: false,
        },
      },
      {
        extends: true,
        test: { name: 'unit-isolated', include: isolatedUnitTests },
      },
      {
        extends: true,
        test: {
          name: 'integration',
          include: ['tests/integration/**/*.test.ts'],
          // A server starts per file (boot + migrations); PostgreSQL may need a cluster first.
          testTimeout: 30_000,
          // No file mocks, stubs or keeps state in a shared module (servers and databases are
          // each file's own), so the files of a worker share its modules: a minute less.
          isolate: false,
          hookTimeout: 120_000,
        },
      },
    ],
  },
});
