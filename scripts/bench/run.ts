/**
 * The performance budget, measured on the built server (`npm run bench`, or on a fresh machine
 * `./dev npm run bench`, which installs wrk and nginx):
 *
 * 1. Throughput with wrk (50 connections): a lander from the embedded route cache against a bare,
 *    uncached Astro page of the same bytes on the same server (target ≥ 90 %); nginx answering a
 *    lander from its cache (deploy/nginx/kindred.conf) against nginx sending the same bytes from
 *    a file (target ≥ 80 %); raw `node:http` as the floor. The machine is shared, so targets run
 *    side by side in rounds, each round in another order, and the report gives the median of the
 *    per-round ratios: absolute numbers are printed for context only.
 * 1b. Uncached member requests (ARCHITECTURE.md rule 10), with wrk in interleaved rounds too:
 *    every member page and every member JSON call (tests/support/member-routes.ts), with a
 *    hundred demo members taking turns (sessions written into the seeded database, a wrk script
 *    rotating their cookies), each against a bare Astro route answering the saved bytes of one
 *    member's answer (targets ≥ 40 % each); and the SQL statements each runs, counted by a
 *    server started with KINDRED_COUNT_SQL=1 (tests/integration/member-request-cost.test.ts
 *    holds the bound). About ten minutes at the defaults: `--skip throughput,weight,lighthouse
 *    --rounds 3` gives this table alone.
 * 2. The weight of every lander and index of every demo site: HTML and CSS gzipped (budgets 30 KB
 *    and 20 KB), scripts run at load, requests to other hosts (none allowed).
 * 3. Lighthouse (mobile profile, Debian's Chromium) for the index and two landers, the median of
 *    three runs each: 100 is the goal in all four categories, below 95 is a defect; every failing
 *    audit is listed with where it happens.
 *
 * 4. `--only search`: the member search at 1M generated profiles (scripts/bench/search.ts).
 * 5. `--only statistics`: the 90-day statistics over a year of rollups (scripts/bench/statistics.ts).
 *
 *   npm run bench -- [--rounds 5] [--seconds 5] [--connections 50] [--lander video]
 *                    [--skip throughput,member,nginx,weight,lighthouse] [--lighthouse-runs 3]
 *                    [--seed-size 500] [--dist dist] [--json out.json]
 *
 * `--dist` names the build to measure (default dist/); it is copied first, so a rebuild while the
 * benchmark runs changes nothing.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { audit, CATEGORIES, findChromium, startChromium, type LighthouseResult } from './lighthouse.ts';
import { DEMO_SITES, requestTo } from '../../tests/support/server.ts';
import { LANDERS } from '../../src/tenancy/niche.schema.ts';
import { copyBuild, seedDatabase, startApp, type App, type BuildCopy } from './app.ts';
import { logInDemoMembers, rotatingCookieScript } from './members.ts';
import { memberCalls, memberPages } from '../../tests/support/member-routes.ts';
import { findNginx, freePortIn, startNginx, type RunningNginx } from './nginx.ts';
import { cssUrls, gzipBytes, pageResources, thirdParty } from './page-weight.ts';
import { kilobytes, median, medianRatio, percent, ROUND_OPTIONS, roundOrder } from './stats.ts';
import { runWrk, type WrkResult } from './wrk.ts';

const ROOT = resolve(import.meta.dirname, '..', '..');
process.chdir(ROOT);

/** This benchmark's ports: app servers, then the raw server and Chromium; nginx has 4850–4899. */
const APP_PORTS = { first: 4800, last: 4829 };
const AUX_PORTS = { first: 4830, last: 4849 };

const BUDGET = {
  landerVsBare: 0.9,
  memberPageVsBare: 0.4,
  memberJsonVsBare: 0.4,
  nginxVsStatic: 0.8,
  htmlGzip: 30 * 1024,
  cssGzip: 20 * 1024,
  inlineScriptGzip: 3 * 1024,
  lighthouseGoal: 100,
  lighthouseDefect: 95,
};

/** Whether the command line asks for `--only <part>` (or `--only=<part>`). */
const only = (part: string) =>
  new RegExp(`(^| )--only(=| )${part}( |$)`).test(process.argv.slice(2).join(' '));

/**
 * The benchmarks run alone, `npm run bench -- --only <part> [options]`, each reading its own
 * options from the command line (the first part asked for runs).
 */
