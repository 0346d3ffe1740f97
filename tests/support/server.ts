/**
 * The built server (`dist/server/entry.mjs`) as the tests meet it: a real process on a free port
 * with its own temporary DATA_DIR, spoken to over HTTP.
 *
 * Each server runs in a temporary root folder that links `niches/` and `themes/` from the
 * repository and holds `tenants/` (a link to the repository's folder, or a private copy for
 * tests that write tenant files). The server names files relative to its working folder, so its
 * messages read `tenants/<file>.json: <field>: <reason>` exactly as an operator sees them.
 *
 * Node does not resolve `*.localhost`: requests go to 127.0.0.1 with the site's Host header.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  renameSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import http from 'node:http';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { freePortIn } from './ports.ts';

export const REPO_ROOT = resolve(import.meta.dirname, '..', '..');
/**
 * The built server. `KINDRED_SERVER_ENTRY` points at a copy instead, so a build started by
 * someone else on the same checkout cannot pull the files away from a running suite.
 */
export const SERVER_ENTRY = process.env.KINDRED_SERVER_ENTRY
  ? resolve(process.env.KINDRED_SERVER_ENTRY)
  : join(REPO_ROOT, 'dist', 'server', 'entry.mjs');

/**
 * Ports for servers started by tests; other tools on the machine keep out of this range.
 * `KINDRED_TEST_PORTS=4600-4649` moves it, so parallel runs on one machine stay apart.
 */
const PORT_RANGE = portRange(process.env.KINDRED_TEST_PORTS) ?? { first: 4500, last: 4599 };

function portRange(spec: string | undefined): { first: number; last: number } | undefined {
  const match = /^(\d+)-(\d+)$/.exec(spec?.trim() ?? '');
  if (!match) return undefined;
  const [first, last] = [Number(match[1]), Number(match[2])];
  return first > 0 && first <= last && last < 65536 ? { first, last } : undefined;
}

/** The demo sites as their tenant files describe them. */
export const DEMO = {
  amber: { id: 'localhost', host: 'localhost', name: 'Amber Hearts', niche: 'general', network: 'amber' },
  rainbow: { id: 'rainbow', host: 'rainbow.localhost', name: 'Rainbow Lane', niche: 'gay', network: 'amber' },
  silver: { id: 'mature', host: 'silver.localhost', name: 'Silver Sparks', niche: 'gilf', network: 'amber' },
  curvy: { id: 'curvy', host: 'curvy.localhost', name: 'Kurvenreich', niche: 'bbw', network: 'curvy' },
} as const;
export const DEMO_SITES = Object.values(DEMO);

/**
 * The tenant file of a test's own site beside the demo ones: on `<id>.localhost`, of the general
 * niche, with `settings` (its network, signups mode, limits) added.
 */
export function extraSite<const Settings extends Record<string, unknown>>(
  id: string,
  name: string,
  settings: Settings,
) {
  return { id, domains: [`${id}.localhost`], name, niche: 'general', ...settings } as const;
}
export const DEMO_NAMES: string[] = DEMO_SITES.map((s) => s.name);

export interface RequestOptions {
  /** The Host header (default `localhost`, the first demo site). */
  host?: string;
  method?: string;
  headers?: Record<string, string>;
  /** A string is sent as is; anything else as JSON. */
  body?: unknown;
  /** Abort after this many milliseconds (default 15 000). */
  timeoutMs?: number;
}

export interface TestResponse {
  status: number;
  headers: http.IncomingHttpHeaders;
  /** The body as text, decompressed when the server gzipped it. */
  body: string;
  /** Bytes on the wire: the compressed size when the server gzipped the body. */
  wireBytes: number;
  /** The Set-Cookie headers, one string each. */
  cookies: string[];
  json<T = Record<string, unknown>>(): T;
}

