/**
 * Counts the SQL statements each HTTP request runs, for the test that keeps a member request's
 * cost bounded (tests/integration/member-request-cost.test.ts) and for the benchmark. Off unless
 * `KINDRED_COUNT_SQL=1` (or `verbose`): then every answered request prints
 * `sql statements: <method> <url> <n>`.
 *
 * The count follows the request through its promises (AsyncLocalStorage), so the background
 * jobs' statements, which run outside any request, are not counted.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import type { IncomingMessage, ServerResponse } from 'node:http';

export const countingStatements = ['1', 'verbose'].includes(process.env.KINDRED_COUNT_SQL ?? '');
/** `KINDRED_COUNT_SQL=verbose` also prints each statement as it runs: what to fold, and where. */
const printingStatements = process.env.KINDRED_COUNT_SQL === 'verbose';

const current = new AsyncLocalStorage<{ statements: number }>();

/** Kysely's `log` hook: one more statement for the request being served, if any. */
export function countStatement(sql: string): void {
  const counter = current.getStore();
  if (!counter) return;
  counter.statements += 1;
  if (printingStatements) process.stdout.write(`sql: ${sql.replace(/\s+/g, ' ')}\n`);
}

/** Runs `handle` for the request, counting its statements, and prints the count when it is answered. */
export function withStatementCount(req: IncomingMessage, res: ServerResponse, handle: () => void): void {
  const counter = { statements: 0 };
  res.once('finish', () => {
    process.stdout.write(`sql statements: ${req.method} ${req.url} ${counter.statements}\n`);
  });
  current.run(counter, handle);
}

/**
 * Prints, when counting, that a request was answered before the page pipeline (a gateway of
 * server/serve.ts), so that a test can tell which path answered an identical answer.
 */
export function noteGateway(req: IncomingMessage): void {
  if (countingStatements) process.stdout.write(`gateway: ${req.method} ${req.url}\n`);
}