const RUN_ALONE: Record<string, (argv: string[]) => Promise<unknown>> = {
  // The member search (its options in search.ts), with its own generated network, not the demo seed.
  search: (argv) => import('./search.ts').then((m) => m.runSearchBench(m.parseSearchArgs(argv))),
  // The event stream against a bare SSE broadcast.
  realtime: (argv) => import('./realtime.ts').then((m) => m.runRealtimeBench(m.parseRealtimeArgs(argv))),
  // `[--count 10000]`: digest e-mails rendered and handed to SMTP.
  mail: (argv) => import('./mail.ts').then((m) => m.runMailBench(argv)),
  // The 90-day statistics over a year of rollups.
  statistics: (argv) =>
    import('./statistics.ts').then((m) => m.runStatisticsBench(m.parseStatisticsArgs(argv))),
  // How soon a message's web push leaves the server (it sets the exit code).
  push: (argv) => import('./push.ts').then((m) => m.runPushBench(m.parsePushArgs(argv))),
  // The server at 10,000 generated sites.
  sites: (argv) => import('./sites.ts').then((m) => m.runSitesBench(m.parseSitesArgs(argv))),
};
for (const [part, run] of Object.entries(RUN_ALONE)) {
  if (!only(part)) continue;
  await run(process.argv.slice(2));
  process.exit();
}

const { values: args } = parseArgs({
  options: {
    ...ROUND_OPTIONS,
    connections: { type: 'string', default: '50' },
    lander: { type: 'string', default: 'video' },
    skip: { type: 'string', default: '' },
    'seed-size': { type: 'string', default: '500' },
    'lighthouse-runs': { type: 'string', default: '3' },
    json: { type: 'string' },
    help: { type: 'boolean', short: 'h', default: false },
  },
});
if (args.help) {
  process.stdout.write(
    'npm run bench -- [--rounds 5] [--seconds 5] [--connections 50] [--lander video]\n' +
      '                 [--skip throughput,member,nginx,weight,lighthouse] [--lighthouse-runs 3]\n' +
      '                 [--seed-size 500] [--dist dist] [--json out.json]\n' +
      'npm run bench -- --only search [--size 1000000] [--dialects sqlite,postgres] [--rate 200]\n' +
      'npm run bench -- --only realtime [--clients 1000] [--sends 20] [--rounds 5]\n' +
      'npm run bench -- --only mail [--count 10000] [--in-flight 50] [--no-dkim]\n' +
      'npm run bench -- --only push [--members 1000] [--sends 200] [--burst 20] [--senders 10]\n' +
      'npm run bench -- --only sites [--sites 10000] [--baseline 10] [--sample 100]\n',
  );
  process.exit(0);
}
const rounds = Math.max(1, Number(args.rounds));
const seconds = Math.max(1, Number(args.seconds));
const connections = Math.max(1, Number(args.connections));
const skip = new Set(
  args.skip
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean),
);
if (!(LANDERS as readonly string[]).includes(args.lander))
  throw new Error(`--lander must be one of ${LANDERS.join(', ')}`);

const out = (line = '') => process.stdout.write(`${line}\n`);
const section = (title: string) => out(`\n## ${title}\n`);

function table(header: string[], rows: string[][]): void {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length)));
  const line = (cells: string[]) => `| ${cells.map((c, i) => c.padEnd(widths[i]!)).join(' | ')} |`;
  out(line(header));
  out(`|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`);
  for (const row of rows) out(line(row));
}

const verdict = (ok: boolean) => (ok ? 'ok' : 'OVER BUDGET');

function commandExists(command: string): boolean {
  return spawnSync('sh', ['-c', `command -v ${command}`], { stdio: 'ignore' }).status === 0;
}

function ensureBuild(): void {
  if (args.dist !== 'dist' || existsSync(join(ROOT, 'dist', 'server', 'entry.mjs'))) return;
  out('no build in dist/: building the server first (npm run build)');
  const result = spawnSync('npm', ['run', '--silent', 'build'], { stdio: 'inherit' });
  if (result.status !== 0) throw new Error('the build failed');
}

// ---------------------------------------------------------------------------------------------

interface Target {
  name: string;
  label: string;
  port: number;
  path: string;
  headers: Record<string, string>;
  /** A wrk script (the member rotation). */
  script?: string;
}

/** A target on the Kindred server at `port`, asked for as host localhost unless `headers` say. */
function appTarget(
  port: number,
  name: string,
  label: string,
  path: string,
  headers: Record<string, string> = { host: 'localhost' },
): Target {
  return { name, label, port, path, headers };
}

const results: Record<string, unknown> = { rounds, seconds, connections, lander: args.lander };
const cleanups: Array<() => Promise<void> | void> = [];
const workDir = mkdtempSync(join(tmpdir(), 'kindred-bench-'));
cleanups.push(() => rmSync(workDir, { recursive: true, force: true }));

