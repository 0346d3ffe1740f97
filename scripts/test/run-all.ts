/**
 * `./dev test`: every check and test suite of the project, in order, each run to the end even
 * when an earlier one failed, then a table and, as the very last line, `N passed, N failed`.
 *
 *   node scripts/test/run-all.ts [--only unit,integration] [--skip e2e] [--list]
 *
 * A static check counts as one test; vitest and Playwright count their own tests (read from their
 * JSON reports). The single-threaded static checks run two at a time (`sideBySide`); the
 * server is built once, and the integration and browser suites run against that build. Exit
 * status 0 only when nothing failed.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import {
  countCheck,
  countPlaywright,
  countVitest,
  lastLine,
  playwrightFailures,
  seconds,
  table,
  totals,
  vitestFailures,
  type Failure,
  type PlaywrightReport,
  type Result,
  type VitestReport,
} from './summary.ts';

const ROOT = resolve(import.meta.dirname, '..', '..');
process.chdir(ROOT);

type Kind = 'check' | 'vitest' | 'playwright';

interface Suite {
  name: string;
  kind: Kind;
  /** What it proves, for `--list` and the header of its output. */
  title: string;
  command: string[];
  /** Files that must exist before it can run (a script someone has yet to write, a tool). */
  needs?: string[];
  /** Needs the server build (dist/) to be current. */
  usesBuild?: boolean;
  /**
   * A single-threaded check that writes nothing another suite reads: it may run beside another
   * such check, its output held back and printed whole when it ends. The suites with workers of
   * their own (unit, integration, browsers) and the build keep the machine to themselves.
   */
  sideBySide?: boolean;
  env?: Record<string, string>;
}

const bin = (tool: string) => join('node_modules', '.bin', tool);
const reportDir = mkdtempSync(join(tmpdir(), 'kindred-test-reports-'));
const report = (name: string) => join(reportDir, `${name}.json`);

/** A suite of vitest's projects (`name` and any other whose name starts with it, as `unit-isolated`). */
function vitestSuite(name: string, title: string, usesBuild = false): Suite {
  return {
    name,
    kind: 'vitest',
    title,
    command: [
      bin('vitest'),
      'run',
      '--project',
      `${name}*`,
      '--passWithNoTests',
      '--reporter=default',
      '--reporter=json',
      `--outputFile.json=${report(name)}`,
    ],
    needs: [bin('vitest'), 'vitest.config.ts'],
    usesBuild,
  };
}

const SUITES: Suite[] = [
  {
    name: 'typecheck',
    kind: 'check',
    sideBySide: true,
    title: 'astro check (.astro and .ts)',
    command: [bin('astro'), 'check'],
    needs: [bin('astro')],
  },
  {
    name: 'lint',
    kind: 'check',
    sideBySide: true,
    title: 'eslint .',
    command: [bin('eslint'), '.'],
    needs: [bin('eslint'), 'eslint.config.js'],
  },
  {
    name: 'format',
    kind: 'check',
    sideBySide: true,
    title: 'prettier --check .',
    command: [bin('prettier'), '--check', '.'],
    needs: [bin('prettier')],
  },
  {
    name: 'tenants',
    kind: 'check',
    sideBySide: true,
    title: 'tenant, niche and theme files',
    command: [process.execPath, 'scripts/tenants.ts', 'check'],
    needs: ['scripts/tenants.ts'],
  },
  {
    name: 'i18n',
    kind: 'check',
    sideBySide: true,
    title: 'message files against English',
    command: [process.execPath, 'scripts/check-i18n.ts'],
    needs: ['scripts/check-i18n.ts'],
  },
  vitestSuite('unit', 'unit tests beside the code'),
  {
    name: 'build',
    kind: 'check',
    title: 'the production server (npm run build)',
    command: ['npm', 'run', '--silent', 'build'],
    needs: ['package.json'],
  },
  vitestSuite('integration', 'HTTP conversations with the built server', true),
  {
    name: 'e2e',
    kind: 'playwright',
    title: 'Chromium against the built server',
    command: [bin('playwright'), 'test'],
    needs: [bin('playwright'), 'playwright.config.ts'],
    usesBuild: true,
    env: { KINDRED_E2E_JSON: report('e2e') },
  },
];

