/**
 * The platform at many sites (`npm run bench -- --only sites`): generated tenant files
 * (tenant-farm.ts) served by the built server, measured against the same server with a handful
 * of sites, so what the figures show is what each site costs:
 *
 * - start: from spawning the server until it answers, at N sites and at the baseline's few
 *   (migrations of a fresh database and module loading are in both; the difference is the sites);
 * - memory per site: the server's resident memory after start at N sites minus the baseline's,
 *   divided by the extra sites; and the registry's heap per site, measured in a process of its
 *   own with a forced collection before and after loading the files;
 * - the first request of sites nobody asked for yet (a random sample after one warm-up site): the
 *   lazy per-site work, at N sites against the baseline's first requests;
 * - reloading one changed file: from writing it until that site's settings call names it anew (the
 *   watcher's settle delay of 150 ms included), and the reload's own time from the log.
 *
 *   npm run bench -- --only sites [--sites 10000] [--baseline 10] [--sample 100] [--dist dist]
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import type { RequestOptions, TestResponse } from '../../tests/support/server.ts';
import { copyBuild, startApp, type App, type BuildCopy } from './app.ts';
import { median, percentile } from './stats.ts';
import { farmDomain, farmSiteId, farmTenant, writeTenantFarm } from './tenant-farm.ts';
import { REPO_ROOT } from './nginx.ts';

const PORTS = { first: 4800, last: 4829 };

export const SITES_TARGETS = {
  startMs: 5_000,
  bytesPerSite: 50 * 1024,
  firstRequestMs: 50,
  reloadMs: 1_000,
};

export interface SitesOptions {
  sites: number;
  baseline: number;
  sample: number;
  dist: string;
}

export function parseSitesArgs(argv: string[]): SitesOptions {
  const { values } = parseArgs({
    args: argv,
    strict: false,
    options: {
      sites: { type: 'string', default: '10000' },
      baseline: { type: 'string', default: '10' },
      sample: { type: 'string', default: '100' },
      dist: { type: 'string', default: 'dist' },
    },
  });
  return {
    sites: Math.max(1, Number(values.sites)),
    baseline: Math.max(1, Number(values.baseline)),
    sample: Math.max(1, Number(values.sample)),
    dist: String(values.dist),
  };
}

export interface SitesRun {
  sites: number;
  startMs: number;
  rssBytes: number;
  /** Latencies of first requests (ms), one per sampled site. */
  firstRequests: number[];
  statuses: Record<number, number>;
  /** From writing one changed file until the site serves its new name (ms), per try. */
  reloadVisibleMs: number[];
  startLogLine: string;
}