async function startRawServer(bodyFile: string): Promise<number> {
  const port = await freePortIn(AUX_PORTS);
  const child: ChildProcess = spawn(
    process.execPath,
    [join(ROOT, 'scripts', 'bench', 'raw-server.ts'), String(port), bodyFile],
    {
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  cleanups.push(() => {
    child.kill('SIGTERM');
  });
  await new Promise<void>((done, fail) => {
    child.stdout?.once('data', () => done());
    child.once('exit', (code) => fail(new Error(`the raw node:http server exited (${code})`)));
  });
  return port;
}

const runTarget = (target: Target, runSeconds: number): Promise<WrkResult> =>
  runWrk({
    url: `http://127.0.0.1:${target.port}${target.path}`,
    headers: target.headers,
    script: target.script,
    connections,
    threads: 2,
    seconds: runSeconds,
  });

/**
 * Checks that every target answers 200, warms each one up, then runs `rounds` rounds of all
 * targets, each round in another order; prints each round's figures.
 */
async function interleavedRounds(
  targets: Target[],
): Promise<{ perRound: Array<Record<string, number>>; problems: string[] }> {
  for (const target of targets) {
    const probe = await requestTo(target.port, target.path, { headers: target.headers });
    if (probe.status !== 200)
      throw new Error(`${target.label} answers ${probe.status}, not 200: ${probe.body.slice(0, 200)}`);
    await runTarget(target, Math.min(2, seconds));
  }
  const perRound: Array<Record<string, number>> = [];
  const problems: string[] = [];
  for (let round = 0; round < rounds; round++) {
    const measured: Record<string, number> = {};
    for (const target of roundOrder(targets, round)) {
      const result = await runTarget(target, seconds);
      measured[target.name] = result.requestsPerSecond;
      if (result.non2xx || result.socketErrors)
        problems.push(
          `round ${round + 1}, ${target.label}: ${result.non2xx} non-2xx, ${result.socketErrors} socket errors`,
        );
    }
    perRound.push(measured);
    out(
      `round ${round + 1}/${rounds}: ${targets.map((t) => `${t.name} ${Math.round(measured[t.name]!)}`).join(', ')} req/s`,
    );
  }
  for (const problem of problems) out(`warning: ${problem}`);
  return { perRound, problems };
}

/** Prints each target's median and each ratio's median over the rounds; answers the ratios. */
function ratioTable(
  targets: Target[],
  perRound: Array<Record<string, number>>,
  ratios: Array<[string, string, string, number | undefined]>,
): Record<string, number> {
  out();
  table(
    ['target', 'median req/s (context only)'],
    targets.map((t) => [t.label, String(Math.round(median(perRound.map((r) => r[t.name]!))))]),
  );
  out();
  const rows: string[][] = [];
  const ratioResults: Record<string, number> = {};
  for (const [label, a, b, target] of ratios) {
    if (!targets.some((t) => t.name === a) || !targets.some((t) => t.name === b)) continue;
    const { median: m, ratios: each } = medianRatio(perRound, a, b);
    ratioResults[`${a}/${b}`] = m;
    rows.push([
      label,
      percent(m),
      each.map((r) => percent(r)).join(', '),
      target ? `≥ ${percent(target)}: ${m >= target ? 'met' : 'MISSED'}` : 'reference',
    ]);
  }
  table(['ratio', 'median', 'per round', 'target'], rows);
  return ratioResults;
}

/** The lander's gzip bytes as nginx caches them, for nginx to send from a file. */
const GZIP_LANDER_FILE = 'lander-gzip.html';

/** A GET whose body stays as it came (compressed when the answer is). */
function rawGet(
  port: number,
  path: string,
  headers: Record<string, string>,
): Promise<{ headers: http.IncomingHttpHeaders; body: Buffer }> {
  return new Promise((done, fail) => {
    const req = http.get({ host: '127.0.0.1', port, path, headers, agent: false }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => done({ headers: res.headers, body: Buffer.concat(chunks) }));
      res.on('error', fail);
    });
    req.on('error', fail);
  });
}

/** nginx sends the lander's gzip bytes from a file, with the headers the app sends with them. */
function staticServer(port: number, dir: string, headers: http.IncomingHttpHeaders): string {
  const skipped = new Set([
    'date',
    'content-length',
    'content-type',
    'connection',
    'keep-alive',
    'transfer-encoding',
    'x-astro-cache',
  ]);
  const lines: string[] = [];
  for (const [name, raw] of Object.entries(headers)) {
    for (const value of Array.isArray(raw) ? raw : [raw ?? '']) {
      if (skipped.has(name) || value.includes('$')) continue;
      lines.push(`      add_header ${name} "${value.replace(/(["\\])/g, '\\$1')}";`);
    }
  }
  return [
    '  server {',
    `    listen 127.0.0.1:${port};`,
    `    location = /${GZIP_LANDER_FILE} {`,
    `      root ${dir};`,
    ...lines,
    '    }',
    '  }',
  ].join('\n');
}

