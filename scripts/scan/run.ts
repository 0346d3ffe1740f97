/**
 * `npm run scan`: Debian's `sqlmap` and `wapiti` against the built server, logged in as a demo
 * member over the member JSON endpoints and the member pages, and as a console owner over the
 * console's endpoints and pages. See docs/security.md.
 *
 *   npm run scan [-- --size N] [--out DIR] [--sqlmap-seconds S] [--wapiti-seconds S]
 *                [--only sqlmap|wapiti] [--area member|console]
 *
 * The server runs as the tests start it (tests/support/server.ts: the build in dist/, its own
 * DATA_DIR in a temporary folder, seeded with the demo seed) on 127.0.0.1 only, and the scanners
 * reach it through a counting proxy on 127.0.0.1 that records every answer's status and every
 * 5xx with its request. Every scanner run is bounded with `timeout`. The report
 * (`<out>/scan-report.md` and `.json`, default `test-results/scan/`) shows the number of
 * injectable parameters and of server errors; the command exits 1 unless both are 0.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { brotliDecompressSync, gunzipSync, inflateSync } from 'node:zlib';
import { demoEmail, DEMO_PASSWORD } from '../../src/db/seed/index.ts';
import { freePortIn } from '../../tests/support/ports.ts';
import { REPO_ROOT, startServer, type TestServer } from '../../tests/support/server.ts';
import {
  CONSOLE_HOST,
  CONSOLE_OUT_OF_BOUNDS,
  consoleIds,
  consolePages,
  consoleSqlmapTargets,
  logInStaff,
} from './console.ts';
import {
  clean,
  parseSqlmapOutput,
  parseWapitiReport,
  renderReport,
  summarize,
  type ScanResults,
  type ServerErrorRecord,
  type SqlmapTargetResult,
  type WapitiResult,
  mergeWapiti,
} from './report.ts';
import { getTarget, sendTarget, type SqlmapTarget } from './targets.ts';

const { values: args } = parseArgs({
  options: {
    size: { type: 'string', default: '24' },
    out: { type: 'string', default: join(REPO_ROOT, 'test-results', 'scan') },
    'sqlmap-seconds': { type: 'string', default: '90' },
    'wapiti-seconds': { type: 'string', default: '480' },
    only: { type: 'string' },
    /** One area alone: the member area or the console (both when left out). */
    area: { type: 'string' },
  },
});

const outDir = resolve(args.out);
const sqlmapSeconds = Number(args['sqlmap-seconds']);
const wapitiSeconds = Number(args['wapiti-seconds']);
/** The scanners' ports: apart from the test range, so a running suite keeps its own. */
const PROXY_PORTS = { first: 4700, last: 4749 };
const HOST = 'localhost';
const areas = args.area ? [args.area] : ['member', 'console'];
if (!areas.every((area) => area === 'member' || area === 'console'))
  throw new Error('--area takes member or console');

function say(line: string): void {
  process.stdout.write(`[scan] ${line}\n`);
}

function which(tool: string): boolean {
  return ['/usr/bin', '/usr/local/bin'].some((dir) => existsSync(join(dir, tool)));
}

// ---------------------------------------------------------------------------------------------

interface LoggedIn {
  email: string;
  cookie: string;
}

/** A demo member of the first site logs in through `POST /api/user.php` as a browser does. */
async function logIn(app: TestServer): Promise<LoggedIn> {
  const email = demoEmail('localhost', 1);
  const res = await app.request('/api/user.php', {
    host: HOST,
    method: 'POST',
    body: { email, password: DEMO_PASSWORD },
  });
  const session = res.cookies.map((c) => /^session=([^;]+)/.exec(c)?.[1]).find(Boolean);
  if (res.status !== 200 || !session)
    throw new Error(`the demo member could not log in: ${res.status} ${res.body.slice(0, 300)}`);
  return { email, cookie: `session=${session}` };
}

interface Ids {
  profile: string;
  ownProfile: string;
  conversation: string;
  photo: string;
  order: string;
  bundle: string;
  paymentmethod: string;
  country: string;
}