const { values: args } = parseArgs({
  options: {
    only: { type: 'string' },
    skip: { type: 'string' },
    list: { type: 'boolean', default: false },
    help: { type: 'boolean', short: 'h', default: false },
  },
});

if (args.help || args.list) {
  process.stdout.write('usage: ./dev test [--only a,b] [--skip c]\n\nsuites, in order:\n');
  for (const s of SUITES) process.stdout.write(`  ${s.name.padEnd(12)} ${s.title}\n`);
  process.exit(0);
}

const names = (value: string | undefined) =>
  value === undefined
    ? undefined
    : new Set(
        value
          .split(',')
          .map((n) => n.trim())
          .filter(Boolean),
      );
const only = names(args.only);
const skip = names(args.skip) ?? new Set<string>();
for (const name of [...(only ?? []), ...skip]) {
  if (!SUITES.some((s) => s.name === name)) {
    process.stderr.write(`unknown suite "${name}"; suites: ${SUITES.map((s) => s.name).join(', ')}\n`);
    process.exit(2);
  }
}
const selected = SUITES.filter((s) => (only ? only.has(s.name) : true) && !skip.has(s.name));

const tty = process.stdout.isTTY;
const buildSelected = selected.some((s) => s.name === 'build');
const bold = (s: string) => (tty ? `\x1b[1m${s}\x1b[0m` : s);
const red = (s: string) => (tty ? `\x1b[31m${s}\x1b[0m` : s);
const green = (s: string) => (tty ? `\x1b[32m${s}\x1b[0m` : s);

const running = new Set<ReturnType<typeof spawn>>();
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    for (const child of running) child.kill(signal);
    rmSync(reportDir, { recursive: true, force: true });
    process.exit(130);
  });
}

/**
 * Node keeps the code it compiled here, for every process of the run: the integration suite
 * alone starts the built server some 140 times and a test worker per file, each compiling the
 * same modules again otherwise (about a tenth of a server's start). Node checks each entry
 * against the source's hash and its own version, so a changed file is compiled anew.
 */
const COMPILE_CACHE = join('node_modules', '.cache', 'kindred-compile');

/** How many side-by-side checks run at once: CI's cores. */
const CHECKS_AT_ONCE = 2;

/**
 * Runs `suite`; with `held`, its output is kept and handed over when it ends instead of going
 * straight to the terminal (two checks at once would interleave their lines).
 */
function run(suite: Suite, held?: Buffer[]): Promise<number> {
  const [command, ...rest] = suite.command;
  return new Promise((resolvePromise) => {
    const child = spawn(command!, rest, {
      stdio: ['ignore', held ? 'pipe' : 'inherit', held ? 'pipe' : 'inherit'],
      env: { NODE_COMPILE_CACHE: resolve(COMPILE_CACHE), ...process.env, ...suite.env },
    });
    running.add(child);
    if (held) {
      // Kept as bytes: a chunk may end inside a character (the suites print ━ and ✓).
      child.stdout?.on('data', (chunk: Buffer) => held.push(chunk));
      child.stderr?.on('data', (chunk: Buffer) => held.push(chunk));
    }
    child.on('error', (error) => {
      process.stderr.write(`${suite.name}: cannot run ${command}: ${error.message}\n`);
      resolvePromise(127);
    });
    child.on('exit', (code, signal) => {
      running.delete(child);
      resolvePromise(code ?? (signal ? 128 : 1));
    });
  });
}

function readJson<T>(path: string): T | undefined {
  if (!existsSync(path)) return undefined;
  try {
    return JSON.parse(readFileSync(path, 'utf8')) as T;
  } catch {
    return undefined;
  }
}

/** Failed tests by suite, listed again just above the table: CI may keep only a run's tail. */
const failuresBySuite = new Map<string, Failure[]>();

