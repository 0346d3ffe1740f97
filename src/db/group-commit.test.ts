import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, SqliteDialect, sql, type Transaction } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Database } from './database.ts';
import { GROUP_LIMIT, groupedWrite, inGroupedTransaction, refuse } from './group-commit.ts';

let dir: string;
let file: string;
let db: Kysely<Database>;
/** A second connection: what it sees is what was committed. */
let outside: SQLite.Database;

beforeEach(async () => {
  dir = mkdtempSync(join(tmpdir(), 'kindred-group-commit-'));
  file = join(dir, 'db.sqlite');
  const database = new SQLite(file);
  database.pragma('journal_mode = WAL');
  database.pragma('foreign_keys = ON');
  db = new Kysely<Database>({ dialect: new SqliteDialect({ database }) });
  await sql`create table t (name text primary key)`.execute(db);
  await sql`create table child (parent text not null references t (name))`.execute(db);
  outside = new SQLite(file, { readonly: true });
});

afterEach(async () => {
  outside.close();
  await db.destroy();
  rmSync(dir, { recursive: true, force: true });
});

const committed = () =>
  (outside.prepare('select name from t order by name').all() as Array<{ name: string }>).map((r) => r.name);

const insert = (trx: Transaction<Database>, name: string) =>
  sql`insert into t (name) values (${name})`.execute(trx);

