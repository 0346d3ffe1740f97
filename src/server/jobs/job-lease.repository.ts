import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/database.ts';

/*
 * The job leases (migration 0006). Taking a lease is one statement, so of two processes asking
 * at the same moment exactly one gets it, on SQLite and on PostgreSQL alike. Besides the jobs'
 * (named `<feature>.<job>`), one-off work that one process of many should do holds a lease here
 * too (`under-lease.ts`).
 */

/**
 * Takes the lease of `name` for `holder` until `until`, when nobody holds it past `now`.
 * Answers whether `holder` has it now.
 */
export async function acquireLease(
  db: Kysely<Database>,
  name: string,
  holder: string,
  now: number,
  until: number,
): Promise<boolean> {
  const row = await db
    .insertInto('job_leases')
    .values({ name, holder, expires_at: until, last_run_at: null })
    .onConflict((conflict) =>
      conflict
        .column('name')
        .doUpdateSet({ holder, expires_at: until })
        .where(sql.ref('job_leases.expires_at'), '<=', now),
    )
    .returning('holder')
    .executeTakeFirst();
  return row?.holder === holder;
}

/** An update of the lease of `name` that changes nothing once `holder` has lost it. */
function updateHeldLease(db: Kysely<Database>, name: string, holder: string) {
  return db.updateTable('job_leases').where('name', '=', name).where('holder', '=', holder);
}

/** Extends a lease still held by `holder`; answers false when it was lost meanwhile. */
export async function renewLease(
  db: Kysely<Database>,
  name: string,
  holder: string,
  until: number,
): Promise<boolean> {
  const result = await updateHeldLease(db, name, holder).set({ expires_at: until }).executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/**
 * Ends a run: the lease stays until `until` (the next run is due then, whoever takes it), and
 * the run's start is recorded.
 */
export async function finishLease(
  db: Kysely<Database>,
  name: string,
  holder: string,
  ranAt: number,
  until: number,
): Promise<void> {
  await updateHeldLease(db, name, holder).set({ expires_at: until, last_run_at: ranAt }).execute();
}

/** Lets go of a lease `holder` still holds: the next one asking gets it at once. */
export async function releaseLease(db: Kysely<Database>, name: string, holder: string): Promise<void> {
  await updateHeldLease(db, name, holder).set({ expires_at: 0 }).execute();
}
