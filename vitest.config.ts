import { defineConfig } from 'vitest/config';
import { inlineScriptsPlugin } from './scripts/build/inline-scripts.ts';

/**
 * Two projects: `unit` (tests beside the code, no server) and `integration` (HTTP conversations
 * with the built server, see tests/support/server.ts). `./dev test` runs them as separate suites;
 * `npx vitest run --project unit` runs one.
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
          include: ['src/**/*.test.ts', 'scripts/**/*.test.ts', 'eslint-rules/**/*.test.ts'],
        },
      },
      {
        extends: true,
        test: {
          name: 'integration',
          include: ['tests/integration/**/*.test.ts'],
          // A server starts per file (boot + migrations); PostgreSQL may need a cluster first.
          testTimeout: 30_000,
          hookTimeout: 120_000,
        },
      },
    ],
  },
});
