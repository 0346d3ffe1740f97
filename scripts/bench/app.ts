/**
 * The built server as the benchmark runs it: a private copy of the build (a rebuild of dist/
 * while the benchmark runs cannot change what is measured), a seeded demo database, the
 * repository's tenant files, and ports of the benchmark's own range.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
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

/**
 * A copy of the repository's tenants whose members may send without the per-member pace
 * (`rate_limits.chat_send`): the send throughput measures the send, and its few senders send
 * far more a minute than any person, which a real site refuses.
 */
export function unpacedTenants(work: string): string {
  const dir = join(work, 'tenants');
  cpSync(join(REPO_ROOT, 'tenants'), dir, { recursive: true });
  for (const file of readdirSync(dir).filter((f) => f.endsWith('.json'))) {
    const tenant = JSON.parse(readFileSync(join(dir, file), 'utf8')) as Record<string, unknown>;
    const limits = (tenant.rate_limits ?? {}) as Record<string, unknown>;
    tenant.rate_limits = { ...limits, chat_send: { limit: 100_000, window_minutes: 1 } };
    writeFileSync(join(dir, file), JSON.stringify(tenant, null, 2));
  }
  return dir;
}

/**
 * The build of `dist` started in a fresh work folder of its own, for a benchmark that writes to
 * its members as fast as it can (the tenants unpaced, see above); the caller removes `work`.
 */
export async function startUnpacedApp(options: {
  bench: string;
  dist: string;
  ports: { first: number; last: number };
  env: Record<string, string>;
}): Promise<{ work: string; dataDir: string; app: App }> {
  const work = mkdtempSync(join(tmpdir(), `kindred-bench-${options.bench}-`));
  const build = copyBuild(resolve(REPO_ROOT, options.dist), work);
  const dataDir = join(work, 'data');
  const app = await startApp({
    build,
    dataDir,
    ports: options.ports,
    env: { ...options.env, TENANTS_DIR: unpacedTenants(work) },
  });
  return { work, dataDir, app };
}

/** A JSON POST to the local server; answers the status once the body has been read. */
export function post(
  port: number,
  path: string,
  body: string,
  headers: Record<string, string>,
  agent?: http.Agent,
): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = http.request({
      host: '127.0.0.1',
      port,
      path,
      method: 'POST',
      agent,
      headers: {
        'content-type': 'application/json',
        'content-length': String(Buffer.byteLength(body)),
        ...headers,
      },
    });
    req.on('error', reject);
    req.on('response', (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode ?? 0));
    });
    req.end(body);
  });
}