export interface TenantsFolder {
  /** The root the server runs in: `tenants/`, linked `niches/` and `themes/`. */
  root: string;
  /** `<root>/tenants`. */
  dir: string;
  /** Writes `tenants/<name>` atomically (a rename, as editors and `tenants new` do). */
  write(name: string, content: unknown): void;
  read(name: string): string;
  remove(): void;
}

export interface StartOptions {
  /** A folder of tenant files to serve instead of the repository's `tenants/`. */
  tenantsDir?: string;
  /** Serve a private copy of the repository's `tenants/` that the test may change. */
  copyTenants?: boolean;
  /** A prepared folder from `tenantsFolder()`; wins over the two options above. */
  tenants?: TenantsFolder;
  env?: Record<string, string>;
  /** Seed this many demo members (`scripts/db.ts seed`) before the server starts. */
  seedSize?: number;
  /** Give up waiting for the first answer after this many milliseconds (default 30 000). */
  startTimeoutMs?: number;
  /**
   * Where the test reads and seeds the server's database when that is not DATABASE_URL: a
   * superuser's URL, which row-level security does not restrict, beside a server that connects
   * as the app's role.
   */
  adminDatabaseUrl?: string;
}

export interface TestServer {
  port: number;
  /** `http://127.0.0.1:<port>`; use `request()` or a Host header to reach a particular site. */
  baseUrl: string;
  dataDir: string;
  /**
   * The server's database for the test to read: its DATABASE_URL (empty for the default SQLite
   * file in `dataDir`), or the superuser's URL of `adminDatabaseUrl`.
   */
  databaseUrl: string;
  tenantsDir: string;
  root: string;
  pid: number;
  request(path: string, options?: RequestOptions): Promise<TestResponse>;
  /** Sends `text` as is (for requests node's client will not make) and returns the raw answer. */
  raw(text: string): Promise<string>;
  /** Everything the server wrote to stdout and stderr so far. */
  output(): string;
  /** Resolves once the output contains `text` (or matches it); rejects after `timeoutMs`. */
  waitForOutput(text: string | RegExp, timeoutMs?: number): Promise<void>;
  signal(signal: NodeJS.Signals): void;
  /** Resolves with the exit code once the process has ended (null when a signal killed it). */
  exited(): Promise<number | null>;
  stop(): Promise<void>;
}

function ensureBuilt(): void {
  if (!existsSync(SERVER_ENTRY)) {
    throw new Error(
      `No server build at ${SERVER_ENTRY}. Build first: npx astro build (./dev test builds by itself).`,
    );
  }
}

/** A private server root with `tenants/` copied from the repository (or from `source`). */
export function tenantsFolder(source: string = join(REPO_ROOT, 'tenants')): TenantsFolder {
  const root = mkdtempSync(join(tmpdir(), 'kindred-root-'));
  const dir = join(root, 'tenants');
  cpSync(source, dir, { recursive: true });
  linkProductFolders(root);
  return {
    root,
    dir,
    write(name, content) {
      const text = typeof content === 'string' ? content : `${JSON.stringify(content, null, 2)}\n`;
      const temp = join(root, `.${name}.tmp`);
      writeFileSync(temp, text);
      renameSync(temp, join(dir, name));
    },
    read(name) {
      return readFileSync(join(dir, name), 'utf8');
    },
    remove() {
      rmSync(root, { recursive: true, force: true });
    },
  };
}

function linkProductFolders(root: string): void {
  for (const folder of ['niches', 'themes']) symlinkSync(join(REPO_ROOT, folder), join(root, folder), 'dir');
}

/** A root whose `tenants` is a link to `dir`: the server reads that folder in place. */
function linkedRoot(dir: string): { root: string; tenantsDir: string } {
  const root = mkdtempSync(join(tmpdir(), 'kindred-root-'));
  symlinkSync(resolve(dir), join(root, 'tenants'), 'dir');
  linkProductFolders(root);
  return { root, tenantsDir: resolve(dir) };
}

/** A free port in the test range; random so that parallel test files rarely pick the same one. */
export async function freePort(): Promise<number> {
  return freePortIn(PORT_RANGE);
}

