import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.ts';
import { selectInNetwork, updateInNetwork } from '../../db/query-network.ts';

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
  return selectInNetwork(db, 'complaints', networkId, { id })
    .select(['id', 'site_id', 'category', 'text', 'profile_id', 'email', 'status'])
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
  const result = await updateInNetwork(db, 'complaints', networkId, { id, status: 'open' })
    .set({ status: 'closed', handled_at: now })
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}