/**
 * Real values for every parameter, so each scanner request is one the server takes as far as a
 * member's own would go: another profile, a conversation (a first free message), one of the
 * member's photos, a paid order (the test provider's checkout).
 */
async function prepareData(app: TestServer, cookie: string): Promise<Ids> {
  const call = async (method: string, path: string, body?: unknown) => {
    const res = await app.request(path, {
      host: HOST,
      method,
      headers: { cookie, 'x-client-request': '1' },
      ...(body === undefined ? {} : { body }),
    });
    if (res.status >= 400) throw new Error(`${method} ${path}: ${res.status} ${res.body.slice(0, 300)}`);
    return res.json<Record<string, unknown>>();
  };
  const user = (await call('GET', '/api/user.php')).user as { profile: { id: string; country: string } };
  const search = (await call('GET', '/api/members.php')) as { results: Array<{ id: string }> };
  const profile = search.results[0]?.id;
  if (!profile) throw new Error('the search found no other profile to aim at');
  const photos = (await call('GET', '/api/photos.php')) as { photos?: Array<{ id: string }> };
  const credits = (await call('GET', '/api/credits.php')) as {
    bundles: Array<{ id: string }>;
    paymentmethods: Array<{ id: string }>;
    country: string;
  };
  const bundle = credits.bundles[0]!.id;
  const paymentmethod = credits.paymentmethods[0]!.id;
  const ordered = (await call('POST', '/api/order.php', { bundle, paymentmethod })) as {
    order: { payment_id: string };
  };
  const paid = await app.request(`/checkout/test/${ordered.order.payment_id}`, {
    host: HOST,
    method: 'POST',
    headers: {
      cookie,
      'content-type': 'application/x-www-form-urlencoded',
      origin: `http://${HOST}:${app.port}`,
    },
    body: 'outcome=paid',
  });
  if (paid.status !== 303)
    throw new Error(`the test checkout answered ${paid.status}: ${paid.body.slice(0, 200)}`);
  // Paid now, so the member may open a conversation with the profile the targets aim at.
  await call('POST', '/api/chat.php', {
    profile,
    type: 'text',
    text: 'Hello from the scan',
    client_id: `scan-${Date.now()}`,
  });
  const chats = (await call('GET', '/api/chats.php')) as { chats: Array<{ conversation: { id: string } }> };
  return {
    profile,
    ownProfile: user.profile.id,
    conversation: chats.chats[0]?.conversation.id ?? 'none',
    photo: photos.photos?.[0]?.id ?? 'none',
    order: ordered.order.payment_id,
    bundle,
    paymentmethod,
    country: credits.country,
  };
}

// ---------------------------------------------------------------------------------------------

interface Counter {
  server: http.Server;
  statuses: Record<string, number>;
  errors: ServerErrorRecord[];
  /** The scanner run going on, named in each recorded error. */
  source: string;
}

const PREVIEW = 600;

/**
 * What the proxy does not pass on from wapiti: logout and the account calls would end the scan's session
 * (wapiti follows the logout button), and the event stream never ends. Debian's wapiti 3.0.4
 * cannot take exclusions itself (`-x` fails on Python 3.11's regular expressions).
 */
const OUT_OF_BOUNDS = /^\/(?:[a-z]{2}\/)?(?:api\/(?:logout|events|account)\.php|logout)(?:[?/]|$)/;

/**
 * A pass-through proxy that counts the statuses it passes on and keeps every 5xx with its request.
 * `host`: the Host header every request gets on its way (the console's proxy); `outOfBounds`:
 * the paths it answers itself while wapiti runs.
 */
