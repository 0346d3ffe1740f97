/**
 * Runs Debian's nginx with the shipped configuration (deploy/nginx/kindred.conf) in a private
 * folder: its own port, upstream ports, cache, logs and temp files, nothing of /etc/nginx but
 * mime.types. The proxy-cache test and the benchmark use it, so both exercise the very file an
 * operator installs; only the lines that name this machine (listen port, upstream servers, cache
 * folder, build folder) are replaced, and a replacement that no longer matches fails loudly.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { freePortIn, portIsFree } from '../../tests/support/ports.ts';

export const REPO_ROOT = resolve(import.meta.dirname, '..', '..');
export const NGINX_CONFIG = join(REPO_ROOT, 'deploy', 'nginx', 'kindred.conf');

/** Ports for nginx instances of tests and benchmarks. */
export const NGINX_PORTS = { first: 4850, last: 4899 };

/** The nginx binary, or undefined when it is not installed (Debian: apt-get install nginx). */
export function findNginx(): string | undefined {
  const candidates = [process.env.NGINX_PATH, '/usr/sbin/nginx', '/usr/local/sbin/nginx', '/usr/bin/nginx'];
  for (const dir of (process.env.PATH ?? '').split(':')) if (dir) candidates.push(join(dir, 'nginx'));
  return candidates.find((path): path is string => !!path && existsSync(path));
}

// The port helpers live with the test servers'; the benchmarks pick their ports through here too.
export { freePortIn, portIsFree };

function replaceOnce(text: string, pattern: RegExp, replacement: string, what: string): string {
  if (!pattern.test(text))
    throw new Error(`${NGINX_CONFIG}: cannot find ${what} (${pattern}) to point it at this machine`);
  return text.replace(pattern, replacement);
}

export interface SiteConfigOptions {
  port: number;
  /** Where the port-80 block (the redirect to https) listens instead of 80. */
  redirectPort: number;
  /** Ports of the app processes on 127.0.0.1. */
  upstreamPorts: number[];
  cacheDir: string;
  /** The build's client folder (default: the repository's dist/client). */
  clientDir?: string;
}