describe('group commit', () => {
  it('runs the works of one turn in one transaction, one after another, and settles after its commit', async () => {
    const seen: Array<Transaction<Database>> = [];
    const countedBefore: number[] = [];
    const settledWith: string[][] = [];
    const work = (name: string) => async (trx: Transaction<Database>) => {
      seen.push(trx);
      const { rows } = await sql<{ n: number }>`select count(*) as n from t`.execute(trx);
      countedBefore.push(rows[0]!.n);
      await insert(trx, name);
      return name;
    };
    const answers = await Promise.all(
      ['a', 'b', 'c'].map((name) =>
        inGroupedTransaction(db, work(name)).then((answer) => {
          // Committed by the time the caller hears of it: another connection sees it.
          settledWith.push(committed());
          return answer;
        }),
      ),
    );
    expect(answers).toEqual(['a', 'b', 'c']);
    expect(new Set(seen).size).toBe(1);
    expect(countedBefore).toEqual([0, 1, 2]);
    for (const names of settledWith) expect(names).toEqual(['a', 'b', 'c']);
  });

  it('takes at most GROUP_LIMIT works into one transaction: more make a further group', async () => {
    const seen: Array<Transaction<Database>> = [];
    const order: string[] = [];
    const works = Array.from({ length: GROUP_LIMIT + 3 }, (_, i) =>
      inGroupedTransaction(db, async (trx) => {
        seen.push(trx);
        order.push(`w${i}`);
        await insert(trx, `n${String(i).padStart(3, '0')}`);
      }),
    );
    await Promise.all(works);
    expect(new Set(seen.slice(0, GROUP_LIMIT)).size).toBe(1);
    expect(new Set(seen.slice(GROUP_LIMIT)).size).toBe(1);
    expect(seen[GROUP_LIMIT]).not.toBe(seen[0]);
    expect(order).toEqual(Array.from({ length: GROUP_LIMIT + 3 }, (_, i) => `w${i}`));
    expect(committed()).toHaveLength(GROUP_LIMIT + 3);
  });

  it('gives works of later turns a transaction of their own', async () => {
    const seen: Array<Transaction<Database>> = [];
    await inGroupedTransaction(db, async (trx) => void seen.push(trx));
    await inGroupedTransaction(db, async (trx) => void seen.push(trx));
    expect(new Set(seen).size).toBe(2);
  });

  it('keeps nothing of a work that fails, answers it with its error, and commits the others', async () => {
    const runs: string[] = [];
    const outcomes = await Promise.allSettled([
      inGroupedTransaction(db, async (trx) => {
        runs.push('a');
        await insert(trx, 'a');
        return 'a';
      }),
      inGroupedTransaction(db, async (trx) => {
        runs.push('b');
        await insert(trx, 'b');
        throw new Error('b refused');
      }),
      inGroupedTransaction(db, async (trx) => {
        runs.push('c');
        await insert(trx, 'c');
        return 'c';
      }),
    ]);
    expect(outcomes[0]).toEqual({ status: 'fulfilled', value: 'a' });
    expect(outcomes[1]).toMatchObject({ status: 'rejected', reason: { message: 'b refused' } });
    expect(outcomes[2]).toEqual({ status: 'fulfilled', value: 'c' });
    expect(committed()).toEqual(['a', 'c']);
    // The failure rolled the first run back: the works before it ran again, the failed one not.
    expect(runs).toEqual(['a', 'b', 'a', 'c']);
  });

  it('answers a work refused before it writes without rolling back or re-running the others', async () => {
    const runs: string[] = [];
    const seen: Array<Transaction<Database>> = [];
    const outcomes = await Promise.allSettled([
      inGroupedTransaction(db, async (trx) => {
        runs.push('a');
        seen.push(trx);
        await insert(trx, 'a');
        return 'a';
      }),
      ...['b1', 'b2', 'b3'].map((name) =>
        inGroupedTransaction(db, async (trx) => {
          runs.push(name);
          seen.push(trx);
          // Reads, then refuses: nothing of it is in the transaction.
          await sql`select count(*) from t`.execute(trx);
          return refuse(new Error(`${name} refused`));
        }),
      ),
      inGroupedTransaction(db, async (trx) => {
        runs.push('c');
        seen.push(trx);
        await insert(trx, 'c');
        return 'c';
      }),
    ]);
    expect(outcomes.map((o) => o.status)).toEqual([
      'fulfilled',
      'rejected',
      'rejected',
      'rejected',
      'fulfilled',
    ]);
    expect(outcomes[2]).toMatchObject({ reason: { message: 'b2 refused' } });
    expect(committed()).toEqual(['a', 'c']);
    expect(runs).toEqual(['a', 'b1', 'b2', 'b3', 'c']);
    expect(new Set(seen).size).toBe(1);
  });

  it('fails every work of a transaction whose commit fails, and keeps none of them', async () => {
    const outcomes = await Promise.allSettled([
      inGroupedTransaction(db, async (trx) => insert(trx, 'a')),
      inGroupedTransaction(db, async (trx) => {
        // A deferred foreign key is checked at the commit: the commit fails.
        await sql`pragma defer_foreign_keys = on`.execute(trx);
        await sql`insert into child (parent) values ('nobody')`.execute(trx);
      }),
    ]);
    expect(outcomes.map((o) => o.status)).toEqual(['rejected', 'rejected']);
    expect(outcomes[0]).toMatchObject({ reason: { message: expect.stringMatching(/FOREIGN KEY/) } });
    expect(committed()).toEqual([]);
    // The connection is usable afterwards.
    await inGroupedTransaction(db, async (trx) => insert(trx, 'z'));
    expect(committed()).toEqual(['z']);
  });

  it('throws a refusal where no group shares the transaction', async () => {
    await db.transaction().execute(async (trx) => {
      await expect(inGroupedTransaction(trx, async () => refuse(new Error('no')))).rejects.toThrow('no');
    });
  });

  it('runs a work inside the transaction it is given', async () => {
    await db.transaction().execute(async (trx) => {
      await inGroupedTransaction(trx, async (inner) => {
        expect(inner).toBe(trx);
        await insert(inner, 'a');
      });
      expect(committed()).toEqual([]);
    });
    expect(committed()).toEqual(['a']);
  });

  it('shares one commit among the single writes and the works of a turn', async () => {
    const seen: Array<Kysely<Database>> = [];
    await Promise.all([
      groupedWrite(db, async (d) => {
        seen.push(d);
        await sql`insert into t (name) values ('a')`.execute(d);
      }),
      inGroupedTransaction(db, async (trx) => {
        seen.push(trx);
        await insert(trx, 'b');
      }),
      groupedWrite(db, async (d) => {
        seen.push(d);
        await sql`insert into t (name) values ('c')`.execute(d);
      }),
    ]);
    expect(seen.every((d) => d.isTransaction)).toBe(true);
    expect(new Set(seen).size).toBe(1);
    expect(committed()).toEqual(['a', 'b', 'c']);
  });

  it('runs a single write alone in its turn as a statement of its own, with no transaction around it', async () => {
    let given: Kysely<Database> | undefined;
    const answer = await groupedWrite(db, async (d) => {
      given = d;
      await sql`insert into t (name) values ('a')`.execute(d);
      return 'done';
    });
    expect(answer).toBe('done');
    expect(given?.isTransaction).toBe(false);
    expect(committed()).toEqual(['a']);
    // Its failure is its own: answered with the error, nothing kept.
    await expect(groupedWrite(db, (d) => sql`insert into t (name) values ('a')`.execute(d))).rejects.toThrow(
      /UNIQUE/,
    );
    expect(committed()).toEqual(['a']);
  });

  it('lets a single write that fails in a group fail alone: the others commit', async () => {
    const outcomes = await Promise.allSettled([
      groupedWrite(db, (d) => sql`insert into t (name) values ('a')`.execute(d)),
      groupedWrite(db, (d) => sql`insert into child (parent) values ('nobody')`.execute(d)),
      inGroupedTransaction(db, (trx) => insert(trx, 'b')),
    ]);
    expect(outcomes.map((o) => o.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect(committed()).toEqual(['a', 'b']);
  });
});