/**
 * The environment a test or benchmark server gets: the caller's, minus anything that would point
 * it elsewhere or move its clock.
 */
export function serverEnv(
  port: number,
  dataDir: string,
  extra: Record<string, string> = {},
): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env };
  for (const name of [
    'DATABASE_URL',
    'DATABASE_MIGRATE_URL',
    'MAIL_URL',
    'TRUST_PROXY',
    'PUBLIC_SCHEME',
    'PUBLIC_PORT',
    'PAYMENT_PROVIDER',
    'APP_SECRET',
    'REDIS_URL',
    'KINDRED_TEST_CLOCK',
  ]) {
    delete env[name];
  }
  return {
    ...env,
    HOST: '127.0.0.1',
    PORT: String(port),
    DATA_DIR: dataDir,
    TENANTS_DIR: 'tenants',
    PUBLIC_PORT: String(port),
    LOG_LEVEL: 'info',
    NODE_ENV: 'production',
    // No video lander clips: an encode takes a core for many seconds, and whether a lander
    // shows the clip or its slideshow would depend on how far it got. A test of clips sets it.
    FFMPEG_PATH: '',
    ...extra,
  };
}

/** One HTTP request to 127.0.0.1:port with a Host header; never follows redirects. */
export function requestTo(port: number, path: string, options: RequestOptions = {}): Promise<TestResponse> {
  const { host = 'localhost', method = 'GET', headers = {}, body, timeoutMs = 15_000 } = options;
  const payload = body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body);
  const sendHeaders: Record<string, string> = { host, ...headers };
  if (payload !== undefined) {
    if (!Object.keys(sendHeaders).some((h) => h.toLowerCase() === 'content-type')) {
      sendHeaders['content-type'] = typeof body === 'string' ? 'text/plain' : 'application/json';
    }
    sendHeaders['content-length'] = String(Buffer.byteLength(payload));
  }
  return new Promise((resolvePromise, reject) => {
    const req = http.request(
      { host: '127.0.0.1', port, path, method, headers: sendHeaders, agent: false, timeout: timeoutMs },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('error', reject);
        res.on('end', () => {
          const wire = Buffer.concat(chunks);
          let text: string;
          try {
            text = (res.headers['content-encoding'] === 'gzip' ? gunzipSync(wire) : wire).toString('utf8');
          } catch (error) {
            reject(
              new Error(`${method} ${host}${path}: a gzip body that does not decompress: ${String(error)}`),
            );
            return;
          }
          const setCookie = res.headers['set-cookie'];
          resolvePromise({
            status: res.statusCode ?? 0,
            headers: res.headers,
            body: text,
            wireBytes: wire.length,
            cookies: Array.isArray(setCookie) ? setCookie : setCookie ? [setCookie] : [],
            json<T>() {
              try {
                return JSON.parse(text) as T;
              } catch {
                throw new Error(
                  `${method} ${host}${path} answered ${res.statusCode} with no JSON: ${text.slice(0, 300)}`,
                );
              }
            },
          });
        });
      },
    );
    req.on('timeout', () =>
      req.destroy(new Error(`${method} ${host}${path}: no answer within ${timeoutMs} ms`)),
    );
    req.on('error', reject);
    if (payload !== undefined) req.write(payload);
    req.end();
  });
}

/** One request written byte for byte; the answer as text, once the server closes. */
export function rawRequest(port: number, text: string, timeoutMs = 15_000): Promise<string> {
  return new Promise((resolvePromise, reject) => {
    // Written without ending our side: a half-closed socket makes the server drop the request.
    const socket = connect(port, '127.0.0.1', () => socket.write(text));
    const chunks: Buffer[] = [];
    socket.setTimeout(timeoutMs, () => socket.destroy(new Error(`no answer within ${timeoutMs} ms`)));
    socket.on('data', (c: Buffer) => chunks.push(c));
    socket.on('error', reject);
    socket.on('close', () => resolvePromise(Buffer.concat(chunks).toString('utf8')));
  });
}

