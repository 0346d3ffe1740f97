import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.ts';
import { systemClock, type Clock } from '../../lib/clock.ts';
import type { Site } from '../../tenancy/site.ts';
import type { SmsSender } from '../adapters/sms.ts';
import type { Mailer } from '../adapters/mailer.ts';
import type { Env } from '../env.ts';
import type { PushGateway } from '../adapters/push.ts';
import type { PaymentProvider } from '../payments/index.ts';
import type { Logger } from '../log.ts';
import type { RateLimiter } from '../rate-limit/index.ts';
import type { RealtimeBus } from '../realtime/index.ts';
import type { FileStorage } from '../storage/index.ts';
import { sitesByNetwork } from '../context.ts';
import { acquireLease, finishLease, releaseLease, renewLease } from './job-lease.repository.ts';
import { yieldBetweenStatements } from './yield-between-statements.ts';

/*
 * Periodic jobs. Features register theirs (src/app/jobs.list.ts collects them); the
 * runner runs each under a lease in the database, so however many processes share the database,
 * one of them runs a job at a time and a job runs about once per interval.
 */

/** What a job receives: no request and no site, the whole database and the adapters. */
export interface JobContext {
  db: Kysely<Database>;
  /** The platform's clock (moved by tests): what the job's rules read. */
  clock: Clock;
  log: Logger;
  /** The sites served now (read at every run: a reloaded tenant file counts from then on). */
  sites(): Iterable<Site>;
  storage: FileStorage;
  realtime: RealtimeBus;
  rateLimiter: RateLimiter;
  mailer: Mailer;
  sms: SmsSender;
  /** Where members pay: jobs that settle or refund orders ask it. */
  payments: PaymentProvider;
  /** Web push: jobs that send again what failed. */
  push: PushGateway;
  /** DATA_DIR: files a feature keeps beside the database (the landers' generated media). */
  dataDir: string;
  /** The configuration (public scheme and port for links, the notification e-mails' timing). */
  env: Env;
  /** The app secret, from which per-site keys and signed links are derived. */
  secret: Buffer;
  /** Aborted when this process lost the job's lease mid-run: stop at the next safe point. */
  signal: AbortSignal;
}

export interface Job {
  /** Unique, stable: the lease's key (`<feature>.<job>`). */
  name: string;
  run(ctx: JobContext): Promise<void>;
}

export interface JobRunnerOptions {
  /** How often each job is due. */
  intervalMs: number;
  /**
   * How long a lease holds while a job runs, renewed every third of it. A process that dies
   * mid-run keeps the job from the others this long at most.
   */
  leaseMs?: number;
  /**
   * The clock of the leases: the wall clock, not the platform's (a test moving the platform's
   * clock must not make another process's lease look expired, nor a lease last for days).
   */
  leaseClock?: Clock;
  /** This process's name on its leases; random by default. */
  holder?: string;
  /**
   * PostgreSQL's row-level security (migration 0039): the database as one network sees it. With
   * it, a job runs once per network of the served sites, each run with `db` bound to that
   * network and `sites()` giving that network's sites only, so no run reads two networks' rows
   * and a job needs no code of its own for it. Without it (SQLite), once over everything.
   */
  dbFor?: ((network: string) => Kysely<Database>) | undefined;
}

export interface JobRunner {
  /** Runs the jobs now and then every interval; the timer does not keep the process alive. */
  start(): void;
  /** Runs every due job whose lease this process gets, once; resolves when they have ended. */
  tick(): Promise<void>;
  /**
   * Stops the timer, starts no run from then on and waits for the runs in progress. With
   * `timeoutMs`, a run still going after it is told to stop (its signal) and its lease is let
   * go, so another process takes the job at once instead of when the lease expires.
   */
  stop(timeoutMs?: number): Promise<void>;
}

/** How far ahead a running job's lease reaches, renewed while it runs (longer intervals: the interval). */
export const DEFAULT_LEASE_MS = 60_000;
/** A run longer than this (or than the interval) is logged as a long one. */
const LONG_RUN_MS = 10_000;

function assertUniqueNames(jobs: readonly Job[]): void {
  const names = new Set<string>();
  for (const job of jobs) {
    if (names.has(job.name)) throw new Error(`two jobs are named ${job.name}`);
    names.add(job.name);
  }
}

let registered: readonly Job[] = [];

/** The composition root (src/app/) names every feature's jobs once, before the server starts. */
export function registerJobs(jobs: readonly Job[]): void {
  assertUniqueNames(jobs);
  registered = jobs;
}

/** The jobs registered so far: the platform's runner reads them at every run. */
export function registeredJobs(): readonly Job[] {
  return registered;
}

