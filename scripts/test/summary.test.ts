import { describe, expect, it } from 'vitest';
import {
  countCheck,
  countPlaywright,
  countVitest,
  lastLine,
  playwrightFailures,
  table,
  vitestFailures,
  type Result,
} from './summary.ts';

const vitest = (over: Partial<Parameters<typeof countVitest>[0] & object> = {}) => ({
  numPassedTests: 10,
  numFailedTests: 0,
  numPendingTests: 0,
  numTodoTests: 0,
  numFailedTestSuites: 0,
  ...over,
});

const playwright = (
  stats: Partial<{ expected: number; unexpected: number; flaky: number; skipped: number }>,
  errors: unknown[] = [],
) => ({
  stats: { expected: 0, unexpected: 0, flaky: 0, skipped: 0, ...stats },
  errors,
});

const result = (name: string, passed: number, failed: number, skipped = 0): Result => ({
  name,
  passed,
  failed,
  skipped,
  ms: 1000,
  note: '',
});

describe('counting', () => {
  it('counts a static check as one test', () => {
    expect(countCheck(0)).toMatchObject({ passed: 1, failed: 0 });
    expect(countCheck(2)).toMatchObject({ passed: 0, failed: 1, note: 'exit 2' });
  });

  it('takes vitest its own counts', () => {
    expect(
      countVitest(vitest({ numPassedTests: 7, numFailedTests: 2, numPendingTests: 1, numTodoTests: 1 }), 1),
    ).toMatchObject({
      passed: 7,
      failed: 2,
      skipped: 2,
    });
  });

  it('fails a vitest run whose file did not load, though no test failed by name', () => {
    expect(countVitest(vitest({ numFailedTestSuites: 1 }), 1)).toMatchObject({ passed: 10, failed: 1 });
    expect(countVitest(vitest(), 1).failed).toBe(1);
  });

  it('fails a suite that wrote no report', () => {
    expect(countVitest(undefined, 1)).toMatchObject({ failed: 1, note: 'no report (exit 1)' });
    expect(countPlaywright(undefined, 0)).toMatchObject({ failed: 1 });
  });

  it('counts flaky Playwright tests as passed, and says so', () => {
    expect(countPlaywright(playwright({ expected: 5, flaky: 1, skipped: 2 }), 0)).toEqual({
      passed: 6,
      failed: 0,
      skipped: 2,
      note: '1 flaky',
    });
  });

  it('fails a Playwright run whose global setup failed', () => {
    expect(countPlaywright(playwright({}, [{ message: 'no server' }]), 1)).toMatchObject({
      passed: 0,
      failed: 1,
    });
  });
});

describe('the summary', () => {
  it('ends with N passed, N failed', () => {
    expect(lastLine([result('lint', 1, 0), result('unit', 40, 2)])).toBe('41 passed, 2 failed');
  });

  it('names skipped tests only when there are any', () => {
    expect(lastLine([result('unit', 3, 0, 4)])).toBe('3 passed, 0 failed, 4 skipped');
    expect(lastLine([])).toBe('0 passed, 0 failed');
  });

  it('prints a row a suite and the totals', () => {
    const lines = table([result('lint', 1, 0), result('e2e', 3, 1)], 12_345);
    expect(lines).toHaveLength(4);
    expect(lines[1]).toMatch(/^lint\s+ok\s+1\s+0\s+0\s+1\.0s$/);
    expect(lines[2]).toMatch(/^e2e\s+FAILED\s+3\s+1\s+0\s+1\.0s$/);
    expect(lines[3]).toMatch(/^total\s+4\s+1\s+0\s+12\.3s$/);
  });
});

describe('the failed tests, named again at the end', () => {
  it('names each failed vitest test by file and title, with the start of its error, and a file that did not load', () => {
    const failures = vitestFailures(
      vitest({
        testResults: [
          {
            name: '/repo/tests/integration/a.test.ts',
            status: 'failed',
            assertionResults: [
              { fullName: 'likes counts one', status: 'passed' },
              {
                fullName: 'likes refuses a block',
                status: 'failed',
                failureMessages: [
                  '\x1b[31mAssertionError: expected 200 to be 403\x1b[0m\n\n at a.test.ts:3\n at x\n at y',
                ],
              },
            ],
          },
          {
            name: '/repo/tests/integration/b.test.ts',
            status: 'failed',
            message: 'Cannot find module ./gone',
          },
          { name: '/repo/tests/integration/c.test.ts', status: 'passed', assertionResults: [] },
        ],
      }),
      '/repo',
    );
    expect(failures).toEqual([
      {
        name: 'tests/integration/a.test.ts › likes refuses a block',
        error: 'AssertionError: expected 200 to be 403\n at a.test.ts:3\n at x',
      },
      { name: 'tests/integration/b.test.ts', error: 'Cannot find module ./gone' },
    ]);
  });

  it('names each Playwright test that failed after its retries, not a flaky one, and run errors', () => {
    const test = (status: string, message?: string) => ({
      status,
      results: [{ status: 'failed', error: message ? { message } : undefined }],
    });
    const failures = playwrightFailures({
      ...playwright({ expected: 1, unexpected: 1, flaky: 1 }, [{ message: 'global setup: no server' }]),
      suites: [
        {
          title: 'chat.spec.ts',
          file: 'chat.spec.ts',
          specs: [{ title: 'sends', line: 4, tests: [test('expected')] }],
          suites: [
            {
              title: 'a gift',
              file: 'chat.spec.ts',
              specs: [
                {
                  title: 'costs its credits',
                  line: 9,
                  tests: [test('unexpected', 'Error: timed out\nmore')],
                },
                { title: 'shows', line: 12, tests: [test('flaky', 'Error: once')] },
              ],
            },
          ],
        },
      ],
    });
    expect(failures).toEqual([
      { name: 'chat.spec.ts:9 › a gift › costs its credits', error: 'Error: timed out\nmore' },
      { name: 'run', error: 'global setup: no server' },
    ]);
  });
});