function seed(size: number, dataDir: string, tenantsDir: string, env: Record<string, string>): void {
  const script = join(REPO_ROOT, 'scripts', 'db.ts');
  if (!existsSync(script)) throw new Error('cannot seed: scripts/db.ts does not exist yet');
  const result = spawnSync(process.execPath, [script, 'seed', '--size', String(size)], {
    cwd: REPO_ROOT,
    env: { ...serverEnv(0, dataDir, env), TENANTS_DIR: tenantsDir },
    encoding: 'utf8',
    timeout: 180_000,
  });
  if (result.status !== 0) {
    throw new Error(
      `seeding ${size} members failed (exit ${result.status ?? result.signal}):\n${result.stdout}${result.stderr}`,
    );
  }
}

interface Prepared {
  root: string;
  tenantsDir: string;
  cleanup: () => void;
}

function prepareRoot(options: StartOptions): Prepared {
  if (options.tenants)
    return { root: options.tenants.root, tenantsDir: options.tenants.dir, cleanup: () => {} };
  if (options.copyTenants) {
    const folder = tenantsFolder(options.tenantsDir);
    return { root: folder.root, tenantsDir: folder.dir, cleanup: () => folder.remove() };
  }
  const { root, tenantsDir } = linkedRoot(options.tenantsDir ?? join(REPO_ROOT, 'tenants'));
  return { root, tenantsDir, cleanup: () => rmSync(root, { recursive: true, force: true }) };
}

/** Servers still running; a test process that dies early must not leave them behind. */
const live = new Set<ChildProcess>();
process.once('exit', () => {
  for (const child of live) child.kill('SIGKILL');
});

function track(child: ChildProcess): ChildProcess {
  live.add(child);
  child.once('exit', () => live.delete(child));
  return child;
}

function spawnServer(
  root: string,
  env: NodeJS.ProcessEnv,
): { child: ChildProcess; output: () => string; listeners: Set<() => void> } {
  const child = spawn(process.execPath, [SERVER_ENTRY], {
    cwd: root,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let text = '';
  const listeners = new Set<() => void>();
  const collect = (chunk: Buffer) => {
    text += chunk.toString('utf8');
    for (const listener of listeners) listener();
  };
  child.stdout?.on('data', collect);
  child.stderr?.on('data', collect);
  return { child, output: () => text, listeners };
}

function exited(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolvePromise) => child.once('exit', () => resolvePromise()));
}

/**
 * Starts the built server and resolves once it answers HTTP. Stop it with `stop()` (also removes
 * its temporary folders).
 */
export async function startServer(options: StartOptions = {}): Promise<TestServer> {
  ensureBuilt();
  const prepared = prepareRoot(options);
  const dataDir = join(prepared.root, 'data');
  mkdirSync(dataDir, { recursive: true });
  const extra = options.env ?? {};
  try {
    if (options.seedSize) {
      const admin = options.adminDatabaseUrl;
      seed(options.seedSize, dataDir, prepared.tenantsDir, admin ? { ...extra, DATABASE_URL: admin } : extra);
    }
  } catch (error) {
    prepared.cleanup();
    throw error;
  }

  // Another test file may take the same port between the probe and the listen: try again.
  for (let attempt = 1; ; attempt++) {
    const port = await freePort();
    const { child, output, listeners } = spawnServer(prepared.root, serverEnv(port, dataDir, extra));
    try {
      await waitUntilAnswering(child, port, output, options.startTimeoutMs ?? 30_000);
    } catch (error) {
      child.kill('SIGKILL');
      await exited(child);
      if (attempt < 4 && /EADDRINUSE/.test(output())) continue;
      prepared.cleanup();
      throw error;
    }
    let stopped = false;
    return {
      port,
      baseUrl: `http://127.0.0.1:${port}`,
      dataDir,
      databaseUrl: options.adminDatabaseUrl ?? extra.DATABASE_URL ?? '',
      tenantsDir: prepared.tenantsDir,
      root: prepared.root,
      pid: child.pid!,
      request: (path, requestOptions) => requestTo(port, path, requestOptions),
      raw: (text) => rawRequest(port, text),
      output,
      waitForOutput(expected, timeoutMs = 5_000) {
        const matches = () =>
          typeof expected === 'string' ? output().includes(expected) : expected.test(output());
        if (matches()) return Promise.resolve();
        return new Promise((resolvePromise, reject) => {
          const listener = () => {
            if (!matches()) return;
            clearTimeout(timer);
            listeners.delete(listener);
            resolvePromise();
          };
          const timer = setTimeout(() => {
            listeners.delete(listener);
            reject(
              new Error(
                `the server did not print ${String(expected)} within ${timeoutMs} ms; it printed:\n${output()}`,
              ),
            );
          }, timeoutMs);
          listeners.add(listener);
        });
      },
      signal(signal) {
        child.kill(signal);
      },
      exited: () => exited(child).then(() => child.exitCode),
      async stop() {
        if (stopped) return;
        stopped = true;
        child.kill('SIGTERM');
        const killer = setTimeout(() => child.kill('SIGKILL'), 5_000);
        await exited(child);
        clearTimeout(killer);
        prepared.cleanup();
      },
    };
  }
}