/** The app as nginx reaches it: same database, TRUST_PROXY=1, links to nginx's port. */
interface Proxied {
  server: App;
  nginxPort: number;
}

async function throughput(app: App, proxied: Proxied | undefined, build: BuildCopy): Promise<void> {
  section(`Throughput (wrk, ${connections} connections, ${seconds} s a run, ${rounds} interleaved rounds)`);
  const landerPath = `/landers/${args.lander}`;
  await app.request(landerPath);
  const lander = await app.request(landerPath);
  if (lander.status !== 200) throw new Error(`${landerPath} answered ${lander.status}`);
  if (lander.headers['x-astro-cache'] !== 'HIT')
    throw new Error(`${landerPath} is not served from the route cache: ${JSON.stringify(lander.headers)}`);
  const bytes = Buffer.byteLength(lander.body);
  // nginx's workers run unprivileged: they must be able to read the file it serves.
  chmodSync(workDir, 0o755);
  const bodyFile = join(workDir, 'lander.html');
  writeFileSync(bodyFile, lander.body);
  const bare = await app.request(`/bench/bare?bytes=${bytes}`);
  if (bare.status !== 200)
    throw new Error('the bare page answered 404: is the server built with src/pages/bench/bare.astro?');
  out(`lander ${landerPath}: ${bytes} bytes; bare Astro page: ${Buffer.byteLength(bare.body)} bytes`);

  const targets: Target[] = [
    appTarget(app.port, 'bare', 'bare Astro page, uncached', `/bench/bare?bytes=${bytes}`),
    appTarget(app.port, 'lander', 'lander, route cache', landerPath),
    appTarget(app.port, 'rendered', 'lander, rendered each time (as for a member)', landerPath, {
      host: 'localhost',
      cookie: 'session=bench',
    }),
    {
      name: 'raw',
      label: 'raw node:http, same bytes',
      port: await startRawServer(bodyFile),
      path: '/',
      headers: {},
    },
  ];

  let nginx: RunningNginx | undefined;
  if (proxied) {
    // Free now, like nginx's own port, which is not taken until nginx starts: pick another one.
    let staticPort = proxied.nginxPort;
    while (staticPort === proxied.nginxPort) staticPort = await freePortIn({ first: 4850, last: 4899 });
    // Browsers ask for gzip: nginx keeps the app's gzip copy of the lander and sends it as is.
    // The static file holds the same compressed bytes, sent with the same headers.
    const gzip = { host: 'localhost', 'accept-encoding': 'gzip' };
    const gzipFile = join(workDir, GZIP_LANDER_FILE);
    const cachedHeaders = (
      await rawGet(proxied.server.port, landerPath, { ...gzip, 'x-forwarded-proto': 'http' })
    ).headers;
    nginx = await startNginx({
      port: proxied.nginxPort,
      upstreamPorts: [proxied.server.port],
      clientDir: build.clientDir,
      extraServers: () => staticServer(staticPort, workDir, cachedHeaders),
    });
    cleanups.unshift(() => nginx!.stop());
    await rawGet(nginx.port, landerPath, gzip);
    const cached = await rawGet(nginx.port, landerPath, gzip);
    if (cached.headers['x-cache-status'] !== 'HIT' || cached.headers['content-encoding'] !== 'gzip')
      throw new Error(`nginx does not cache ${landerPath} gzipped: ${JSON.stringify(cached.headers)}`);
    writeFileSync(gzipFile, cached.body);
    chmodSync(gzipFile, 0o644);
    out(
      `nginx: ${landerPath} gzipped from its cache (${cached.body.length} bytes), the same bytes from a file on another port`,
    );
    targets.push(
      {
        name: 'nginx-lander',
        label: 'nginx, lander from its cache (gzip)',
        port: nginx.port,
        path: landerPath,
        headers: gzip,
      },
      {
        name: 'nginx-static',
        label: 'nginx, same gzip bytes from a file',
        port: staticPort,
        path: `/${GZIP_LANDER_FILE}`,
        headers: { 'accept-encoding': 'gzip' },
      },
    );
  } else {
    out('nginx: skipped (not installed, or --skip nginx)');
  }

  const { perRound, problems } = await interleavedRounds(targets);
  if (nginx && problems.some((p) => p.includes('nginx')))
    out(`nginx's log:\n${nginx.log().split('\n').slice(-15).join('\n')}`);

  const ratios: Array<[string, string, string, number | undefined]> = [
    ['lander (route cache) / bare Astro page', 'lander', 'bare', BUDGET.landerVsBare],
    ['nginx cached lander / nginx static file', 'nginx-lander', 'nginx-static', BUDGET.nginxVsStatic],
    ['lander rendered each time / bare Astro page', 'rendered', 'bare', undefined],
    ['bare Astro page / raw node:http', 'bare', 'raw', undefined],
    ['lander (route cache) / raw node:http', 'lander', 'raw', undefined],
    ['nginx static file / raw node:http', 'nginx-static', 'raw', undefined],
  ];
  const ratioResults = ratioTable(targets, perRound, ratios);
  results.throughput = { perRound, ratios: ratioResults, landerBytes: bytes };
}

