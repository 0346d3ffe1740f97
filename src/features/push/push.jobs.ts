import type { Job, JobContext } from '../../server/jobs/index.ts';
import { sendPush, type PushDeps } from './push.outbox.ts';
import { vapidSubject } from './push.sender.ts';
import { deleteOldPushes, duePushes } from './push.repository.ts';

/** A push still `pending` or `sending` this long after it was written lost its process. */
export const STALE_PUSH_MS = 2 * 60_000;
/** What became of a push is kept a week (whether an event reached the member), then it goes. */
export const PUSH_RETENTION_MS = 7 * 24 * 3600_000;
/** At most this many pushes a run: the next run takes the rest. */
const BATCH = 500;
/** Sent side by side: a push service's round trip is most of a send. */
const PARALLEL = 20;

/** The job's dependencies from its context: the contact of each site by its id. */
export function jobDeps(ctx: JobContext): PushDeps {
  const subjects = new Map<string, string>();
  for (const site of ctx.sites()) subjects.set(site.id, vapidSubject(site));
  const fallback = subjects.values().next().value ?? 'mailto:postmaster@localhost.invalid';
  return {
    db: ctx.db,
    push: ctx.push,
    log: ctx.log,
    clock: ctx.clock,
    subject: (siteId) => subjects.get(siteId) ?? fallback,
  };
}

/**
 * Pushes are sent by the process that wrote them, right after; this only sends again those
 * that failed (with the backoff of `retryAt`, a few times at most) and those a process left
 * behind when it stopped, and forgets old rows.
 */
export async function retryPushes(ctx: JobContext): Promise<void> {
  const deps = jobDeps(ctx);
  const now = ctx.clock.now();
  const due = await duePushes(ctx.db, now, now - STALE_PUSH_MS, BATCH);
  for (let i = 0; i < due.length && !ctx.signal.aborted; i += PARALLEL) {
    await Promise.all(
      due.slice(i, i + PARALLEL).map((id) => sendPush(deps, id, ['failed', 'pending', 'sending'])),
    );
  }
  await deleteOldPushes(ctx.db, now - PUSH_RETENTION_MS);
}

export const pushJobs: Job[] = [{ name: 'push.retry', run: retryPushes }];
