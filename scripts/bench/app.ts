/**
 * The built server as the benchmark runs it: a private copy of the build (a rebuild of dist/
 * while the benchmark runs cannot change what is measured), a seeded demo database, the
 * repository's tenant files, and ports of the benchmark's own range.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, symlinkSync } from 'node:fs';
import { join } from 'node:path';
import { requestTo, serverEnv, type RequestOptions, type TestResponse } from '../../tests/support/server.ts';
import { freePortIn, REPO_ROOT } from './nginx.ts';

export interface BuildCopy {
  /** The copied server entry. */
  entry: string;
  /** The copied client folder (for nginx's /_astro/). */
  clientDir: string;
}

/** Copies `dist` into `dir`; the copy finds the repository's node_modules through a link. */
export function copyBuild(dist: string, dir: string): BuildCopy {
  const entry = join(dist, 'server', 'entry.mjs');
  if (!existsSync(entry)) throw new Error(`no server build at ${entry}: run npm run build first`);
  cpSync(dist, join(dir, 'dist'), { recursive: true });
  symlinkSync(join(REPO_ROOT, 'node_modules'), join(dir, 'node_modules'), 'dir');
  return { entry: join(dir, 'dist', 'server', 'entry.mjs'), clientDir: join(dir, 'dist', 'client') };
}

/** Seeds `size` demo members into an SQLite database in `dataDir`. */
export function seedDatabase(dataDir: string, size: number): void {
  mkdirSync(dataDir, { recursive: true });
  const result = spawnSync(
    process.execPath,
    [join(REPO_ROOT, 'scripts', 'db.ts'), 'seed', '--size', String(size)],
    {
      cwd: REPO_ROOT,
      env: { ...process.env, DATA_DIR: dataDir, TENANTS_DIR: 'tenants', DATABASE_URL: '' },
      encoding: 'utf8',
      timeout: 300_000,
    },
  );
  if (result.status !== 0) throw new Error(`seeding failed:\n${result.stdout}${result.stderr}`);
}

export interface App {
  port: number;
  /** The server process (the realtime benchmark reads its memory). */
  pid: number;
  request(path: string, options?: RequestOptions): Promise<TestResponse>;
  /** Everything the server printed so far. */
  output(): string;
  stop(): Promise<void>;
}

/** Starts the copied server in the repository (its tenants/, niches/, themes/) and waits until it answers. */
export async function startApp(options: {
  build: Pick<BuildCopy, 'entry'>;
  dataDir: string;
  ports: { first: number; last: number };
  env?: Record<string, string>;
  /** How long the server may take to answer its first request (default a minute). */
  startTimeoutMs?: number;
}): Promise<App> {
  const port = await freePortIn(options.ports);
  const child: ChildProcess = spawn(process.execPath, [options.build.entry], {
    cwd: REPO_ROOT,
    env: serverEnv(port, options.dataDir, { LOG_LEVEL: 'warn', ...options.env }),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (c: Buffer) => (output += c.toString('utf8')));
  child.stderr?.on('data', (c: Buffer) => (output += c.toString('utf8')));
  const exited = new Promise<void>((done) => child.once('exit', () => done()));
  const deadline = Date.now() + (options.startTimeoutMs ?? 60_000);
  for (;;) {
    if (child.exitCode !== null)
      throw new Error(`the server exited (${child.exitCode}) before answering:\n${output}`);
    try {
      await requestTo(port, '/api/settings.php', { timeoutMs: 2_000 });
      break;
    } catch {
      if (Date.now() > deadline) {
        child.kill('SIGKILL');
        throw new Error(`the server did not answer on port ${port}:\n${output}`);
      }
      await new Promise((r) => setTimeout(r, 200));
    }
  }
  return {
    port,
    pid: child.pid!,
    request: (path, requestOptions) => requestTo(port, path, requestOptions),
    output: () => output,
    async stop() {
      if (child.exitCode !== null) return;
      child.kill('SIGTERM');
      const killer = setTimeout(() => child.kill('SIGKILL'), 5_000);
      await exited;
      clearTimeout(killer);
    },
  };
}
