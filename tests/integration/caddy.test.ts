import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  freePort,
  REPO_ROOT,
  startServer,
  tenantsFolder,
  type TestServer,
  type TenantsFolder,
} from '../support/server.ts';

/*
 * The shipped Caddy configuration (deploy/caddy/Caddyfile) in front of the built server: a site
 * added as a tenant file while both run gets a certificate on its first https visit, with no step
 * by hand, and a domain no file lists gets none. Caddy's own internal CA stands in for Let's
 * Encrypt (`local_certs`); everything else is the file as shipped.
 */

const CADDY = ['/usr/bin/caddy', '/usr/local/bin/caddy'].find((path) => existsSync(path));
const SKIP_REASON = 'caddy is not installed (Debian: apt-get install caddy)';
const NEW_DOMAIN = 'fresh-site.caddy.test';
const CONSOLE_HOST = 'console.caddy.test';

/** The shipped file with the test's settings added to its global options block. */
function testCaddyfile(ports: { http: number; https: number }, storage: string): string {
  const shipped = readFileSync(join(REPO_ROOT, 'deploy/caddy/Caddyfile'), 'utf8');
  const lines = shipped.split('\n');
  const open = lines.indexOf('{');
  expect(open, 'the Caddyfile opens with a global options block').toBeGreaterThanOrEqual(0);
  lines.splice(
    open + 1,
    0,
    '\tlocal_certs',
    '\tskip_install_trust',
    '\tadmin off',
    `\thttp_port ${ports.http}`,
    `\thttps_port ${ports.https}`,
    `\tstorage file_system ${storage}`,
  );
  return lines.join('\n');
}

/** Resolves every name to the loopback interface, where Caddy listens. */
const loopback: LookupFunction = (_host, options, callback) => {
  if (options.all) callback(null, [{ address: '127.0.0.1', family: 4 }]);
  else callback(null, '127.0.0.1', 4);
};

/** A GET over https to `host` through Caddy, checked against Caddy's internal root. */
function httpsGet(
  port: number,
  host: string,
  path: string,
  ca: string,
): Promise<{ status: number; body: string; subject: string }> {
  return new Promise((resolve, reject) => {
    const req = https.request(
      { host, port, path, ca, lookup: loopback, timeout: 20_000, agent: false },
      (res) => {
        const cert = (res.socket as import('node:tls').TLSSocket).getPeerCertificate();
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (body += chunk));
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, body, subject: String(cert.subjectaltname ?? '') }),
        );
      },
    );
    req.on('timeout', () => req.destroy(new Error('timed out')));
    req.on('error', reject);
    req.end();
  });
}

async function until<T>(what: string, probe: () => T | undefined, timeoutMs: number): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`${what} within ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

describe.skipIf(!CADDY)(
  `Caddy with on-demand TLS in front of the app${CADDY ? '' : ` (skipped: ${SKIP_REASON})`}`,
  () => {
    let tenants: TenantsFolder;
    let server: TestServer;
    let caddy: ChildProcess;
    let caddyLog = '';
    let work: string;
    let httpsPort: number;
    let rootCa: string;

    beforeAll(async () => {
      tenants = tenantsFolder();
      server = await startServer({ tenants, env: { TRUST_PROXY: '1', CONSOLE_HOSTS: CONSOLE_HOST } });
      work = mkdtempSync(join(tmpdir(), 'kindred-caddy-'));
      httpsPort = await freePort();
      const httpPort = await freePort();
      const storage = join(work, 'data');
      writeFileSync(join(work, 'Caddyfile'), testCaddyfile({ http: httpPort, https: httpsPort }, storage));
      caddy = spawn(CADDY!, ['run', '--config', join(work, 'Caddyfile'), '--adapter', 'caddyfile'], {
        env: {
          PATH: process.env.PATH,
          HOME: work,
          XDG_DATA_HOME: work,
          XDG_CONFIG_HOME: work,
          KINDRED_UPSTREAMS: `127.0.0.1:${server.port}`,
          KINDRED_ASK: `127.0.0.1:${server.port}`,
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      caddy.stdout!.on('data', (chunk: Buffer) => (caddyLog += chunk.toString()));
      caddy.stderr!.on('data', (chunk: Buffer) => (caddyLog += chunk.toString()));
      const rootFile = join(storage, 'pki/authorities/local/root.crt');
      await until(
        `caddy did not serve (log:\n${caddyLog})`,
        () => {
          if (caddy.exitCode !== null) throw new Error(`caddy exited ${caddy.exitCode}:\n${caddyLog}`);
          return /serving initial configuration/.test(caddyLog) && existsSync(rootFile) ? true : undefined;
        },
        20_000,
      );
      rootCa = readFileSync(rootFile, 'utf8');
    });

    afterAll(async () => {
      if (caddy && caddy.exitCode === null) {
        const exited = new Promise((r) => caddy.once('exit', r));
        caddy.kill('SIGTERM');
        await exited;
      }
      await server?.stop();
      tenants?.remove();
      if (work) rmSync(work, { recursive: true, force: true });
    });

    it('the app answers the ask 200 only for its domains and console hosts', async () => {
      const ask = async (domain: string) => (await server.request(`/_tls/ask?domain=${domain}`)).status;
      expect(await ask('curvy.localhost')).toBe(200);
      expect(await ask(CONSOLE_HOST)).toBe(200);
      expect(await ask(NEW_DOMAIN)).toBe(404);
      expect(await ask('unknown.caddy.test')).toBe(404);
      // Through a proxy it is someone else's request: refused.
      expect(
        (
          await server.request('/_tls/ask?domain=curvy.localhost', {
            headers: { 'x-forwarded-for': '203.0.113.9' },
          })
        ).status,
      ).toBe(403);
    });

    it('serves a site added while running over https, with a certificate issued for its name', async () => {
      tenants.write('fresh.json', {
        id: 'fresh',
        domains: [NEW_DOMAIN],
        name: 'Fresh Caddy Site',
        niche: 'general',
      });
      await server.waitForOutput(/tenants reloaded: added fresh/, 10_000);
      const res = await httpsGet(httpsPort, NEW_DOMAIN, '/', rootCa);
      expect(res.status).toBe(200);
      expect(res.subject).toContain(`DNS:${NEW_DOMAIN}`);
      expect(res.body).toContain('Fresh Caddy Site');
      // Its www. name too: the app folds it onto the site.
      const www = await httpsGet(httpsPort, `www.${NEW_DOMAIN}`, '/', rootCa);
      expect(www.subject).toContain(`DNS:www.${NEW_DOMAIN}`);
    });

    it('gets no certificate for a domain no tenant file lists', async () => {
      await expect(httpsGet(httpsPort, 'unknown.caddy.test', '/', rootCa)).rejects.toThrow();
      const issued = join(work, 'data', 'certificates', 'local');
      expect(existsSync(join(issued, NEW_DOMAIN))).toBe(true);
      expect(existsSync(join(issued, 'unknown.caddy.test'))).toBe(false);
      expect(caddyLog).not.toMatch(/certificate obtained successfully[^\n]*unknown\.caddy\.test/);
    });

    it('never lets the internet ask the ask route', async () => {
      const res = await httpsGet(httpsPort, NEW_DOMAIN, `/_tls/ask?domain=${NEW_DOMAIN}`, rootCa);
      expect(res.status).toBe(404);
      expect(res.body).not.toContain('ok');
    });
  },
);
