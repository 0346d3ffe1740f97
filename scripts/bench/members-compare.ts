/**
 * Two builds of the member area side by side: each build's member requests against its own bare
 * route of the same bytes (as `npm run bench` measures them), the two servers running on one
 * seeded database and measured in the same interleaved rounds, so that the machine's load moves
 * both alike. For a change to the member area, the build before it and the build after it.
 *
 *   node scripts/bench/members-compare.ts --base dist-before --next dist \
 *        [--routes profile-view,members.php] [--rounds 3] [--seconds 5] [--seed-size 500]
 *        [--profile DIR]   # also CPU profiles of both servers over the rounds (cpu-profile.ts)
 *
 * Route names are those of tests/support/member-routes.ts (all of them when --routes is left out).
 * `--data DIR` starts from a copy of a seeded data folder instead of seeding one (seeding takes
 * minutes on a busy machine): `DATA_DIR=DIR TENANTS_DIR=tenants node scripts/db.ts seed --size 500`.
 */
import { cpSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync, mkdirSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { memberCalls, memberPages } from '../../tests/support/member-routes.ts';
import { copyBuild, seedDatabase, startApp, type App } from './app.ts';
import { logInDemoMembers, rotatingCookieScript } from './members.ts';
import { kilobytes, median, medianRatio, percent, roundOrder } from './stats.ts';
import { runWrk } from './wrk.ts';

const { values: args } = parseArgs({
  options: {
    base: { type: 'string' },
    next: { type: 'string', default: 'dist' },
    routes: { type: 'string', default: '' },
    rounds: { type: 'string', default: '3' },
    seconds: { type: 'string', default: '5' },
    connections: { type: 'string', default: '50' },
    'seed-size': { type: 'string', default: '500' },
    profile: { type: 'string' },
    /** A seeded data folder to start from (copied), instead of seeding one. */
    data: { type: 'string' },
    /** Node options for the next build's server only (e.g. a V8 flag under test). */
    'next-node-options': { type: 'string', default: '' },
  },
});
if (!args.base) throw new Error('--base <dist> names the build to compare with');
const rounds = Math.max(1, Number(args.rounds));
const seconds = Math.max(1, Number(args.seconds));
const connections = Math.max(1, Number(args.connections));
const out = (line = '') => process.stdout.write(`${line}\n`);
const load = () =>
  loadavg()
    .map((l) => l.toFixed(1))
    .join(' ');

const work = mkdtempSync(join(tmpdir(), 'kindred-members-compare-'));
const dataDir = join(work, 'data');
if (args.data) {
  out(`load average ${load()}; copying the seeded ${args.data}…`);
  cpSync(args.data, dataDir, { recursive: true });
} else {
  out(`load average ${load()}; seeding ${args['seed-size']} demo members…`);
  seedDatabase(dataDir, Number(args['seed-size']));
}
const members = logInDemoMembers(join(dataDir, 'kindred.sqlite'), 'localhost', 101);
const other = members.pop()!.profileId;
const script = rotatingCookieScript(join(work, 'members.lua'), members);
const first = { host: 'localhost', cookie: members[0]!.cookie };
const wanted = new Set(args.routes.split(',').filter(Boolean));
const routes = [
  ...memberPages(other).map((r) => ({ ...r, json: false })),
  ...memberCalls(other).map((r) => ({ ...r, json: true })),
].filter((r) => wanted.size === 0 || wanted.has(r.name));

const builds = { base: resolve(args.base), next: resolve(args.next) } as const;
type Side = keyof typeof builds;
const apps = {} as Record<Side, App>;
for (const side of ['base', 'next'] as const) {
  const dir = join(work, side);
  mkdirSync(dir);
  const saved = join(dir, 'saved');
  mkdirSync(saved);
  const env: Record<string, string> = { KINDRED_BENCH: '1', KINDRED_BENCH_SAVED: saved };
  const nodeOptions = side === 'next' ? args['next-node-options'] : '';
  if (nodeOptions) env.NODE_OPTIONS = nodeOptions;
  if (args.profile) {
    env.NODE_OPTIONS = `${nodeOptions} --import=${resolve('scripts/bench/cpu-profile.ts')}`.trim();
    env.KINDRED_PROFILE_DIR = resolve(args.profile, side);
    mkdirSync(env.KINDRED_PROFILE_DIR, { recursive: true });
  }
  apps[side] = await startApp({
    build: copyBuild(builds[side], dir),
    dataDir,
    ports: { first: 4900, last: 4999 },
    env,
  });
  for (const route of routes) {
    const headers = route.json ? { ...first, 'x-client-request': '1' } : first;
    const answer = await apps[side].request(route.path, { headers });
    if (answer.status !== 200) throw new Error(`${side} ${route.path} answers ${answer.status}`);
    const file = `${route.name}${route.json ? '' : '.html'}`;
    writeFileSync(join(saved, file), answer.body);
    (route as Record<string, unknown>)[`${side}Bytes`] = Buffer.byteLength(answer.body);
  }
}

/**
 * The server's CPU time so far (user and system, all its threads), in ms: on a machine loaded
 * many times over its cores, throughput follows whatever else runs, while the CPU time a
 * request costs the server does not (much), so each run also reports CPU per request.
 */
const cpuMs = (pid: number) => {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
};

const target = (side: Side, route: (typeof routes)[number], bare: boolean) => ({
  url: `http://127.0.0.1:${apps[side].port}${
    bare
      ? `/bench/bare${route.json ? '.json' : ''}?saved=${route.name}${route.json ? '' : '.html'}`
      : route.path
  }`,
  headers: (route.json && !bare
    ? { Host: 'localhost', 'x-client-request': '1' }
    : { Host: 'localhost' }) as Record<string, string>,
  script: bare ? undefined : script,
  connections,
  threads: 2,
});

try {
  for (const side of ['base', 'next'] as const)
    for (const route of routes)
      for (const bare of [false, true]) await runWrk({ ...target(side, route, bare), seconds: 1 });
  if (args.profile) for (const side of ['base', 'next'] as const) process.kill(apps[side].pid, 'SIGUSR1');
  const perRound: Array<Record<string, number>> = [];
  for (let round = 0; round < rounds; round++) {
    const measured: Record<string, number> = {};
    for (const route of roundOrder(routes, round)) {
      const sides: Side[] = round % 2 === 0 ? ['base', 'next'] : ['next', 'base'];
      for (const side of sides)
        for (const bare of round % 2 === 0 ? [false, true] : [true, false]) {
          const before = cpuMs(apps[side].pid);
          const result = await runWrk({ ...target(side, route, bare), seconds });
          const spent = cpuMs(apps[side].pid) - before;
          measured[`cpu:${side}:${bare ? 'b' : 'm'}:${route.name}`] =
            spent / Math.max(1, result.requestsPerSecond * seconds);
          if (result.non2xx || result.socketErrors)
            out(
              `warning: ${side} ${route.name}${bare ? ' bare' : ''}: ${result.non2xx} non-2xx, ${result.socketErrors} socket errors`,
            );
          measured[`${side}:${bare ? 'b' : 'm'}:${route.name}`] = result.requestsPerSecond;
        }
    }
    perRound.push(measured);
    out(`round ${round + 1}/${rounds} done, load average ${load()}`);
  }
  if (args.profile) {
    for (const side of ['base', 'next'] as const) process.kill(apps[side].pid, 'SIGUSR2');
    await new Promise((r) => setTimeout(r, 3_000));
    for (const side of ['base', 'next'] as const)
      out(`profile ${side}: ${readdirSync(resolve(args.profile, side)).join(', ')}`);
  }
  out();
  out(
    '| member request | bytes | base req/s | base | base by CPU | next req/s | next | next by CPU | base per round | next per round |',
  );
  out('| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |');
  for (const route of routes) {
    const cell = (side: Side) => {
      const { median: m, ratios } = medianRatio(
        perRound,
        `${side}:m:${route.name}`,
        `${side}:b:${route.name}`,
      );
      const rps = Math.round(median(perRound.map((r) => r[`${side}:m:${route.name}`]!)));
      // CPU per request: the bare route's over the member's, the same sense as the throughput ratio.
      const cpu = medianRatio(perRound, `cpu:${side}:b:${route.name}`, `cpu:${side}:m:${route.name}`);
      const ms = median(perRound.map((r) => r[`cpu:${side}:m:${route.name}`]!)).toFixed(2);
      return {
        m: percent(m),
        rps: String(rps),
        each: ratios.map((r) => percent(r)).join(', '),
        cpu: `${percent(cpu.median)} (${ms} ms)`,
      };
    };
    const b = cell('base');
    const n = cell('next');
    const bytes = (route as Record<string, unknown>).nextBytes as number;
    out(
      `| ${route.path.replace(other, ':id')} | ${kilobytes(bytes)} | ${b.rps} | ${b.m} | ${b.cpu} | ${n.rps} | ${n.m} | ${n.cpu} | ${b.each} | ${n.each} |`,
    );
  }
  out(`\nload average at the end ${load()}`);
} finally {
  for (const side of ['base', 'next'] as const) await apps[side]?.stop();
  rmSync(work, { recursive: true, force: true });
}
process.exit(0);