async function waitUntilAnswering(
  child: ChildProcess,
  port: number,
  output: () => string,
  timeoutMs: number,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(
        `the server exited (${child.exitCode ?? child.signalCode}) before answering:\n${output()}`,
      );
    }
    // Another test file's server may answer on this port for a moment (both probed it free);
    // only our own server's "listening" line makes an answer ours.
    if (!/Server listening on/i.test(output())) {
      await new Promise((r) => setTimeout(r, 50));
      continue;
    }
    try {
      await requestTo(port, '/api/settings.php', { timeoutMs: 2_000 });
      return;
    } catch {
      await new Promise((r) => setTimeout(r, 100));
    }
  }
  throw new Error(`the server did not answer on port ${port} within ${timeoutMs} ms:\n${output()}`);
}

export interface FailedStart {
  /** The exit code; null when it was killed because it kept running. */
  code: number | null;
  stdout: string;
  stderr: string;
  /** True when the server started listening instead of failing. */
  listened: boolean;
}

/**
 * Starts the server where it is expected to refuse to start (a bad tenant file, a bad setting)
 * and reports how it ended. A server that answers instead is stopped and reported as `listened`.
 */
export async function startServerExpectingFailure(
  options: Omit<StartOptions, 'seedSize'> & { timeoutMs?: number } = {},
): Promise<FailedStart> {
  ensureBuilt();
  const prepared = prepareRoot(options);
  const dataDir = join(prepared.root, 'data');
  mkdirSync(dataDir, { recursive: true });
  const port = await freePort();
  const child = spawn(process.execPath, [SERVER_ENTRY], {
    cwd: prepared.root,
    env: serverEnv(port, dataDir, options.env ?? {}),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  track(child);
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (c: Buffer) => (stdout += c.toString('utf8')));
  child.stderr.on('data', (c: Buffer) => (stderr += c.toString('utf8')));
  // 'close' follows the end of its output; 'exit' may come before the last of stderr is read.
  const closed = new Promise<void>((resolveClosed) => child.once('close', () => resolveClosed()));
  const deadline = Date.now() + (options.timeoutMs ?? 20_000);
  let listened = false;
  try {
    // Judged by the server's own line, not by a probe of the port: another test's server may
    // take the same free port once this one has failed, and answer in its place.
    while (child.exitCode === null && child.signalCode === null && Date.now() < deadline) {
      if (stdout.includes('Server listening on')) {
        listened = true;
        break;
      }
      await new Promise((r) => setTimeout(r, 100));
    }
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    await closed;
  } finally {
    prepared.cleanup();
  }
  return { code: listened ? null : child.exitCode, stdout, stderr, listened };
}