function startProxy(upstreamPort: number, options: { host?: string; outOfBounds: RegExp }): Counter {
  const counter: Counter = {
    server: http.createServer(),
    statuses: {},
    errors: [],
    source: 'setup',
  };
  counter.server.on('request', (req, res) => {
    if (counter.source === 'wapiti' && options.outOfBounds.test(req.url ?? '')) {
      counter.statuses.skipped = (counter.statuses.skipped ?? 0) + 1;
      res.writeHead(204, { 'x-scan': 'not passed on' });
      res.end();
      return;
    }
    const requestChunks: Buffer[] = [];
    let requestBytes = 0;
    const source = counter.source;
    const upstream = http.request(
      {
        host: '127.0.0.1',
        port: upstreamPort,
        method: req.method,
        path: req.url,
        headers: options.host ? { ...req.headers, host: options.host } : req.headers,
        agent: false,
      },
      (answer) => {
        const status = answer.statusCode ?? 0;
        counter.statuses[status] = (counter.statuses[status] ?? 0) + 1;
        res.writeHead(status, answer.rawHeaders);
        if (status < 500) {
          answer.pipe(res);
          return;
        }
        const chunks: Buffer[] = [];
        answer.on('data', (c: Buffer) => {
          chunks.push(c);
          res.write(c);
        });
        answer.on('end', () => {
          res.end();
          counter.errors.push({
            method: req.method ?? '',
            url: req.url ?? '',
            status,
            requestBody: Buffer.concat(requestChunks).toString('utf8').slice(0, PREVIEW),
            responseBody: decode(Buffer.concat(chunks), answer.headers['content-encoding']).slice(0, PREVIEW),
            source,
          });
        });
      },
    );
    upstream.on('error', (error) => {
      counter.statuses.unanswered = (counter.statuses.unanswered ?? 0) + 1;
      if (!res.headersSent) res.writeHead(502);
      res.end();
      counter.errors.push({
        method: req.method ?? '',
        url: req.url ?? '',
        status: 502,
        requestBody: Buffer.concat(requestChunks).toString('utf8').slice(0, PREVIEW),
        responseBody: `no answer from the server: ${error.message}`,
        source,
      });
    });
    req.on('data', (c: Buffer) => {
      if (requestBytes < PREVIEW) requestChunks.push(c);
      requestBytes += c.length;
    });
    req.pipe(upstream);
  });
  return counter;
}

function decode(body: Buffer, encoding: string | undefined): string {
  try {
    if (encoding === 'gzip') return gunzipSync(body).toString('utf8');
    if (encoding === 'br') return brotliDecompressSync(body).toString('utf8');
    if (encoding === 'deflate') return inflateSync(body).toString('utf8');
  } catch {
    return `(undecodable ${encoding} body of ${body.length} bytes)`;
  }
  return body.toString('utf8');
}

async function listen(server: http.Server): Promise<number> {
  for (let attempt = 0; attempt < 5; attempt++) {
    const port = await freePortIn(PROXY_PORTS);
    const ok = await new Promise<boolean>((done) => {
      server.once('error', () => done(false));
      server.listen(port, '127.0.0.1', () => done(true));
    });
    if (ok) return port;
  }
  throw new Error('no free port for the proxy');
}

// ---------------------------------------------------------------------------------------------

/**
 * The member endpoints that take input, each with a body or query of real values. Not aimed at:
 * logout (it would end the scan's session), the event stream (it never ends), uploads
 * (multipart: wapiti's file module and the photo tests cover them), and calls that spend the
 * member's money through a provider.
 */