/** The shipped configuration with this machine's ports and folders. */
export function siteConfig(options: SiteConfigOptions): string {
  let text = readFileSync(NGINX_CONFIG, 'utf8');
  text = replaceOnce(
    text,
    /(upstream kindred_app \{[\s\S]*?)((?:\s*server 127\.0\.0\.1:\d+;)+)/,
    `$1${options.upstreamPorts.map((p) => `\n    server 127.0.0.1:${p};`).join('')}`,
    'the upstream servers',
  );
  text = replaceOnce(
    text,
    /proxy_cache_path \S+/,
    `proxy_cache_path ${options.cacheDir}`,
    'proxy_cache_path',
  );
  // TLS is the operator's (certificates per domain): here the app's server block speaks plain
  // http on the test port, and the port-80 block that redirects to https listens on another.
  text = replaceOnce(
    text,
    /^(\s*)listen 443 ssl http2;\n\s*listen \[::\]:443 ssl http2;$/m,
    `$1listen 127.0.0.1:${options.port};`,
    'listen 443',
  );
  text = replaceOnce(
    text,
    /^\s*ssl_certificate .*\n\s*ssl_certificate_key .*\n\s*ssl_protocols .*\n/m,
    '',
    'the TLS lines',
  );
  text = replaceOnce(
    text,
    /^(\s*)listen 80 default_server;\n\s*listen \[::\]:80 default_server;$/m,
    `$1listen 127.0.0.1:${options.redirectPort};`,
    'listen 80',
  );
  text = replaceOnce(
    text,
    /root \/srv\/kindred\/dist\/client;/,
    `root ${options.clientDir ?? join(REPO_ROOT, 'dist', 'client')};`,
    'the /_astro/ root',
  );
  return text;
}

export interface NginxOptions extends Omit<SiteConfigOptions, 'port' | 'redirectPort' | 'cacheDir'> {
  /** Listen here (default: a free port of NGINX_PORTS). */
  port?: number;
  /** More `server { … }` blocks for the http context (the benchmark's static file server). */
  extraServers?: (prefix: string) => string;
  workerProcesses?: number;
}

export interface RunningNginx {
  port: number;
  /** The port-80 block's port: every request there is redirected to https. */
  redirectPort: number;
  /** The private folder: nginx.conf, logs, temp files. */
  prefix: string;
  cacheDir: string;
  /** Everything nginx printed, and its error log. */
  log(): string;
  stop(): Promise<void>;
}

/** Starts nginx in the foreground of a child process; resolves once it accepts connections. */
export async function startNginx(options: NginxOptions): Promise<RunningNginx> {
  const binary = findNginx();
  if (!binary) throw new Error('nginx is not installed (Debian: apt-get install nginx)');
  const port = options.port ?? (await freePortIn(NGINX_PORTS));
  const prefix = mkdtempSync(join(tmpdir(), 'kindred-nginx-'));
  // Workers run as an unprivileged user when nginx starts as root: let them into the folder.
  chmodSync(prefix, 0o755);
  const cacheDir = join(prefix, 'cache');
  for (const dir of ['cache', 'temp', 'logs']) {
    mkdirSync(join(prefix, dir));
    chmodSync(join(prefix, dir), 0o777);
  }
  const asRoot = process.getuid?.() === 0;
  let redirectPort = await freePortIn(NGINX_PORTS);
  while (redirectPort === port) redirectPort = await freePortIn(NGINX_PORTS);
  writeFileSync(join(prefix, 'kindred.conf'), siteConfig({ ...options, port, redirectPort, cacheDir }));
  writeFileSync(
    join(prefix, 'nginx.conf'),
    [
      'daemon off;',
      asRoot ? 'user nobody nogroup;' : '',
      `worker_processes ${options.workerProcesses ?? 2};`,
      `pid ${join(prefix, 'nginx.pid')};`,
      `error_log ${join(prefix, 'logs', 'error.log')} warn;`,
      'events { worker_connections 4096; }',
      'http {',
      '  include /etc/nginx/mime.types;',
      '  default_type application/octet-stream;',
      // Debian's defaults (/etc/nginx/nginx.conf), so the shipped file is measured as installed.
      '  sendfile on;',
      '  tcp_nopush on;',
      '  types_hash_max_size 2048;',
      '  access_log off;',
      '  keepalive_requests 100000;',
      ...['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map(
        (t) => `  ${t}_temp_path ${join(prefix, 'temp', t)};`,
      ),
      `  include ${join(prefix, 'kindred.conf')};`,
      options.extraServers?.(prefix) ?? '',
      '}',
      '',
    ].join('\n'),
  );

  const child: ChildProcess = spawn(
    binary,
    ['-p', prefix, '-c', join(prefix, 'nginx.conf'), '-e', join(prefix, 'logs', 'error.log')],
    {
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let output = '';
  child.stdout?.on('data', (c: Buffer) => (output += c.toString('utf8')));
  child.stderr?.on('data', (c: Buffer) => (output += c.toString('utf8')));
  const exited = new Promise<void>((done) => child.once('exit', () => done()));
  const stopOnExit = () => child.kill('SIGKILL');
  process.once('exit', stopOnExit);
  const log = () => {
    const errorLog = join(prefix, 'logs', 'error.log');
    return output + (existsSync(errorLog) ? readFileSync(errorLog, 'utf8') : '');
  };

  const deadline = Date.now() + 10_000;
  while (await portIsFree(port)) {
    if (child.exitCode !== null || Date.now() > deadline) {
      child.kill('SIGKILL');
      rmSync(prefix, { recursive: true, force: true });
      throw new Error(`nginx did not start on port ${port}:\n${log()}`);
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  return {
    port,
    redirectPort,
    prefix,
    cacheDir,
    log,
    async stop() {
      process.off('exit', stopOnExit);
      if (child.exitCode === null) {
        // QUIT: workers finish their requests, then the master exits.
        child.kill('SIGQUIT');
        const killer = setTimeout(() => child.kill('SIGKILL'), 5_000);
        await exited;
        clearTimeout(killer);
      }
      rmSync(prefix, { recursive: true, force: true });
    },
  };
}
