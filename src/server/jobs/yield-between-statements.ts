import { setImmediate as nextTurn } from 'node:timers/promises';
import type { KyselyPlugin } from 'kysely';

/**
 * Lets the event loop run after each statement a job sends through Kysely. SQLite answers at
 * once and Kysely hands each result on through promises, which run before any I/O is looked
 * at: a job going through many statements (the weekly update of every member of a large
 * network, a first rollup of many days) held the process for its whole run, and a server that
 * started with such a run due answered nothing, not even its first request, until the run ended.
 * With a turn of the event loop after every statement, waiting requests are answered between
 * the job's statements. PostgreSQL answers over a socket, so there the turn costs next to nothing.
 * (A statement compiled once and run on SQLite's connection directly, `src/db/compiled.ts`, is
 * not seen here; jobs mostly build theirs.)
 */
export const yieldBetweenStatements: KyselyPlugin = {
  transformQuery: (args) => args.node,
  async transformResult(args) {
    await nextTurn();
    return args.result;
  },
};