function sqlmapTargets(ids: Ids): SqlmapTarget[] {
  const get = getTarget;
  const send = sendTarget;
  return [
    // The session cookie on its own (level 2 tests cookies): every member request reads it.
    { name: 'GET /api/user.php (session cookie)', method: 'GET', url: '/api/user.php?scan=1', level: 2 },
    get(`/api/member.php?id=${ids.profile}`),
    get(`/api/members.php?gender=female&country=${ids.country}&min_age=18&max_age=99&page=1`),
    get(`/api/chat.php?conversation=${ids.conversation}&before=x`),
    get(`/api/chat.php?profile=${ids.profile}`),
    get(`/api/transaction.php?id=${ids.order}`),
    get(`/api/refund.php?order=${ids.order}`),
    get(`/api/discountcode.php?code=DEMO10`),
    get(`/api/discountcode.php?welcome=true`),
    get(`/api/regions.php?country=${ids.country}`),
    get(`/api/geocode.php?lat=52.37&lon=4.89`),
    get(`/api/settings.php?domain=${HOST}`),
    send('POST', '/api/chat.php', {
      conversation: ids.conversation,
      type: 'text',
      text: 'Hello again',
      client_id: 'scan-client-0001',
    }),
    send('DELETE', '/api/chat.php', { conversation: 'unknown-conversation' }),
    send('POST', '/api/typing.php', { conversation: ids.conversation }),
    send('POST', '/api/like.php', { profile: ids.profile }),
    send('DELETE', '/api/like.php', { profile: ids.profile }),
    send('POST', '/api/like-seen.php', { profile: ids.profile }),
    send('POST', '/api/swipe.php', { profile: ids.profile, action: 'pass' }),
    send('POST', '/api/block.php', { profile: 'unknown-profile' }),
    send('DELETE', '/api/block.php', { profile: ids.profile }),
    send('PUT', '/api/profile.php', { country: ids.country, city: 'Utrecht', text: 'Hello there' }),
    send('PUT', '/api/photos.php', { id: ids.photo, locked: false }),
    { name: 'DELETE /api/photos.php', method: 'DELETE', url: '/api/photos.php?id=unknown-photo' },
    send('PUT', '/api/user.php', { time_zone: 'Europe/Amsterdam' }),
    send('PUT', '/api/notifications.php', { disabled: ['news'] }),
    send('PUT', '/api/account.php', { invisible: false, private: false }),
    {
      ...send('PUT', '/api/account.php', {
        old_password: 'not-the-password-1',
        password: 'a-new-password-2026',
      }),
      name: 'PUT /api/account.php (password change)',
    },
    send('POST', '/api/order.php', {
      bundle: ids.bundle,
      paymentmethod: ids.paymentmethod,
      discountcode: 'DEMO10',
    }),
    send('POST', '/api/refund.php', { order: 'unknown-order' }),
    send('POST', '/api/complaint.php', {
      profile: ids.profile,
      category: 'other',
      text: 'A complaint written by the scan',
    }),
    send('POST', '/api/directdebit.php', {
      bundle: ids.bundle,
      code: '123456',
      iban: 'NL91ABNA0417164300',
      holder: 'Robin Example',
      street: 'Main street 1',
      zip: '1234 AB',
      city: 'Utrecht',
      country: 'NL',
      phone: '+31612345678',
      authorized: true,
    }),
    // Member pages: the path's id.
    { name: 'GET /members/{id}', method: 'GET', url: `/members/${ids.profile}*` },
    { name: 'GET /chats/{id}', method: 'GET', url: `/chats/${ids.conversation}*` },
    { name: 'GET /transactions/{id}', method: 'GET', url: `/transactions/${ids.order}*` },
    { name: 'GET /likes/m/{id}', method: 'GET', url: `/likes/m/${ids.profile}*` },
  ];
}