function counted(suite: Suite, code: number, ms: number): Result {
  if (suite.kind === 'check') return { name: suite.name, ms, ...countCheck(code) };
  if (suite.kind === 'vitest') {
    const json = readJson<VitestReport>(report(suite.name));
    failuresBySuite.set(suite.name, vitestFailures(json, ROOT));
    return { name: suite.name, ms, ...countVitest(json, code) };
  }
  const json = readJson<PlaywrightReport>(report(suite.name));
  failuresBySuite.set(suite.name, playwrightFailures(json));
  return { name: suite.name, ms, ...countPlaywright(json, code) };
}

const results = new Map<string, Result>();
const started = Date.now();
let buildFailed = false;

/** Why `suite` cannot run now (a missing file or build), or undefined when it can. */
function notRunnable(suite: Suite): string | undefined {
  const missing = (suite.needs ?? []).filter((f) => !existsSync(f));
  if (missing.length) return `missing ${missing.join(', ')}`;
  if (suite.usesBuild && buildFailed) return 'not run: the build failed';
  if (suite.usesBuild && !existsSync('dist/server/entry.mjs'))
    return 'no build: run npx astro build (or include the build suite)';
  return undefined;
}

/** Runs one suite to its result; `held` keeps its output back (see `run`). */
async function runSuite(suite: Suite, held?: Buffer[]): Promise<void> {
  const heading = `\n${bold(`━━ ${suite.name}: ${suite.title}`)}\n`;
  const say = (text: string) => (held ? held.push(Buffer.from(text)) : process.stdout.write(text));
  say(heading);
  const note = notRunnable(suite);
  if (note) {
    say(red(`${suite.name}: cannot run: ${note}\n`));
    results.set(suite.name, { name: suite.name, passed: 0, failed: 1, skipped: 0, ms: 0, note });
    if (suite.name === 'build') buildFailed = true;
    return;
  }
  if (suite.usesBuild && !buildSelected) {
    const built = statSync('dist/server/entry.mjs').mtime;
    say(
      `${suite.name}: against the existing build of ${built.toLocaleString()} (the build suite is not selected)\n`,
    );
  }
  const t0 = Date.now();
  const code = await run(suite, held);
  const result = counted(suite, code, Date.now() - t0);
  if (suite.name === 'build' && result.failed) buildFailed = true;
  results.set(suite.name, result);
  const status = result.failed ? red('FAILED') : green('ok');
  say(`${bold(`━━ ${suite.name}:`)} ${status} (${seconds(result.ms)})\n`);
}

/** The side-by-side checks at the head of the list, `CHECKS_AT_ONCE` at a time, each printed whole when it ends. */
async function runChecksSideBySide(checks: Suite[]): Promise<void> {
  const waiting = [...checks];
  const worker = async () => {
    for (let suite = waiting.shift(); suite; suite = waiting.shift()) {
      const held: Buffer[] = [];
      await runSuite(suite, held);
      process.stdout.write(Buffer.concat(held));
    }
  };
  await Promise.all(Array.from({ length: CHECKS_AT_ONCE }, worker));
}

await runChecksSideBySide(selected.filter((s) => s.sideBySide));
for (const suite of selected.filter((s) => !s.sideBySide)) await runSuite(suite);

rmSync(reportDir, { recursive: true, force: true });

const LISTED = 20;
for (const [name, failures] of failuresBySuite) {
  if (!failures.length) continue;
  process.stdout.write(`\n${bold(red(`failed in ${name}:`))}\n`);
  for (const failure of failures.slice(0, LISTED)) {
    process.stdout.write(`  ✗ ${failure.name}\n`);
    if (failure.error) process.stdout.write(`${failure.error.replace(/^/gm, '      ')}\n`);
  }
  if (failures.length > LISTED) process.stdout.write(`  … and ${failures.length - LISTED} more\n`);
}

// The table in the suites' order, whichever of the side-by-side checks ended first.
const ordered = selected.map((suite) => results.get(suite.name)!);
const [header, ...rows] = table(ordered, Date.now() - started);
process.stdout.write(`\n${bold(header!)}\n`);
rows.forEach((line, i) => {
  const failed = (ordered[i]?.failed ?? 0) > 0;
  process.stdout.write(`${failed ? red(line) : line}\n`);
});
process.stdout.write(`\n${lastLine(ordered)}\n`);
process.exitCode = totals(ordered).failed ? 1 : 0;
