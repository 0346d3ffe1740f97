import { SqliteAdapter, type Kysely, type Transaction } from 'kysely';
import type { Database } from './database.ts';

/*
 * Group commit for SQLite's busiest small transactions (a chat send). A commit writes every
 * page the transaction changed to the WAL, and a send changes about sixteen (the message, the
 * ledger entry, the events, their indexes, the balance, the conversation): the commit was the
 * largest single cost of a send. SQLite has one writer, so concurrent transactions run one after
 * another anyway; here the ones that arrive in the same turn of the event loop run in one
 * transaction and share one commit, and the pages they share (the tables' and indexes' last
 * leaves) are written once.
 *
 * Each work keeps what a transaction of its own gave it:
 * - a refusal costs the others nothing: a work that refuses before its first write answers
 *   `refuse(error)` instead of throwing; it is answered with that error and the group goes on in
 *   the same transaction. So one member's stream of refused sends neither rolls back nor runs
 *   again anyone else's. (A work checks what may refuse it first, and lets a write that refuses,
 *   such as an update that matches no row, be its first.)
 * - all or nothing: when a work throws, the whole transaction is rolled back, that work is
 *   answered with its error, and the others run again in a new transaction. A work must
 *   therefore change nothing outside the transaction (it may run more than once; only its last
 *   run is kept). Savepoints would spare the reruns, but SQLite copies every page a savepoint
 *   changes to a sub-journal, which a send's pages overflow into a temporary file: measured,
 *   that took back most of what the shared commit saves. A throw after a write is rare.
 * - durable before answered: a work's promise settles only after the commit that holds it. If
 *   the transaction fails otherwise (its begin or its commit), every work in it fails with that
 *   error.
 * - serial: the works run one at a time on the one connection, each seeing the writes of those
 *   before it, as when each committed alone.
 *
 * PostgreSQL commits concurrent transactions in parallel on its own connections, and grouping
 * would only serialise them: there a work runs in a transaction of its own as before. Given a
 * transaction, a work runs in it.
 */

/** A work's answer that it refuses, having changed nothing: see `refuse`. */
export class Refusal {
  readonly error: unknown;
  constructor(error: unknown) {
    this.error = error;
  }
}

/**
 * What a work answers instead of throwing `error` when it refuses before it has changed a row:
 * its caller gets `error`, and the works grouped with it are not rolled back or run again.
 */
export function refuse(error: unknown): Refusal {
  return new Refusal(error);
}

type Work<T> = (trx: Transaction<Database>) => Promise<T | Refusal>;

/** The work's answer, or its refusal thrown (outside a group nothing else shares the transaction). */
function unwrapped<T>(work: Work<T>): (trx: Transaction<Database>) => Promise<T> {
  return async (trx) => {
    const value = await work(trx);
    if (value instanceof Refusal) throw value.error;
    return value;
  };
}

interface Waiting {
  work: Work<unknown>;
  /** A single statement (`groupedWrite`): run with no transaction when alone in its group. */
  alone?: (db: Kysely<Database>) => Promise<unknown>;
  resolve(value: unknown): void;
  reject(error: unknown): void;
}

/**
 * The most works one transaction takes: the connection is the app's only one, and every other
 * query waits while a group runs (a send's part takes a fraction of a millisecond). More works
 * in one turn make further groups, each behind the queries that asked before it.
 */
export const GROUP_LIMIT = 32;

/** The works waiting for the next group, per database. */
const waiting = new WeakMap<Kysely<Database>, Waiting[]>();

/** Thrown inside the transaction to roll it back when one of its works failed. */
class WorkFailed {
  readonly item: Waiting;
  readonly error: unknown;
  constructor(item: Waiting, error: unknown) {
    this.item = item;
    this.error = error;
  }
}

/**
 * Runs `work` in a transaction, shared on SQLite with the other works that arrive in the same
 * turn of the event loop (see the file comment); settles after the commit. `work` may run more
 * than once and must change nothing outside the transaction.
 */
