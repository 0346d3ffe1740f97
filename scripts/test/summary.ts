/**
 * How `./dev test` counts: a static check is one test; vitest and Playwright count their own
 * tests, read from their JSON reports. Kept apart from the runner so the counting is tested.
 */

export interface Result {
  name: string;
  passed: number;
  failed: number;
  skipped: number;
  ms: number;
  note: string;
}

/** The fields of vitest's JSON report that the count needs. */
export interface VitestReport {
  numPassedTests: number;
  numFailedTests: number;
  numPendingTests: number;
  numTodoTests: number;
  numFailedTestSuites: number;
  /** Per file: its tests, and a message when the file itself failed to load. */
  testResults?: {
    name: string;
    status: string;
    message?: string;
    assertionResults?: { fullName: string; status: string; failureMessages?: string[] }[];
  }[];
}

/** The fields of Playwright's JSON report that the count needs. */
export interface PlaywrightReport {
  stats: { expected: number; unexpected: number; flaky: number; skipped: number };
  errors: unknown[];
  suites?: PlaywrightSuite[];
}

interface PlaywrightSuite {
  title: string;
  file?: string;
  specs?: {
    title: string;
    line?: number;
    tests: { status: string; results: { status: string; error?: { message?: string } }[] }[];
  }[];
  suites?: PlaywrightSuite[];
}

/** A test that failed, named so it can be found, with the start of its error. */
export interface Failure {
  name: string;
  error: string;
}

type Counts = Omit<Result, 'name' | 'ms'>;

export function countCheck(exitCode: number): Counts {
  return exitCode === 0
    ? { passed: 1, failed: 0, skipped: 0, note: '' }
    : { passed: 0, failed: 1, skipped: 0, note: `exit ${exitCode}` };
}

export function countVitest(report: VitestReport | undefined, exitCode: number): Counts {
  if (!report) return { passed: 0, failed: 1, skipped: 0, note: `no report (exit ${exitCode})` };
  // A file that fails to load fails no test by name, but it failed.
  const failed = report.numFailedTests || (exitCode !== 0 ? Math.max(1, report.numFailedTestSuites) : 0);
  return {
    passed: report.numPassedTests,
    failed,
    skipped: report.numPendingTests + report.numTodoTests,
    note: report.numFailedTests === 0 && failed > 0 ? `${failed} file(s) failed to run` : '',
  };
}

export function countPlaywright(report: PlaywrightReport | undefined, exitCode: number): Counts {
  if (!report) return { passed: 0, failed: 1, skipped: 0, note: `no report (exit ${exitCode})` };
  const { expected, unexpected, flaky, skipped } = report.stats;
  // A global setup that fails (no server) fails no single test, but the run failed.
  const failed = unexpected || (exitCode !== 0 ? 1 : 0);
  const notes = [
    flaky ? `${flaky} flaky` : '',
    unexpected === 0 && failed ? `run failed (${report.errors.length} error(s))` : '',
  ];
  return { passed: expected + flaky, failed, skipped, note: notes.filter(Boolean).join(', ') };
}

/** The first lines of an error, without colour codes, for the list at the end of the run. */
function firstLines(message: string | undefined, lines = 3): string {
  const plain = (message ?? '').replace(/\x1b\[[0-9;]*m/g, '');
  return plain
    .split('\n')
    .map((line) => line.trimEnd())
    .filter(Boolean)
    .slice(0, lines)
    .join('\n');
}

/** The failed tests of a vitest report, and files that failed to load. */
export function vitestFailures(report: VitestReport | undefined, root = ''): Failure[] {
  const failures: Failure[] = [];
  for (const file of report?.testResults ?? []) {
    const path = root && file.name.startsWith(root) ? file.name.slice(root.length + 1) : file.name;
    const failed = (file.assertionResults ?? []).filter((t) => t.status === 'failed');
    for (const test of failed) {
      failures.push({ name: `${path} › ${test.fullName}`, error: firstLines(test.failureMessages?.[0]) });
    }
    if (!failed.length && file.status === 'failed') {
      failures.push({ name: path, error: firstLines(file.message) });
    }
  }
  return failures;
}

/** The tests of a Playwright report that failed (after their retries), and its run errors. */
export function playwrightFailures(report: PlaywrightReport | undefined): Failure[] {
  const failures: Failure[] = [];
  // A file's suite holds its tests and its describe blocks, which hold theirs.
  const walk = (suite: PlaywrightSuite, titles: string[], file: string) => {
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests) {
        if (test.status !== 'unexpected') continue;
        failures.push({
          name: [`${file}${spec.line ? `:${spec.line}` : ''}`, ...titles, spec.title].join(' › '),
          error: firstLines(test.results.at(-1)?.error?.message),
        });
      }
    }
    for (const child of suite.suites ?? []) walk(child, [...titles, child.title], file);
  };
  for (const suite of report?.suites ?? []) walk(suite, [], suite.file ?? suite.title);
  for (const error of report?.errors ?? []) {
    const message = (error as { message?: string } | null)?.message;
    failures.push({ name: 'run', error: firstLines(message ?? String(error)) });
  }
  return failures;
}

export function totals(results: Result[]): { passed: number; failed: number; skipped: number } {
  return results.reduce(
    (sum, r) => ({
      passed: sum.passed + r.passed,
      failed: sum.failed + r.failed,
      skipped: sum.skipped + r.skipped,
    }),
    { passed: 0, failed: 0, skipped: 0 },
  );
}

function seconds(ms: number): string {
  return `${(ms / 1000).toFixed(1)}s`;
}

function row(
  cells: [string, string, number | string, number | string, number | string, string, string],
): string {
  const [name, result, passed, failed, skipped, time, note] = cells;
  return `${name.padEnd(12)} ${result.padEnd(7)} ${String(passed).padStart(7)} ${String(failed).padStart(7)} ${String(skipped).padStart(8)} ${time.padStart(8)}  ${note}`.trimEnd();
}

/** The table printed at the end: a row a suite, then the totals. */
export function table(results: Result[], totalMs: number): string[] {
  const sum = totals(results);
  return [
    row(['suite', 'result', 'passed', 'failed', 'skipped', 'time', 'note']),
    ...results.map((r) =>
      row([r.name, r.failed ? 'FAILED' : 'ok', r.passed, r.failed, r.skipped, seconds(r.ms), r.note]),
    ),
    row(['total', '', sum.passed, sum.failed, sum.skipped, seconds(totalMs), '']),
  ];
}

/** The very last line of the run, read by people and CI alike: keep its form. */
export function lastLine(results: Result[]): string {
  const { passed, failed, skipped } = totals(results);
  return `${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`;
}

export { seconds };
