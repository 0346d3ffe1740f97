import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.ts';

export interface NewComplaint {
  id: string;
  siteId: string;
  reporterMemberId: string | null;
  profileId: string | null;
  category: string;
  text: string;
  email: string | null;
  createdAt: number;
}

export async function insertComplaint(
  db: Kysely<Database>,
  networkId: string,
  complaint: NewComplaint,
): Promise<void> {
  await db
    .insertInto('complaints')
    .values({
      id: complaint.id,
      network_id: networkId,
      site_id: complaint.siteId,
      reporter_member_id: complaint.reporterMemberId,
      profile_id: complaint.profileId,
      category: complaint.category,
      text: complaint.text,
      email: complaint.email,
      created_at: complaint.createdAt,
    })
    .execute();
}

/** Whether a profile of this network exists (complaints name profiles of the own network only). */
export async function profileExists(
  db: Kysely<Database>,
  networkId: string,
  profileId: string,
): Promise<boolean> {
  const row = await db
    .selectFrom('profiles')
    .select('id')
    .where('network_id', '=', networkId)
    .where('id', '=', profileId)
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * Counts one hit on a fixed-window counter and returns the window's count so far. One statement,
 * so concurrent requests cannot both read the same count.
 */
export async function countHit(db: Kysely<Database>, key: string, windowStart: number): Promise<number> {
  const row = await db
    .insertInto('rate_limit_counters')
    .values({ key, window_start: windowStart, count: 1 })
    .onConflict((conflict) =>
      conflict
        .columns(['key', 'window_start'])
        .doUpdateSet((eb) => ({ count: eb('rate_limit_counters.count', '+', 1) })),
    )
    .returning('count')
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

export interface StoredComplaint {
  id: string;
  site_id: string;
  category: string;
  text: string;
  profile_id: string | null;
  email: string | null;
  status: 'open' | 'closed';
}

/** A complaint of this network by id (for the operator's tools and tests). */
export async function findComplaint(
  db: Kysely<Database>,
  networkId: string,
  id: string,
): Promise<StoredComplaint | undefined> {
  return db
    .selectFrom('complaints')
    .select(['id', 'site_id', 'category', 'text', 'profile_id', 'email', 'status'])
    .where('network_id', '=', networkId)
    .where('id', '=', id)
    .executeTakeFirst();
}

/**
 * Closes an open complaint. The moment is kept beside the status because the privacy page's two
 * years of keeping a complaint run from when it was handled. Answers whether it was open.
 */
export async function closeComplaint(
  db: Kysely<Database>,
  networkId: string,
  id: string,
  now: number,
): Promise<boolean> {
  const result = await db
    .updateTable('complaints')
    .set({ status: 'closed', handled_at: now })
    .where('network_id', '=', networkId)
    .where('id', '=', id)
    .where('status', '=', 'open')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}