// ---------------------------------------------------------------------------------------------

/** The members taking turns in the member section: at least a hundred (ARCHITECTURE.md rule 10). */
const MEMBERS_IN_TURN = 100;

/**
 * Rule 10 of ARCHITECTURE.md: members are never cached, so an uncached member request must be
 * cheap. Every member page and every member JSON call (tests/support/member-routes.ts), asked by
 * a hundred demo members taking turns (a wrk script sends each request with the next member's
 * cookie), each against the bare Astro route answering the saved bytes of one member's answer;
 * and the SQL statements each runs, counted by a server started with KINDRED_COUNT_SQL=1.
 */
async function memberRequests(
  app: App,
  counting: App,
  databaseFile: string,
  savedDir: string,
): Promise<void> {
  section(
    `Uncached member requests, ${MEMBERS_IN_TURN} members taking turns (wrk, ${connections} connections, ${seconds} s a run, ${rounds} interleaved rounds)`,
  );
  const members = logInDemoMembers(databaseFile, 'localhost', MEMBERS_IN_TURN + 1);
  // The last one is not in the rotation: the others view its profile and open its chat.
  const other = members.pop()!.profileId;
  const script = rotatingCookieScript(join(workDir, 'members.lua'), members);
  const first = { host: 'localhost', cookie: members[0]!.cookie };
  const routes = [
    ...memberPages(other).map((r) => ({ ...r, json: false })),
    ...memberCalls(other).map((r) => ({ ...r, json: true })),
  ];
  mkdirSync(savedDir, { recursive: true });
  const targets: Target[] = [];
  const pairs: Array<{ route: (typeof routes)[number]; bytes: number; member: string; bare: string }> = [];
  for (const route of routes) {
    const headers = route.json ? { ...first, 'x-client-request': '1' } : first;
    const answer = await app.request(route.path, { headers });
    if (answer.status !== 200)
      throw new Error(`${route.path} answers ${answer.status} to a member: ${answer.body.slice(0, 200)}`);
    const file = `${route.name}${route.json ? '' : '.html'}`;
    writeFileSync(join(savedDir, file), answer.body);
    const barePath = `/bench/bare${route.json ? '.json' : ''}?saved=${file}`;
    const bare = await app.request(barePath);
    if (bare.status !== 200 || bare.body !== answer.body)
      throw new Error(`the bare route ${barePath} does not answer the saved bytes (${bare.status})`);
    const member = `m:${route.name}`;
    const bareName = `b:${route.name}`;
    targets.push(
      {
        name: member,
        label: route.path,
        port: app.port,
        path: route.path,
        headers: route.json ? { host: 'localhost', 'x-client-request': '1' } : { host: 'localhost' },
        script,
      },
      {
        name: bareName,
        label: `bare ${route.name}`,
        port: app.port,
        path: barePath,
        headers: { host: 'localhost' },
      },
    );
    pairs.push({ route, bytes: Buffer.byteLength(answer.body), member, bare: bareName });
  }

  // Warm-up, then rounds: each round takes the pairs in another order, and a pair's two runs
  // follow each other, the member's first in one round and the bare route's first in the next.
  for (const target of targets) await runTarget(target, 1);
  const perRound: Array<Record<string, number>> = [];
  for (let round = 0; round < rounds; round++) {
    const measured: Record<string, number> = {};
    for (const pair of roundOrder(pairs, round)) {
      const two = targets.filter((t) => t.name === pair.member || t.name === pair.bare);
      for (const target of round % 2 === 0 ? two : two.reverse()) {
        const result = await runTarget(target, seconds);
        measured[target.name] = result.requestsPerSecond;
        if (result.non2xx || result.socketErrors)
          out(
            `warning: round ${round + 1}, ${target.label}: ${result.non2xx} non-2xx, ${result.socketErrors} socket errors`,
          );
      }
    }
    perRound.push(measured);
    out(`round ${round + 1}/${rounds} done`);
  }

  // The statements, on a server that counts them (counting costs a little, so not the one measured).
  const statements: Record<string, number> = {};
  // A member's first request in a minute also marks the member as seen (a write of its own): made
  // here, so that no route's count carries it, whatever the rounds before left.
  await counting.request('/api/user.php', { headers: { ...first, 'x-client-request': '1' } });
  for (const { route } of pairs) {
    const headers = { ...first, ...(route.json ? { 'x-client-request': '1' } : {}) };
    const url = `${route.path}${route.path.includes('?') ? '&' : '?'}bench=${Date.now()}`;
    await counting.request(url, { headers });
    const deadline = Date.now() + 5_000;
    const line = new RegExp(`sql statements: GET ${url.replace(/[.?+*()[\]]/g, '\\$&')} (\\d+)`);
    let found: RegExpExecArray | null = null;
    while (!(found = line.exec(counting.output())))
      if (Date.now() > deadline) throw new Error(`no statement count for ${route.path}`);
      else await new Promise((r) => setTimeout(r, 50));
    statements[route.name] = Number(found[1]);
  }

  out();
  const rows: string[][] = [];
  const ratios: Record<string, number> = {};
  for (const pair of pairs) {
    const { median: m, ratios: each } = medianRatio(perRound, pair.member, pair.bare);
    ratios[pair.route.name] = m;
    const target = pair.route.json ? BUDGET.memberJsonVsBare : BUDGET.memberPageVsBare;
    rows.push([
      pair.route.path.replace(other, ':id'),
      kilobytes(pair.bytes),
      String(Math.round(median(perRound.map((r) => r[pair.member]!)))),
      String(Math.round(median(perRound.map((r) => r[pair.bare]!)))),
      percent(m),
      each.map((r) => percent(r)).join(', '),
      String(statements[pair.route.name]),
      `${m >= target ? 'met' : 'MISSED'}`,
    ]);
  }
  table(
    [
      'member request',
      'bytes',
      'req/s',
      'bare req/s',
      'ratio (median)',
      'per round',
      'SQL',
      `≥ ${percent(BUDGET.memberPageVsBare)}`,
    ],
    rows,
  );
  const missed = rows.filter((r) => r.at(-1) === 'MISSED').length;
  out();
  out(
    `${missed === 0 ? 'every member request met its target' : `${missed} of ${rows.length} member requests missed their target`}; ` +
      'SQL: statements per request (tests/integration/member-request-cost.test.ts holds the bound)',
  );
  results.member = { perRound, ratios, statements, members: members.length };
}

