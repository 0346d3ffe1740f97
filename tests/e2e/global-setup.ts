import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { REPO_ROOT, startServer } from '../support/server.ts';

/**
 * One server for the whole browser suite (starting one per file would cost more than the tests);
 * its port reaches the test workers through the environment, which they inherit.
 */
export default async function globalSetup(): Promise<() => Promise<void>> {
  const seeded = existsSync(join(REPO_ROOT, 'src', 'db', 'seed', 'index.ts'));
  if (!seeded)
    process.stdout.write('e2e: no demo seed yet (src/db/seed/index.ts); starting on an empty database\n');
  const server = await startServer(seeded ? { seedSize: 40 } : {});
  process.env.KINDRED_E2E_PORT = String(server.port);
  process.stdout.write(`e2e: server on port ${server.port} (pid ${server.pid})\n`);
  return async () => {
    await server.stop();
  };
}
