import { purgeExpired, type RetentionContext } from '../retention/index.ts';
import { accountsDueForErasure, eraseAccount } from './accounts.repository.ts';

/** What the periodic jobs need: no request, no site, the whole database. */
export interface AccountJobsContext extends RetentionContext {
  /** Deletes a file of DATA_DIR/uploads (or the bucket) by its stored relative path. */
  removeUpload(relativePath: string): Promise<void>;
}

/** Stored photo paths look like this; anything else is not ours to delete. */
const UPLOAD_PATH = /^[a-z0-9][a-z0-9-]{0,62}\/[a-z0-9]{2}\/[a-z0-9]+-(?:main|thumb|match|blur)\.webp$/;

/** The variants a photo has on disk: its three stored sizes and the blurred one derived from it. */
function photoFiles(stored: string[]): string[] {
  const files = new Set(stored);
  for (const file of stored)
    if (file.endsWith('-main.webp')) files.add(file.replace(/-main\.webp$/, '-blur.webp'));
  return [...files];
}

/** Erases a batch of accounts whose 14 days have passed; answers how many. */
export async function eraseDueAccounts(ctx: AccountJobsContext, batch = 100): Promise<number> {
  const now = ctx.clock.now();
  const due = await accountsDueForErasure(ctx.db, now, batch);
  for (const member of due) {
    const files = await eraseAccount(ctx.db, member.network_id, member.id, now);
    // After the commit: a crash in between leaves an orphan file, never a photo row without one.
    for (const file of photoFiles(files)) {
      if (!UPLOAD_PATH.test(file)) {
        ctx.log.warn('erasure: skipped a photo path of unexpected form', { member: member.id });
        continue;
      }
      await ctx.removeUpload(file);
    }
    ctx.log.info('erasure: personal data of a deleted account removed', { member: member.id });
  }
  return due.length;
}

/** Each job on its own: an erasure that fails must not keep expired data from being purged. */
async function runOnce(ctx: AccountJobsContext): Promise<void> {
  try {
    while ((await eraseDueAccounts(ctx)) > 0) {
      // a large backlog is worked off batch by batch
    }
  } catch (error) {
    ctx.log.error('erasure failed; it runs again at the next interval', {
      error: (error as Error).message,
    });
  }
  try {
    await purgeExpired(ctx);
  } catch (error) {
    ctx.log.error('retention purge failed; it runs again at the next interval', {
      error: (error as Error).message,
    });
  }
}

/**
 * Runs the jobs at start and then every `intervalMs`. Runs never overlap; the timer does not
 * keep the process alive on its own.
 */
export function startAccountJobs(ctx: AccountJobsContext, intervalMs: number): { stop(): void } {
  let running: Promise<void> | undefined;
  const tick = () => {
    running ??= runOnce(ctx).finally(() => {
      running = undefined;
    });
  };
  tick();
  const timer = setInterval(tick, intervalMs);
  timer.unref();
  return {
    stop() {
      clearInterval(timer);
    },
  };
}