// ---------------------------------------------------------------------------------------------

async function pageFollowingRedirect(
  server: App,
  host: string,
  path: string,
): Promise<{ path: string; html: string }> {
  let current = path;
  for (let hop = 0; hop < 3; hop++) {
    const res = await server.request(current, { host });
    if (res.status >= 300 && res.status < 400 && typeof res.headers.location === 'string') {
      current = res.headers.location;
      continue;
    }
    if (res.status !== 200) throw new Error(`${host}${current} answered ${res.status}`);
    return { path: current, html: res.body };
  }
  throw new Error(`${host}${path}: too many redirects`);
}

async function weight(app: App): Promise<void> {
  section('Weight of every lander and index (gzip level 6)');
  const assets = new Map<string, string>();
  const asset = async (host: string, url: string): Promise<string> => {
    const key = `${host}|${url}`;
    if (!assets.has(key)) {
      const res = await app.request(url, { host });
      assets.set(key, res.status === 200 ? res.body : '');
    }
    return assets.get(key)!;
  };
  const rows: string[][] = [];
  const pages: Array<Record<string, unknown>> = [];
  let over = 0;
  /** Each distinct inline script once, for the pages over the inline budget: what to cut. */
  const heavyScripts = new Map<string, number>();
  for (const site of DEMO_SITES) {
    for (const path of ['/', ...LANDERS.map((l) => `/landers/${l}`)]) {
      const page = await pageFollowingRedirect(app, site.host, path);
      const pageUrl = `http://${site.host}:${app.port}${page.path}`;
      const found = pageResources(page.html);
      const css = [...found.inlineStyles];
      for (const href of found.stylesheets) css.push(await asset(site.host, new URL(href, pageUrl).pathname));
      const fetched = [...found.fetched, ...css.flatMap((sheet) => cssUrls(sheet))];
      const foreign = thirdParty(fetched, pageUrl);
      const html = gzipBytes(page.html);
      const cssBytes = css.reduce((sum, sheet) => sum + gzipBytes(sheet), 0);
      const inlineJs = found.inlineScripts.length ? gzipBytes(found.inlineScripts.join('\n')) : 0;
      const atLoad = found.islands.filter((i) => ['load', 'idle', 'visible', 'media'].includes(i.directive));
      const ok =
        html <= BUDGET.htmlGzip &&
        cssBytes <= BUDGET.cssGzip &&
        inlineJs <= BUDGET.inlineScriptGzip &&
        foreign.length === 0;
      if (!ok) over++;
      if (inlineJs > BUDGET.inlineScriptGzip) {
        for (const script of found.inlineScripts) heavyScripts.set(script, gzipBytes(script));
      }
      rows.push([
        site.host,
        page.path,
        kilobytes(html),
        kilobytes(cssBytes),
        kilobytes(inlineJs),
        String(found.scripts.length + atLoad.length),
        found.islands.map((i) => `${i.url.split('/').pop()?.split('.')[0]}:${i.directive}`).join(' ') || '-',
        String(foreign.length),
        verdict(ok),
      ]);
      pages.push({
        host: site.host,
        path: page.path,
        htmlGzip: html,
        cssGzip: cssBytes,
        inlineJsGzip: inlineJs,
        scriptsAtLoad: found.scripts,
        islands: found.islands,
        thirdParty: foreign,
      });
    }
  }
  table(
    [
      'site',
      'page',
      'HTML',
      'CSS',
      'inline JS',
      'JS files at load',
      'islands (loads on)',
      '3rd-party',
      'budget',
    ],
    rows,
  );
  out();
  out(
    `budgets: HTML ≤ ${kilobytes(BUDGET.htmlGzip)}, CSS ≤ ${kilobytes(BUDGET.cssGzip)}, inline JS ≤ ${kilobytes(BUDGET.inlineScriptGzip)}, no third-party requests; ${over === 0 ? 'all pages within budget' : `${over} page(s) over budget`}`,
  );
  if (heavyScripts.size) {
    out('\ninline scripts of the pages over the inline JS budget (each gzipped alone):');
    for (const [script, bytes] of [...heavyScripts].sort((a, b) => b[1] - a[1])) {
      out(`- ${kilobytes(bytes)}: ${script.replace(/\s+/g, ' ').slice(0, 100)}…`);
    }
  }
  results.weight = pages;
}