/** Runs `jobs` (or the list it gives at each run) under a database lease each. */
export function createJobRunner(
  ctx: Omit<JobContext, 'signal'>,
  jobList: readonly Job[] | (() => readonly Job[]),
  options: JobRunnerOptions,
): JobRunner {
  if (typeof jobList !== 'function') assertUniqueNames(jobList);
  const jobsNow = typeof jobList === 'function' ? jobList : () => jobList;
  const holder = options.holder ?? `${process.pid}-${randomBytes(6).toString('hex')}`;
  const leaseMs = options.leaseMs ?? Math.max(DEFAULT_LEASE_MS, options.intervalMs);
  const clock = options.leaseClock ?? systemClock;

  /** The runs holding a lease now, by job: what stop() lets go of when they overrun it. */
  const held = new Map<string, AbortController>();
  let stopped = false;

  async function runJob(job: Job): Promise<void> {
    const started = clock.now();
    if (!(await acquireLease(ctx.db, job.name, holder, started, started + leaseMs))) return;
    const lost = new AbortController();
    held.set(job.name, lost);
    const renew = setInterval(
      () => {
        renewLease(ctx.db, job.name, holder, clock.now() + leaseMs)
          .then((still) => {
            if (!still && !lost.signal.aborted) {
              ctx.log.warn('job: lease lost while running', { job: job.name });
              lost.abort();
            }
          })
          .catch(() => {});
      },
      Math.max(1, Math.floor(leaseMs / 3)),
    );
    renew.unref();
    try {
      await runPerNetwork(job, lost.signal);
    } catch (error) {
      ctx.log.error('job failed; it runs again at the next interval', {
        job: job.name,
        error: (error as Error).message,
      });
    } finally {
      clearInterval(renew);
      held.delete(job.name);
      // A run that outlasts its interval (or ten seconds) is worth an operator's look: the next
      // run of the job waited for it.
      const tookMs = clock.now() - started;
      if (tookMs > Math.max(options.intervalMs, LONG_RUN_MS)) {
        ctx.log.warn('job: a long run ended', { job: job.name, ms: tookMs });
      }
      // Let go by stop(): the lease is another process's to take now, not this run's to record.
      // Else held until the next run is due, so no other process runs it again before then; a
      // tenth early, so that a timer firing a moment before the hour does not skip an interval.
      if (!(stopped && lost.signal.aborted)) {
        const due = started + Math.floor(options.intervalMs * 0.9);
        await finishLease(ctx.db, job.name, holder, started, due).catch((error: Error) =>
          ctx.log.warn('job: could not record the run', { job: job.name, error: error.message }),
        );
      }
    }
  }

  async function runPerNetwork(job: Job, signal: AbortSignal): Promise<void> {
    const dbFor = options.dbFor;
    // Requests are answered between a job's statements, however long the job runs.
    const yielding = (db: Kysely<Database>) => db.withPlugin(yieldBetweenStatements);
    if (!dbFor) {
      await job.run({ ...ctx, db: yielding(ctx.db), signal });
      return;
    }
    let failed: unknown;
    for (const [network, sites] of sitesByNetwork(ctx.sites())) {
      if (signal.aborted) break;
      try {
        await job.run({ ...ctx, db: yielding(dbFor(network)), sites: () => sites, signal });
      } catch (error) {
        // One network's failure must not keep the job from the others; reported once they ran.
        ctx.log.warn('job: a network failed', { job: job.name, network, error: (error as Error).message });
        failed ??= error;
      }
    }
    if (failed !== undefined) throw failed;
  }

  // Each job on its own: one that fails or hangs must not keep the others from running.
  const running = new Map<string, Promise<void>>();
  async function tick(): Promise<void> {
    if (stopped) return;
    await Promise.all(
      jobsNow().map((job) => {
        let run = running.get(job.name);
        if (!run) {
          run = runJob(job)
            .catch((error: Error) =>
              ctx.log.error('job: lease unavailable', { job: job.name, error: error.message }),
            )
            .finally(() => running.delete(job.name));
          running.set(job.name, run);
        }
        return run;
      }),
    );
  }

  let timer: ReturnType<typeof setInterval> | undefined;
  let stopping: Promise<void> | undefined;
  return {
    start() {
      if (timer) return;
      void tick();
      timer = setInterval(() => void tick(), options.intervalMs);
      timer.unref();
    },
    tick,
    // Once: a later call (the platform's close after a shutdown's) waits for the first stop.
    stop(timeoutMs) {
      stopping ??= stopRuns(timeoutMs);
      return stopping;
    },
  };

  async function stopRuns(timeoutMs: number | undefined): Promise<void> {
    stopped = true;
    if (timer) clearInterval(timer);
    timer = undefined;
    const all = Promise.all(running.values());
    if (timeoutMs === undefined) {
      await all;
      return;
    }
    let timeout: ReturnType<typeof setTimeout> | undefined;
    const overran = await Promise.race([
      all.then(() => false),
      new Promise<boolean>((resolve) => (timeout = setTimeout(() => resolve(true), timeoutMs))),
    ]);
    clearTimeout(timeout);
    if (!overran) return;
    await Promise.all(
      [...held].map(async ([name, run]) => {
        run.abort();
        await releaseLease(ctx.db, name, holder)
          .then(() => ctx.log.warn('job: still running at shutdown; its lease is let go', { job: name }))
          .catch((error: Error) =>
            ctx.log.warn('job: could not let go of the lease', { job: name, error: error.message }),
          );
      }),
    );
  }
}
