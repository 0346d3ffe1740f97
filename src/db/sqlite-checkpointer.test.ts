import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import SQLite from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { startCheckpointer } from './sqlite-checkpointer.ts';

let dir: string | undefined;
afterEach(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
  dir = undefined;
});

describe('the background checkpointer', () => {
  it('copies the WAL into the database file from its own thread, and stops', async () => {
    dir = mkdtempSync(join(tmpdir(), 'kindred-checkpoint-'));
    const file = join(dir, 'db.sqlite');
    const writer = new SQLite(file);
    writer.pragma('journal_mode = WAL');
    // The writer never checkpoints by itself: whatever reaches the file is the worker's doing.
    writer.pragma('wal_autocheckpoint = 0');
    writer.exec('create table t (id integer primary key, body blob)');
    const insert = writer.prepare('insert into t (body) values (?)');
    for (let i = 0; i < 500; i++) insert.run(Buffer.alloc(2048, i % 251));
    const before = statSync(file).size;
    expect(statSync(`${file}-wal`).size).toBeGreaterThan(1_000_000);

    const errors: string[] = [];
    const checkpointer = startCheckpointer(file, (message) => errors.push(message), 20);
    const deadline = Date.now() + 5_000;
    while (statSync(file).size <= before + 1_000_000 && Date.now() < deadline)
      await new Promise((r) => setTimeout(r, 20));
    expect(statSync(file).size).toBeGreaterThan(before + 1_000_000);
    await checkpointer.stop();
    expect(errors).toEqual([]);
    // The data is whole, read through the writer's connection.
    expect(writer.prepare('select count(*) as n from t').get()).toEqual({ n: 500 });
    writer.close();
  });
});