// ---------------------------------------------------------------------------------------------

async function lighthouseScores(app: App): Promise<void> {
  section('Lighthouse (mobile profile, Debian Chromium, headless)');
  if (!findChromium()) {
    out('skipped: Chromium is missing (Debian: apt-get install chromium)');
    return;
  }
  const pages = [
    { host: 'localhost', path: '/' },
    { host: 'localhost', path: `/landers/${args.lander}` },
    { host: 'curvy.localhost', path: '/de/landers/tinderswipe' },
  ];
  for (const page of pages) await pageFollowingRedirect(app, page.host, page.path);
  /*
   * The machine's own floor, audited in turn with the pages: the bench's bare page (a paragraph,
   * no style, no script). Whatever blocking time Lighthouse finds there is the browser's and the
   * machine's, not a page's, and a page cannot score better than its runs beside it allow.
   */
  const reference = { host: 'localhost', path: '/bench/bare?bytes=512' };
  const browser = await startChromium(await freePortIn(AUX_PORTS));
  cleanups.unshift(() => browser.stop());
  // One run's performance score moves with whatever else the machine does: take the median run.
  const runs = Math.max(1, Number(args['lighthouse-runs']));
  const urls = [...pages, reference].map((page) => `http://${page.host}:${app.port}${page.path}`);
  const referenceUrl = urls.at(-1)!;
  const runsOf = new Map<string, LighthouseResult[]>(urls.map((url) => [url, []]));
  // Run by run across the pages and the reference, so that each round shares the machine's load.
  for (let run = 0; run < runs; run++) {
    for (const url of urls) {
      // Lighthouse now and then records no navigation in its trace (NO_NAVSTART) and asks to be
      // run again: that run measured nothing, so it is run again, at most twice, and said so.
      for (let attempt = 1; ; attempt++) {
        try {
          runsOf.get(url)!.push(await audit(url, browser.port));
          break;
        } catch (error) {
          const message = (error as Error).message;
          const again = /NO_NAVSTART/.test(message) && attempt < 3;
          out(`${url}: ${message}${again ? ' (run again)' : ''}`);
          if (!again) break;
        }
      }
    }
  }
  const audited: LighthouseResult[] = [];
  const performanceRuns = new Map<string, string[]>();
  for (const url of urls) {
    const results = runsOf.get(url)!;
    if (results.length === 0) continue;
    performanceRuns.set(
      url,
      results.map((r) => `${r.scores.performance} (${r.blockingMs} ms)`),
    );
    if (url === referenceUrl) continue;
    const sorted = [...results].sort((a, b) => a.scores.performance - b.scores.performance);
    const middle = sorted[Math.floor((sorted.length - 1) / 2)]!;
    for (const category of CATEGORIES)
      middle.scores[category] = median(results.map((r) => r.scores[category]));
    audited.push(middle);
  }
  out(
    `median of ${runs} run(s) a page; performance (blocking time) of each run: ${[...performanceRuns]
      .map(
        ([url, scores]) =>
          `${url === referenceUrl ? 'the bare reference page' : `${new URL(url).host}${new URL(url).pathname}`} ${scores.join(', ')}`,
      )
      .join('; ')}`,
  );
  out();
  table(
    ['page', 'performance', 'accessibility', 'best practices', 'SEO', 'third-party requests'],
    audited.map((r) => [
      r.url,
      String(r.scores.performance),
      String(r.scores.accessibility),
      String(r.scores['best-practices']),
      String(r.scores.seo),
      String(r.thirdPartyRequests.length),
    ]),
  );
  const defects = audited.flatMap((r) =>
    Object.entries(r.scores)
      .filter(([, s]) => s < BUDGET.lighthouseDefect)
      .map(([c, s]) => `${r.url} ${c} ${s}`),
  );
  out();
  out(
    defects.length
      ? `DEFECTS (below ${BUDGET.lighthouseDefect}): ${defects.join('; ')}`
      : `no category below ${BUDGET.lighthouseDefect}`,
  );
  for (const r of audited) {
    if (r.failed.length === 0) continue;
    out(`\nfailing audits on ${r.url}:`);
    for (const f of r.failed) {
      out(
        `- [${f.category}] ${f.id}: ${f.title}${f.displayValue ? ` (${f.displayValue})` : ''}, score ${f.score}`,
      );
      for (const where of f.where) out(`    ${where.replace(/\s+/g, ' ').slice(0, 220)}`);
    }
    for (const url of r.thirdPartyRequests) out(`- third-party request: ${url}`);
  }
  results.lighthouse = { pages: audited, reference: runsOf.get(referenceUrl) ?? [] };
}