/** A small deterministic random stream, so every run samples the same sites. */
function randomStream(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

function rssOf(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = /VmRSS:\s+(\d+) kB/.exec(status)?.[1];
  return Number(kb ?? 0) * 1024;
}

async function timed<T>(work: () => Promise<T>): Promise<{ ms: number; value: T }> {
  const start = performance.now();
  const value = await work();
  return { ms: performance.now() - start, value };
}

/** A site's index as a visitor gets it: `/`, and the page of its language when `/` redirects there. */
export async function indexPage(
  request: (path: string, options: RequestOptions) => Promise<TestResponse>,
  host: string,
): Promise<TestResponse> {
  const res = await request('/', { host });
  const location = res.headers.location;
  if (res.status < 300 || res.status >= 400 || !location) return res;
  return request(new URL(location, `http://${host}`).pathname, { host });
}

/** A database with every migration applied, as a restarted server finds it. */
function migratedDataDir(dataDir: string): void {
  const result = spawnSync(process.execPath, [join(REPO_ROOT, 'scripts', 'db.ts'), 'migrate'], {
    cwd: REPO_ROOT,
    env: { ...process.env, DATA_DIR: dataDir, TENANTS_DIR: 'tenants', DATABASE_URL: '' },
    encoding: 'utf8',
    timeout: 300_000,
  });
  if (result.status !== 0) throw new Error(`migrating failed:\n${result.stdout}${result.stderr}`);
}

/**
 * Starts the server on `count` generated sites, on a migrated database (a restart, not a first
 * install), and measures it; the folder is removed after.
 */
export async function measureSites(
  build: Pick<BuildCopy, 'entry'>,
  count: number,
  sample: number,
): Promise<SitesRun> {
  const work = mkdtempSync(join(tmpdir(), 'kindred-sites-'));
  const tenantsDir = join(work, 'tenants');
  writeTenantFarm(tenantsDir, count);
  migratedDataDir(join(work, 'data'));
  let app: App | undefined;
  try {
    const started = await timed(() =>
      startApp({
        build,
        dataDir: join(work, 'data'),
        ports: PORTS,
        env: { TENANTS_DIR: tenantsDir, LOG_LEVEL: 'info' },
        startTimeoutMs: 120_000,
      }),
    );
    app = started.value;
    const rssBytes = rssOf(app.pid);
    const startLogLine =
      app
        .output()
        .split('\n')
        .find((l) => /\d+ sites/.test(l)) ?? '';
    // One site first: the server's own first request (page modules, translations) is not a site's.
    await indexPage(app.request, farmDomain(0));
    const random = randomStream(count);
    const picked = new Set<number>();
    while (picked.size < Math.min(sample, count - 1)) picked.add(1 + Math.floor(random() * (count - 1)));
    const firstRequests: number[] = [];
    const statuses: Record<number, number> = {};
    for (const n of picked) {
      const { ms, value } = await timed(() => indexPage(app!.request, farmDomain(n)));
      firstRequests.push(ms);
      statuses[value.status] = (statuses[value.status] ?? 0) + 1;
    }
    const reloadVisibleMs: number[] = [];
    for (let attempt = 1; attempt <= 3; attempt++) {
      const n = 1 + Math.floor(random() * (count - 1));
      const expected = `Farm Site ${n} r${attempt}`;
      const written = performance.now();
      writeFileSync(
        join(tenantsDir, `${farmSiteId(n)}.json`),
        `${JSON.stringify(farmTenant(n, attempt), null, 2)}\n`,
      );
      for (;;) {
        const res = await app.request('/api/settings.php', { host: farmDomain(n) });
        if (res.body.includes(expected)) break;
        if (performance.now() - written > 30_000)
          throw new Error(`${farmSiteId(n)} never showed its new name`);
        await new Promise((r) => setTimeout(r, 10));
      }
      reloadVisibleMs.push(performance.now() - written);
    }
    return {
      sites: count,
      startMs: started.ms,
      rssBytes,
      firstRequests,
      statuses,
      reloadVisibleMs,
      startLogLine,
    };
  } finally {
    await app?.stop();
    rmSync(work, { recursive: true, force: true });
  }
}

/**
 * The registry's heap per site, in a process of its own (`--expose-gc`): collected heap after
 * loading `count` generated files minus before, divided by `count`. Also its load time.
 */
export function registryHeapPerSite(count: number): { bytesPerSite: number; loadMs: number } {
  const result = spawnSync(
    process.execPath,
    ['--expose-gc', join(import.meta.dirname, 'sites-heap.ts'), String(count)],
    {
      cwd: REPO_ROOT,
      encoding: 'utf8',
      timeout: 300_000,
    },
  );
  if (result.status !== 0) throw new Error(`the heap probe failed:\n${result.stdout}${result.stderr}`);
  return JSON.parse(result.stdout.trim().split('\n').pop()!) as { bytesPerSite: number; loadMs: number };
}

const out = (line = '') => process.stdout.write(`${line}\n`);
const ms = (v: number) => `${v.toFixed(v < 10 ? 1 : 0)} ms`;
const kb = (v: number) => `${(v / 1024).toFixed(1)} KB`;
const verdict = (ok: boolean) => (ok ? 'ok' : '**over**');

export async function runSitesBench(options: SitesOptions): Promise<void> {
  const work = mkdtempSync(join(tmpdir(), 'kindred-sites-build-'));
  try {
    const build = copyBuild(join(REPO_ROOT, options.dist), work);
    out(`# ${options.sites} sites against ${options.baseline}\n`);
    const base = await measureSites(
      build,
      options.baseline,
      Math.min(options.sample, options.baseline - 1 || 1),
    );
    const many = await measureSites(build, options.sites, options.sample);
    const heap = registryHeapPerSite(options.sites);
    const rssPerSite = (many.rssBytes - base.rssBytes) / (many.sites - base.sites);
    const p = (values: number[], q: number) => (values.length ? percentile(values, q) : Number.NaN);
    out('| measure | baseline | many sites | target | |');
    out('| --- | --- | --- | --- | --- |');
    out(
      `| start until the first answer | ${ms(base.startMs)} | ${ms(many.startMs)} (×${(many.startMs / base.startMs).toFixed(2)}) | < ${ms(SITES_TARGETS.startMs)} | ${verdict(many.startMs < SITES_TARGETS.startMs)} |`,
    );
    out(`| resident memory after start | ${kb(base.rssBytes)} | ${kb(many.rssBytes)} | | |`);
    out(
      `| resident memory per extra site | | ${kb(rssPerSite)} | < ${kb(SITES_TARGETS.bytesPerSite)} | ${verdict(rssPerSite < SITES_TARGETS.bytesPerSite)} |`,
    );
    out(`| registry heap per site (load ${ms(heap.loadMs)}) | | ${kb(heap.bytesPerSite)} | | |`);
    out(
      `| first request of a site, median | ${ms(median(base.firstRequests))} | ${ms(median(many.firstRequests))} | | |`,
    );
    out(
      `| first request of a site, p95 / max | ${ms(p(base.firstRequests, 95))} / ${ms(Math.max(...base.firstRequests))} | ${ms(p(many.firstRequests, 95))} / ${ms(Math.max(...many.firstRequests))} | < ${ms(SITES_TARGETS.firstRequestMs)} | ${verdict(p(many.firstRequests, 95) < SITES_TARGETS.firstRequestMs)} |`,
    );
    out(
      `| one changed file until served, median (150 ms settle included) | ${ms(median(base.reloadVisibleMs))} | ${ms(median(many.reloadVisibleMs))} | < ${ms(SITES_TARGETS.reloadMs)} | ${verdict(median(many.reloadVisibleMs) < SITES_TARGETS.reloadMs)} |`,
    );
    out();
    out(`first requests' statuses: ${JSON.stringify(many.statuses)} (${many.firstRequests.length} sites)`);
    out(`start log (${many.startLogLine.length} characters): ${many.startLogLine}`);
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}
