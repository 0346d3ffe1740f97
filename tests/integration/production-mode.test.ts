import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from '../support/server.ts';

/*
 * ARCHITECTURE.md rule 10: the built server runs React in production mode however it is started,
 * also as the README's `node dist/server/entry.mjs` with no NODE_ENV at all. React chooses its
 * build when its entry module is first required (`cjs/*.production.js` or `*.development.js`),
 * so a preloaded probe reports every React build file the server loads.
 */

const PROBE = `
import Module from 'node:module';
const load = Module._load;
Module._load = function (request, ...rest) {
  if (/react[\\w.-]*\\.(development|production)\\.js$/.test(request)) process.stdout.write('react build: ' + request + '\\n');
  return load.call(this, request, ...rest);
};
`;

let probeDir: string;
let server: TestServer;

beforeAll(async () => {
  probeDir = mkdtempSync(join(tmpdir(), 'kindred-react-probe-'));
  const probe = join(probeDir, 'probe.mjs');
  writeFileSync(probe, PROBE);
  // An empty NODE_ENV is what React sees when nobody set it (`node dist/server/entry.mjs`).
  server = await startServer({ env: { NODE_ENV: '', NODE_OPTIONS: `--import=${probe}` } });
});
afterAll(async () => {
  await server?.stop();
  if (probeDir) rmSync(probeDir, { recursive: true, force: true });
});

describe('the built server started without NODE_ENV', () => {
  it('renders React islands with React’s production build', async () => {
    // The login page renders a React island on the server.
    const page = await server.request('/login');
    expect(page.status).toBe(200);
    expect(page.body).toContain('<astro-island');
    await server.waitForOutput('react build:');
    const loaded = server
      .output()
      .split('\n')
      .filter((line) => line.startsWith('react build: '));
    expect(loaded.some((line) => line.endsWith('.production.js'))).toBe(true);
    expect(loaded.filter((line) => line.endsWith('.development.js'))).toEqual([]);
  });
});

describe('idle keep-alive connections', () => {
  it('stay open longer than the connection pools in front of the server (nginx: 60 s)', async () => {
    // A pool that reuses a connection the server is closing gets a reset for a request the app
    // never saw; Node's default of 5 s is shorter than nginx's, a browser's or a test client's.
    const page = await server.request('/login', { headers: { connection: 'keep-alive' } });
    expect(page.headers['keep-alive']).toBe('timeout=65');
  });
});
