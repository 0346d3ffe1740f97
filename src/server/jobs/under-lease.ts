import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.ts';
import { systemClock, type Clock } from '../../lib/clock.ts';
import { acquireLease, releaseLease } from './job-lease.repository.ts';

export type LeasedRun<T> = { ran: true; value: T } | { ran: false };

/**
 * Runs `work` unless another process (or another call in this one) holds the lease `name`, and
 * lets go of it afterwards. For work that many processes may start at once and one should do
 * (a lander's clip encoded on the first request after a start): the others skip it, and find
 * its result once it is there. A process that dies mid-run blocks the work for `leaseMs` at most.
 */
export async function underLease<T>(
  db: Kysely<Database>,
  name: string,
  leaseMs: number,
  work: () => Promise<T>,
  // The wall clock, as the job runner's leases: a test moving the platform's clock must not
  // make another process's lease look expired.
  clock: Clock = systemClock,
): Promise<LeasedRun<T>> {
  const holder = `${process.pid}-${randomBytes(6).toString('hex')}`;
  const now = clock.now();
  if (!(await acquireLease(db, name, holder, now, now + leaseMs))) return { ran: false };
  try {
    return { ran: true, value: await work() };
  } finally {
    await releaseLease(db, name, holder);
  }
}