// ---------------------------------------------------------------------------------------------

let exitCode = 0;
try {
  ensureBuild();
  const wantThroughput = !skip.has('throughput');
  const wantMember = !skip.has('member');
  if ((wantThroughput || wantMember) && !commandExists('wrk'))
    throw new Error('wrk is missing: ./dev npm run bench installs it (Debian: apt-get install wrk)');
  const nginxAllowed = wantThroughput && !skip.has('nginx') && !!findNginx();

  out('# Kindred performance budget');
  out(
    `\n${new Date().toISOString()}, node ${process.versions.node}, ${cpus().length} cores, load average ${loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}`,
  );
  const build = copyBuild(resolve(args.dist), workDir);
  const dataDir = join(workDir, 'data');
  out(`seeding ${args['seed-size']} demo members, starting the built server (a copy of ${args.dist}/)…`);
  seedDatabase(dataDir, Number(args['seed-size']));
  const savedDir = join(workDir, 'saved');
  const app = await startApp({
    build,
    dataDir,
    ports: APP_PORTS,
    env: { KINDRED_BENCH: '1', KINDRED_BENCH_SAVED: savedDir },
  });
  cleanups.unshift(() => app.stop());
  let proxied: Proxied | undefined;
  if (nginxAllowed) {
    // The production shape behind nginx: the same database, TRUST_PROXY=1, links to nginx's port.
    const nginxPort = await freePortIn({ first: 4850, last: 4899 });
    const server = await startApp({
      build,
      dataDir,
      ports: APP_PORTS,
      env: { KINDRED_BENCH: '1', TRUST_PROXY: '1', PUBLIC_PORT: String(nginxPort) },
    });
    cleanups.unshift(() => server.stop());
    proxied = { server, nginxPort };
  }

  if (wantThroughput) await throughput(app, proxied, build);
  if (wantMember) {
    const counting = await startApp({
      build,
      dataDir,
      ports: APP_PORTS,
      env: { KINDRED_BENCH: '1', KINDRED_COUNT_SQL: '1' },
    });
    cleanups.unshift(() => counting.stop());
    await memberRequests(app, counting, join(dataDir, 'kindred.sqlite'), savedDir);
    await counting.stop();
  }
  if (!skip.has('weight')) await weight(app);
  if (!skip.has('lighthouse')) await lighthouseScores(app);
  if (args.json) {
    writeFileSync(args.json, `${JSON.stringify(results, null, 2)}\n`);
    out(`\nfull results: ${args.json}`);
  }
} catch (error) {
  process.stderr.write(`bench: ${(error as Error).stack ?? String(error)}\n`);
  exitCode = 1;
} finally {
  for (const cleanup of cleanups) {
    try {
      await cleanup();
    } catch {
      // keep cleaning up
    }
  }
}
process.exit(exitCode);