function run(
  command: string,
  argv: string[],
  options: { seconds: number; cwd?: string },
): Promise<{ stdout: string; exitCode: number | null; timedOut: boolean }> {
  return new Promise((done) => {
    // `timeout` ends the tool and all it started; --kill-after covers a tool that ignores TERM.
    const child = spawn('timeout', ['--kill-after=15', String(options.seconds), command, ...argv], {
      cwd: options.cwd,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    child.stdout.on('data', (c: Buffer) => (stdout += c.toString('utf8')));
    child.stderr.on('data', (c: Buffer) => (stdout += c.toString('utf8')));
    child.on('close', (code) => done({ stdout, exitCode: code, timedOut: code === 124 || code === 137 }));
  });
}

async function runSqlmap(
  base: string,
  cookie: string,
  target: SqlmapTarget,
  folder: string,
): Promise<SqlmapTargetResult> {
  const dir = join(outDir, 'sqlmap', folder);
  mkdirSync(dir, { recursive: true });
  const headers = ['x-client-request: 1'];
  const argv = [
    '-u',
    `${base}${target.url}`,
    '--batch',
    `--level=${target.level ?? 1}`,
    '--risk=1',
    // Boolean, error, union, stacked and time-based; 2 s sleeps keep time-based tests short.
    '--technique=BEUST',
    '--time-sec=2',
    '--timeout=10',
    '--retries=1',
    '--cookie',
    cookie,
    // Keep the member's session: a cookie the server sets must not replace it.
    '--drop-set-cookie',
    '--skip-waf',
    // A refusal is an answer to compare like any other: sqlmap stops at a first 404 otherwise.
    '--ignore-code=401,402,403,404,409',
    '--flush-session',
    '--disable-coloring',
    '--output-dir',
    dir,
  ];
  if (target.method !== 'GET' || target.body) argv.push('--method', target.method);
  if (target.body) {
    headers.push('Content-Type: application/json');
    argv.push('--data', JSON.stringify(target.body));
  }
  argv.push('--headers', headers.join('\n'));
  const { stdout, exitCode, timedOut } = await run('sqlmap', argv, { seconds: sqlmapSeconds });
  writeFileSync(join(dir, 'output.txt'), `${target.name}\nsqlmap ${argv.join(' ')}\n\n${stdout}`);
  return { target: target.name, result: parseSqlmapOutput(stdout), timedOut, exitCode };
}

/** The member pages and GET calls that wapiti starts from (it crawls two levels on). */
function memberPages(ids: Ids): string[] {
  return [
    '/members',
    `/members?gender=female&country=${ids.country}&page=2`,
    `/members/${ids.profile}`,
    `/members/${ids.profile}/chat`,
    '/match-finder',
    '/chats',
    `/chats/${ids.conversation}`,
    '/likes',
    '/likes/received',
    `/likes/m/${ids.profile}`,
    '/swipe-game',
    '/profile',
    '/profile/photos',
    '/settings',
    '/notifications',
    '/credits',
    `/credits/${ids.bundle}/${ids.paymentmethod}`,
    '/credits/repeat-order',
    '/directdebit',
    '/premium',
    `/transactions/${ids.order}`,
    '/complaints',
    '/api/locale.php?locale=de&next=/members',
    `/api/member.php?id=${ids.profile}`,
    `/api/members.php?gender=female&country=${ids.country}&page=1`,
    `/api/chat.php?conversation=${ids.conversation}`,
    `/api/chat.php?profile=${ids.profile}`,
    `/api/transaction.php?id=${ids.order}`,
    `/api/refund.php?order=${ids.order}`,
    '/api/discountcode.php?code=DEMO10',
    `/api/regions.php?country=${ids.country}`,
    '/api/geocode.php?lat=52.37&lon=4.89',
    `/api/settings.php?domain=${HOST}`,
  ];
}

/** wapiti over one area's pages with that area's cookie; its files go to `<out>/wapiti-<area>`. */
async function runWapiti(
  base: string,
  port: number,
  cookie: string,
  pages: string[],
  area: string,
): Promise<WapitiResult | null> {
  const dir = join(outDir, `wapiti-${area}`);
  mkdirSync(dir, { recursive: true });
  // wapiti's cookie file: cookies of a host without a dot are kept under `.<host>.local`.
  const jar: Record<string, object> = {};
  for (const pair of cookie.split('; ')) {
    const at = pair.indexOf('=');
    jar[pair.slice(0, at)] = {
      value: pair.slice(at + 1),
      version: 0,
      expires: null,
      secure: false,
      port: null,
    };
  }
  const cookieFile = join(dir, 'cookies.json');
  writeFileSync(cookieFile, JSON.stringify({ [`.${HOST}.local`]: { '/': jar } }));
  const report = join(dir, 'report.json');
  const argv = [
    '-u',
    `${base}${pages[0]}`,
    '--scope',
    'domain',
    ...pages.flatMap((page) => ['-s', `${base}${page}`]),
    '-c',
    cookieFile,
    '-H',
    'x-client-request: 1',
    '-m',
    'sql,blindsql,exec,xss,permanentxss,crlf,file,redirect',
    '-d',
    '2',
    '--max-links-per-page',
    '40',
    '--max-files-per-dir',
    '30',
    '--max-scan-time',
    String(wapitiSeconds),
    '--max-attack-time',
    String(Math.max(20, Math.floor(wapitiSeconds / 6))),
    '-t',
    '10',
    '--flush-session',
    '--store-session',
    join(dir, 'session'),
    '--store-config',
    join(dir, 'config'),
    '-f',
    'json',
    '-o',
    report,
    '-v',
    '1',
    '--no-bugreport',
  ];
  const { stdout, timedOut } = await run('wapiti', argv, { seconds: wapitiSeconds + 120 });
  writeFileSync(join(dir, 'output.txt'), `wapiti ${argv.join(' ')}\n\n${stdout}`);
  if (timedOut) say(`wapiti was stopped by its time bound (port ${port})`);
  if (!existsSync(report)) return null;
  return parseWapitiReport(JSON.parse(readFileSync(report, 'utf8')));
}

/** One area's scan: its logged-in cookie, its proxy, sqlmap's targets and wapiti's pages. */
interface Area {
  name: 'member' | 'console';
  /** The Host header of the area's requests. */
  host: string;
  cookie: string;
  counter: Counter;
  base: string;
  port: number;
  targets: SqlmapTarget[];
  pages: string[];
  /** Whether the area's login still answers after the scan. */
  held(): Promise<boolean>;
}

/**
 * The status of a target's own request, as sqlmap sends it before it varies anything: a refused
 * one (a value the endpoint does not take) means every variation stops where that one did, so
 * the report shows it.
 */
async function baselineStatus(server: TestServer, area: Area, target: SqlmapTarget): Promise<number> {
  const res = await server.request(target.url.replace('*', ''), {
    host: area.host,
    method: target.method,
    headers: { cookie: area.cookie, 'x-client-request': '1' },
    ...(target.body ? { body: target.body } : {}),
  });
  return res.status;
}

/** Runs sqlmap over the area's targets and then wapiti over its pages, as `--only` allows. */
async function scanArea(
  server: TestServer,
  area: Area,
): Promise<{ sqlmap: SqlmapTargetResult[]; wapiti: WapitiResult | null }> {
  const sqlmap: SqlmapTargetResult[] = [];
  if (args.only !== 'wapiti') {
    for (const [index, target] of area.targets.entries()) {
      area.counter.source = `sqlmap ${target.name}`;
      const baseline = await baselineStatus(server, area, target);
      say(`sqlmap ${area.name} ${index + 1}/${area.targets.length}: ${target.name} (answers ${baseline})`);
      const result = await runSqlmap(
        area.base,
        area.cookie,
        target,
        `${area.name}-${String(index).padStart(2, '0')}`,
      );
      sqlmap.push({ ...result, baseline });
      if (result.result.injections.length > 0 || Object.keys(result.result.httpErrors).length > 0)
        say(`  → ${JSON.stringify(result.result.injections)} ${JSON.stringify(result.result.httpErrors)}`);
    }
  }
  let wapiti: WapitiResult | null = null;
  if (args.only !== 'sqlmap') {
    area.counter.source = 'wapiti';
    say(`wapiti over the ${area.name} pages (at most ${wapitiSeconds} s)…`);
    wapiti = await runWapiti(area.base, area.port, area.cookie, area.pages, area.name);
  }
  return { sqlmap, wapiti };
}

/** Whether `cookie` still logs in: `path` answers with someone under `field`, not null. */
async function loggedInAs(server: TestServer, host: string, cookie: string, path: string, field: string) {
  const check = await server.request(path, { host, headers: { cookie, 'x-client-request': '1' } });
  return check.status === 200 && check.json<Record<string, unknown>>()[field] != null;
}

/** A proxy in front of the server for one area; its scanners' base address. */
async function proxyFor(
  server: TestServer,
  options: { host?: string; outOfBounds: RegExp },
): Promise<{ counter: Counter; base: string; port: number }> {
  const counter = startProxy(server.port, options);
  const port = await listen(counter.server);
  return { counter, base: `http://${HOST}:${port}`, port };
}

/** Checks the tools, starts the server, scans each area and writes the report. */
async function main(): Promise<void> {
  for (const tool of ['sqlmap', 'wapiti', 'timeout']) {
    if (!which(tool)) {
      say(`${tool} is missing: apt-get install ${tool === 'timeout' ? 'coreutils' : tool}`);
      process.exit(2);
    }
  }

  rmSync(outDir, { recursive: true, force: true });
  mkdirSync(outDir, { recursive: true });
  const started = new Date();
  say(`starting the built server with ${args.size} demo members…`);
  // Its own copy of tenants/: the console's site form writes a file there.
  const server = await startServer({
    seedSize: Number(args.size),
    copyTenants: true,
    env: { LOG_LEVEL: 'info' },
  });
  const proxies: http.Server[] = [];
  try {
    const member = await logIn(server);
    say(`logged in as ${member.email}`);
    const ids = await prepareData(server, member.cookie);
    say(`ids for the targets: ${JSON.stringify(ids)}`);

    const scanned: Area[] = [];
    const sqlmap: SqlmapTargetResult[] = [];
    const wapiti: WapitiResult[] = [];
    let wapitiMissing = false;
    for (const name of areas) {
      let area: Area;
      if (name === 'member') {
        const proxy = await proxyFor(server, { outOfBounds: OUT_OF_BOUNDS });
        area = {
          name,
          host: HOST,
          cookie: member.cookie,
          ...proxy,
          targets: sqlmapTargets(ids),
          pages: memberPages(ids),
          held: () => loggedInAs(server, HOST, member.cookie, '/api/user.php', 'user'),
        };
      } else {
        const staff = await logInStaff(server);
        say(`logged in to the console as ${staff.email}`);
        const targetIds = await consoleIds(server, staff, ids.ownProfile);
        say(`console ids: ${JSON.stringify(targetIds)}`);
        const proxy = await proxyFor(server, { host: CONSOLE_HOST, outOfBounds: CONSOLE_OUT_OF_BOUNDS });
        area = {
          name: 'console',
          host: CONSOLE_HOST,
          cookie: staff.cookie,
          ...proxy,
          targets: consoleSqlmapTargets(targetIds),
          pages: consolePages(targetIds),
          held: () => loggedInAs(server, CONSOLE_HOST, staff.cookie, '/console/api/session.php', 'staff'),
        };
      }
      proxies.push(area.counter.server);
      say(`${area.name}: scanners go through ${area.base} (the server listens on 127.0.0.1:${server.port})`);
      scanned.push(area);
      const found = await scanArea(server, area);
      sqlmap.push(...found.sqlmap);
      if (found.wapiti) wapiti.push(found.wapiti);
      else if (args.only !== 'sqlmap') wapitiMissing = true;
    }

    const held = await Promise.all(scanned.map((area) => area.held()));
    const statuses: Record<string, number> = {};
    for (const area of scanned)
      for (const [status, count] of Object.entries(area.counter.statuses))
        statuses[status] = (statuses[status] ?? 0) + count;
    const results: ScanResults = {
      sqlmap,
      wapiti: wapitiMissing || wapiti.length === 0 ? null : wapiti.reduce(mergeWapiti),
      proxied: scanned.flatMap((area) => area.counter.errors),
      // The endpoint kit logs `request failed`; Astro logs `[ERROR]` for the same request and for
      // a page that failed outside the kit.
      serverLoggedFailures: Math.max(
        (server.output().match(/ERROR +request failed/g) ?? []).length,
        (server.output().match(/\[ERROR\]/g) ?? []).length,
      ),
      statuses,
      sessionHeld: held.every(Boolean),
    };
    const seconds = (Date.now() - started.getTime()) / 1000;
    const markdown = renderReport(results, { started: started.toISOString(), seconds, areas });
    writeFileSync(join(outDir, 'scan-report.md'), markdown);
    writeFileSync(
      join(outDir, 'scan-report.json'),
      JSON.stringify({ summary: summarize(results), ...results }, null, 2),
    );
    writeFileSync(join(outDir, 'server.log'), server.output());
    const summary = summarize(results);
    process.stdout.write(`\n${markdown.split('\n## ')[0]}\n`);
    say(`report: ${join(outDir, 'scan-report.md')}`);
    process.exitCode = clean(summary) ? 0 : 1;
  } finally {
    for (const proxy of proxies) {
      proxy.close();
      proxy.closeAllConnections();
    }
    await server.stop();
  }
}

await main();
