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
import { acquireLease, finishLease, renewLease } from './job-lease.repository.ts';

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
}

export interface JobRunner {
  /** Runs the jobs now and then every interval; the timer does not keep the process alive. */
  start(): void;
  /** Runs every due job whose lease this process gets, once; resolves when they have ended. */
  tick(): Promise<void>;
  /** Stops the timer and waits for a run in progress. */
  stop(): Promise<void>;
}

const DEFAULT_LEASE_MS = 60_000;

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

  async function runJob(job: Job): Promise<void> {
    const started = clock.now();
    if (!(await acquireLease(ctx.db, job.name, holder, started, started + leaseMs))) return;
    const lost = new AbortController();
    const renew = setInterval(
      () => {
        renewLease(ctx.db, job.name, holder, clock.now() + leaseMs)
          .then((held) => {
            if (!held && !lost.signal.aborted) {
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
      await job.run({ ...ctx, signal: lost.signal });
    } catch (error) {
      ctx.log.error('job failed; it runs again at the next interval', {
        job: job.name,
        error: (error as Error).message,
      });
    } finally {
      clearInterval(renew);
      // Held until the next run is due, so no other process runs it again before then; a tenth
      // early, so that a timer firing a moment before the hour does not skip a whole interval.
      const due = started + Math.floor(options.intervalMs * 0.9);
      await finishLease(ctx.db, job.name, holder, started, due).catch((error: Error) =>
        ctx.log.warn('job: could not record the run', { job: job.name, error: error.message }),
      );
    }
  }

  // Each job on its own: one that fails or hangs must not keep the others from running.
  const running = new Map<string, Promise<void>>();
  async function tick(): Promise<void> {
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
  return {
    start() {
      if (timer) return;
      void tick();
      timer = setInterval(() => void tick(), options.intervalMs);
      timer.unref();
    },
    tick,
    async stop() {
      if (timer) clearInterval(timer);
      timer = undefined;
      await Promise.all(running.values());
    },
  };
}