export function inGroupedTransaction<T>(db: Kysely<Database>, work: Work<T>): Promise<T> {
  if (db.isTransaction) return unwrapped(work)(db as Transaction<Database>);
  if (!runsTransactionsAlone(db)) return db.transaction().execute(unwrapped(work));
  return joinGroup(db, work);
}

function joinGroup<T>(
  db: Kysely<Database>,
  work: Work<T>,
  alone?: (db: Kysely<Database>) => Promise<T>,
): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    let group = waiting.get(db);
    if (!group || group.length >= GROUP_LIMIT) {
      const started: Waiting[] = [];
      group = started;
      waiting.set(db, started);
      // The check phase follows the poll phase: the requests read in this turn join the group.
      setImmediate(() => {
        if (waiting.get(db) === started) waiting.delete(db);
        void runGroup(db, started);
      });
    }
    group.push({ work: work as Work<unknown>, alone, resolve: resolve as (value: unknown) => void, reject });
  });
}

/**
 * One write that needs no transaction of its own (a counter's upsert, an outbox row): on SQLite
 * it joins the turn's group and shares its commit, which is most of such a write's cost there (a
 * commit of its own writes each page it changed to the WAL, every time); elsewhere, or inside a
 * transaction, it runs as it is. Like any grouped work it may run more than once, and it
 * settles after the commit that holds it.
 */
export function groupedWrite<T>(
  db: Kysely<Database>,
  write: (db: Kysely<Database>) => Promise<T>,
): Promise<T> {
  if (db.isTransaction || !runsTransactionsAlone(db)) return write(db);
  return joinGroup(db, write, write);
}

/**
 * Whether a transaction on `db` runs alone: SQLite's one connection takes one transaction at a
 * time, and every other query of the process waits for it. A row held there to keep other
 * writers out (PostgreSQL's `for update`) holds nothing back that could not already run.
 */
export function runsTransactionsAlone(db: Kysely<Database>): boolean {
  return db.getExecutor().adapter instanceof SqliteAdapter;
}

async function runGroup(db: Kysely<Database>, group: Waiting[]): Promise<void> {
  let rest = group;
  while (rest.length > 0)
    rest =
      rest.length === 1 && rest[0]!.alone ? await runAlone(db, rest[0]!) : await runTransaction(db, rest);
}

/** A single statement with nothing to share a commit with: as it would run outside a group. */
async function runAlone(db: Kysely<Database>, item: Waiting): Promise<Waiting[]> {
  try {
    item.resolve(await item.alone!(db));
  } catch (error) {
    item.reject(error);
  }
  return [];
}

/** Runs `group` in one transaction; answers the works to run again after one of them failed. */
async function runTransaction(db: Kysely<Database>, group: Waiting[]): Promise<Waiting[]> {
  const done: Array<{ item: Waiting; value: unknown }> = [];
  // Works that refused having changed nothing: answered whatever becomes of the transaction.
  const refused: Array<{ item: Waiting; error: unknown }> = [];
  try {
    await db.transaction().execute(async (trx) => {
      for (const item of group) {
        let value: unknown;
        try {
          value = await item.work(trx);
        } catch (error) {
          throw new WorkFailed(item, error);
        }
        if (value instanceof Refusal) refused.push({ item, error: value.error });
        else done.push({ item, value });
      }
    });
  } catch (error) {
    for (const { item, error: refusal } of refused) item.reject(refusal);
    const answered = new Set(refused.map(({ item }) => item));
    if (error instanceof WorkFailed) {
      error.item.reject(error.error);
      return group.filter((item) => item !== error.item && !answered.has(item));
    }
    for (const item of group) if (!answered.has(item)) item.reject(error);
    return [];
  }
  for (const { item, error } of refused) item.reject(error);
  for (const { item, value } of done) item.resolve(value);
  return [];
}
