import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDatabase, type DatabaseHandle } from '../../db/client.ts';
import { migrateToLatest } from '../../db/migrate.ts';
import { underLease } from './under-lease.ts';

/* Two handles to one SQLite file stand for two processes sharing one database. */

let dir: string;
let first: DatabaseHandle;
let second: DatabaseHandle;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'kindred-lease-'));
  const databaseUrl = `sqlite:${join(dir, 'lease.sqlite')}`;
  first = await createDatabase({ databaseUrl, dataDir: dir });
  await migrateToLatest(first.db);
  second = await createDatabase({ databaseUrl, dataDir: dir });
});

afterAll(async () => {
  await first?.destroy();
  await second?.destroy();
  rmSync(dir, { recursive: true, force: true });
});

describe('underLease', () => {
  it('lets one of two processes starting the same work do it, the other skips it', async () => {
    let runs = 0;
    let finish!: () => void;
    const slow = () =>
      new Promise<string>((resolve) => {
        runs += 1;
        finish = () => resolve('made');
      });
    const one = underLease(first.db, 'landers.video.a', 60_000, slow);
    await new Promise((r) => setTimeout(r, 20));
    const two = await underLease(second.db, 'landers.video.a', 60_000, slow);
    expect(two).toEqual({ ran: false });
    // Another name is another lease.
    expect(await underLease(second.db, 'landers.video.b', 60_000, async () => 'other')).toEqual({
      ran: true,
      value: 'other',
    });
    finish();
    expect(await one).toEqual({ ran: true, value: 'made' });
    expect(runs).toBe(1);
  });

  it('lets go of the lease when the work ends, also when it fails', async () => {
    await expect(
      underLease(first.db, 'landers.video.c', 60_000, () => Promise.reject(new Error('ffmpeg failed'))),
    ).rejects.toThrow('ffmpeg failed');
    expect(await underLease(second.db, 'landers.video.c', 60_000, async () => 1)).toEqual({
      ran: true,
      value: 1,
    });
    expect(await underLease(first.db, 'landers.video.c', 60_000, async () => 2)).toEqual({
      ran: true,
      value: 2,
    });
  });

  it('takes over a lease whose holder died, once it has run out', async () => {
    const clock = { now: () => 1_000 };
    // A holder that never ends, as a process killed mid-run.
    void underLease(first.db, 'landers.video.d', 5_000, () => new Promise<void>(() => {}), clock);
    await new Promise((r) => setTimeout(r, 20));
    expect(await underLease(second.db, 'landers.video.d', 5_000, async () => 'x', clock)).toEqual({
      ran: false,
    });
    clock.now = () => 6_000;
    expect(await underLease(second.db, 'landers.video.d', 5_000, async () => 'x', clock)).toEqual({
      ran: true,
      value: 'x',
    });
  });
});
