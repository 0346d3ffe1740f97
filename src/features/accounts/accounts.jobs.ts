import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.ts';
import type { Clock } from '../../lib/clock.ts';
import type { Job } from '../../server/jobs/index.ts';
import type { Logger } from '../../server/log.ts';
import { eraseMember, privacyRegistry } from '../../server/privacy.ts';
import { accountsDueForErasure } from './accounts.repository.ts';

/** What the erasure needs: no request, no site, the whole database. */
export interface AccountJobsContext {
  db: Kysely<Database>;
  clock: Clock;
  log: Logger;
  /** Deletes a stored file (DATA_DIR/uploads or the bucket) by its storage key. */
  removeUpload(relativePath: string): Promise<void>;
  /** Aborted when another process may have taken over the job: stop between batches. */
  signal?: AbortSignal;
}

/** Stored photo paths look like this; anything else is not ours to delete. */
const UPLOAD_PATH = /^[a-z0-9][a-z0-9-]{0,62}\/[a-z0-9]{2}\/[a-z0-9]+-(?:main|thumb|match|blur)\.webp$/;

/** Erases a batch of accounts whose 14 days have passed; answers how many. */
export async function eraseDueAccounts(ctx: AccountJobsContext, batch = 100): Promise<number> {
  const now = ctx.clock.now();
  const due = await accountsDueForErasure(ctx.db, now, batch);
  for (const member of due) {
    // Every owner of member data erases its part, in one transaction.
    const files = await eraseMember(privacyRegistry(), ctx.db, {
      network: member.network_id,
      memberId: member.id,
      now,
    });
    // After the commit: a crash in between leaves an orphan file, never a photo row without one.
    for (const file of files) {
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

/** Erases every account that is due, batch after batch, until none is left. */
export async function eraseAllDueAccounts(ctx: AccountJobsContext): Promise<void> {
  while (!ctx.signal?.aborted && (await eraseDueAccounts(ctx)) > 0) {
    // a large backlog is worked off batch by batch
  }
}

/** The accounts' periodic jobs: the erasure of deleted accounts once their 14 days have passed. */
export const accountsJobs: Job[] = [
  {
    name: 'accounts.erasure',
    run: (ctx) =>
      eraseAllDueAccounts({
        db: ctx.db,
        clock: ctx.clock,
        log: ctx.log,
        removeUpload: (file) => ctx.storage.remove(file),
        signal: ctx.signal,
      }),
  },
];
