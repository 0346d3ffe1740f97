import { createPushGateway } from '../adapters/push.ts';
import { createTestProvider } from '../payments/test-provider.ts';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { withPostgresDatabase, type TestPostgresDatabase } from '../../../tests/support/postgres.ts';
import { createDatabase, type DatabaseHandle } from '../../db/client.ts';
import { migrateToLatest } from '../../db/migrate.ts';
import type { Clock } from '../../lib/clock.ts';
import { createMailer } from '../adapters/mailer.ts';
import { createSmsSender } from '../adapters/sms.ts';
import { parseEnv } from '../env.ts';
import { createLogger } from '../log.ts';
import { createDatabaseRateLimiter } from '../rate-limit/index.ts';
import { createMemoryBus } from '../realtime/index.ts';
import { createLocalStorage } from '../storage/index.ts';
import { createJobRunner, type Job, type JobContext, type JobRunnerOptions } from './jobs.ts';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Two processes sharing one database are two runners on two connections (two handles to the
 * same SQLite file, two pools on the same PostgreSQL database).
 */
describe.each(['sqlite', 'postgres'] as const)('jobs under a lease on %s', (dialect) => {
  let postgres: TestPostgresDatabase | undefined;
  let dir: string;
  let first: DatabaseHandle;
  let second: DatabaseHandle;
  let logged: string[];

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'kindred-jobs-'));
    if (dialect === 'postgres') postgres = await withPostgresDatabase();
    const databaseUrl = postgres?.url ?? `sqlite:${join(dir, 'jobs.sqlite')}`;
    first = await createDatabase({ databaseUrl, dataDir: dir });
    await migrateToLatest(first.db);
    second = await createDatabase({ databaseUrl, dataDir: dir });
  }, 120_000);
  afterAll(async () => {
    await first?.destroy();
    await second?.destroy();
    await postgres?.drop();
    rmSync(dir, { recursive: true, force: true });
  });
  beforeEach(async () => {
    await first.db.deleteFrom('job_leases').execute();
    logged = [];
  });

  function runner(handle: DatabaseHandle, jobs: Job[], options: Partial<JobRunnerOptions> = {}) {
    const clock: Clock = { now: () => Date.now() };
    const log = createLogger('debug', (line) => logged.push(line));
    const ctx: Omit<JobContext, 'signal'> = {
      db: handle.db,
      clock,
      log,
      sites: () => [],
      storage: createLocalStorage(join(dir, 'uploads')),
      realtime: createMemoryBus({ db: handle.db, clock, log }),
      payments: createTestProvider({ db: handle.db, clock: clock }),
      rateLimiter: createDatabaseRateLimiter(handle.db, Buffer.alloc(32, 7)),
      mailer: createMailer('', dir, clock),
      sms: createSmsSender(dir, clock),
      push: createPushGateway({ secret: Buffer.alloc(32, 7) }),
      dataDir: dir,
      env: parseEnv({ DATA_DIR: dir }),
      secret: Buffer.alloc(32, 7),
    };
    return createJobRunner(ctx, jobs, { intervalMs: 1, ...options });
  }

  it('never runs one job in two processes at once, however often both try', async () => {
    let active = 0;
    let most = 0;
    const runs: string[] = [];
    const job = (who: string): Job => ({
      name: 'unit.race',
      async run() {
        active += 1;
        most = Math.max(most, active);
        runs.push(who);
        await sleep(15);
        active -= 1;
      },
    });
    const a = runner(first, [job('a')]);
    const b = runner(second, [job('b')]);
    const rounds = 12;
    for (let round = 0; round < rounds; round++) {
      // Both processes ask in the same moment; then each asks again while the run goes on.
      const ticks = [a.tick(), b.tick()];
      await sleep(3);
      ticks.push(b.tick(), a.tick());
      await Promise.all(ticks);
      await sleep(2);
    }
    expect(most).toBe(1);
    // Every round one of them ran it (the interval is a millisecond, so a late second ask of a
    // round may run it again): the lease passes on, nobody is starved by a stale holder.
    expect(runs.length).toBeGreaterThanOrEqual(rounds);
  });

  it('runs a job once per interval across processes, whichever process asks', async () => {
    let wall = 1_000_000;
    const leaseClock = { now: () => wall };
    let runs = 0;
    const job: Job = { name: 'unit.interval', run: async () => void (runs += 1) };
    const options = { intervalMs: 60_000, leaseClock };
    const a = runner(first, [job], options);
    const b = runner(second, [job], options);
    await a.tick();
    expect(runs).toBe(1);
    wall += 1_000;
    await b.tick();
    await a.tick();
    expect(runs).toBe(1);
    wall += 60_000;
    await b.tick();
    expect(runs).toBe(2);
    const lease = await first.db.selectFrom('job_leases').selectAll().executeTakeFirstOrThrow();
    expect(Number(lease.last_run_at)).toBe(wall);
  });

  it('takes over the lease of a process that died mid-run once the lease has expired', async () => {
    let wall = 5_000_000;
    const leaseClock = { now: () => wall };
    await first.db
      .insertInto('job_leases')
      .values({ name: 'unit.orphan', holder: 'dead-process', expires_at: wall + 100, last_run_at: null })
      .execute();
    let runs = 0;
    const b = runner(second, [{ name: 'unit.orphan', run: async () => void (runs += 1) }], {
      intervalMs: 60_000,
      leaseClock,
    });
    wall += 99;
    await b.tick();
    expect(runs).toBe(0);
    wall += 1;
    await b.tick();
    expect(runs).toBe(1);
  });

  it('keeps one failing job from stopping the others, and logs it', async () => {
    let ran = false;
    const a = runner(first, [
      {
        name: 'unit.broken',
        run: async () => {
          throw new Error('disk full');
        },
      },
      { name: 'unit.fine', run: async () => void (ran = true) },
    ]);
    await a.tick();
    expect(ran).toBe(true);
    expect(logged.join('\n')).toMatch(/unit\.broken[\s\S]*disk full|disk full[\s\S]*unit\.broken/);
  });

  it('logs a run that outlasts its interval, and only such a run', async () => {
    let wall = 7_000_000;
    const leaseClock = { now: () => wall };
    const options = { intervalMs: 60_000, leaseClock };
    await runner(first, [{ name: 'unit.quick', run: async () => void (wall += 59_000) }], options).tick();
    await runner(first, [{ name: 'unit.slow', run: async () => void (wall += 61_000) }], options).tick();
    const long = logged.filter((line) => line.includes('job: a long run ended'));
    expect(long).toHaveLength(1);
    expect(long[0]).toContain('unit.slow');
  });

  it('answers waiting requests between a job’s statements, however many it sends', async () => {
    const STATEMENTS = 50;
    let sent = 0;
    const a = runner(first, [
      {
        name: 'unit.long',
        run: async (ctx) => {
          for (; sent < STATEMENTS; sent += 1) await ctx.db.selectFrom('job_leases').select('name').execute();
        },
      },
    ]);
    // A request that arrived meanwhile: its callback waits for the event loop's next turn.
    let sentWhenAnswered: number | undefined;
    setImmediate(() => (sentWhenAnswered = sent));
    await a.tick();
    expect(sent).toBe(STATEMENTS);
    expect(sentWhenAnswered).toBeLessThan(STATEMENTS);
  });

  it('waits for a run in progress when stopped', async () => {
    let finished = false;
    const a = runner(first, [
      {
        name: 'unit.slow',
        run: async () => {
          await sleep(30);
          finished = true;
        },
      },
    ]);
    a.start();
    await sleep(5);
    await a.stop();
    expect(finished).toBe(true);
  });

  it('at a stop with a timeout, keeps a run that ends in time and lets go of one that overruns', async () => {
    let aborted = false;
    let release!: () => void;
    const hanging = new Promise<void>((resolve) => (release = resolve));
    const options = { intervalMs: 60_000, leaseMs: 60_000 };
    const jobs: Job[] = [
      { name: 'unit.quick', run: () => sleep(10).then(() => {}) },
      {
        name: 'unit.hung',
        run: async ({ signal }) => {
          signal.addEventListener('abort', () => (aborted = true));
          await hanging;
        },
      },
    ];
    const a = runner(first, jobs, options);
    a.start();
    await sleep(20);
    await a.stop(50);
    expect(aborted).toBe(true);
    // Another process takes the job that overran at once; the one that ended waits its interval.
    let ran = 0;
    const b = runner(second, [{ name: 'unit.hung', run: async () => void ran++ }], options);
    await b.tick();
    expect(ran).toBe(1);
    const quick = await first.db
      .selectFrom('job_leases')
      .selectAll()
      .where('name', '=', 'unit.quick')
      .executeTakeFirstOrThrow();
    expect(Number(quick.expires_at)).toBeGreaterThan(Date.now());
    expect(quick.last_run_at).not.toBeNull();
    // No run starts after the stop, and a later stop (the platform's close) does not wait again.
    await a.tick();
    release();
    await a.stop();
    expect(logged.some((line) => line.includes('its lease is let go'))).toBe(true);
  });
});

describe('the job list', () => {
  it('refuses two jobs of one name (they would share a lease)', () => {
    const job: Job = { name: 'unit.twice', run: async () => {} };
    expect(() => createJobRunner({} as never, [job, job], { intervalMs: 1 })).toThrow(/unit\.twice/);
  });
});
