import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/database.ts';
import { selectInNetwork, updateInNetwork } from '../../db/query-network.ts';
import { updatedOne } from '../../db/updated-one.ts';

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
  return updatedOne(
    updateInNetwork(db, 'complaints', networkId, { id, status: 'open' }).set({
      status: 'closed',
      handled_at: now,
    }),
  );
}

/** A complaint as the moderators' queue reads it. */
export interface QueueComplaint {
  id: string;
  network_id: string;
  site_id: string;
  category: string;
  text: string;
  profile_id: string | null;
  profile_name: string | null;
  status: 'open' | 'closed';
  severity: number;
  created_at: number;
  handled_at: number | null;
}

/** The queue's severity of each category (the reports feature's order), as one SQL expression. */
function severityCase(severities: Readonly<Record<string, number>>, fallback: number) {
  const whens = Object.entries(severities).map(
    ([category, severity]) => sql`when ${category} then ${sql.lit(severity)}`,
  );
  return sql<number>`case c.category ${sql.join(whens, sql` `)} else ${sql.lit(fallback)} end`;
}

function queueComplaints(
  db: Kysely<Database>,
  severities: Readonly<Record<string, number>>,
  fallback: number,
) {
  return db
    .selectFrom('complaints as c')
    .leftJoin('profiles as p', 'p.id', 'c.profile_id')
    .select([
      'c.id',
      'c.network_id',
      'c.site_id',
      'c.category',
      'c.text',
      'c.profile_id',
      'p.name as profile_name',
      'c.status',
      severityCase(severities, fallback).as('severity'),
      'c.created_at',
      'c.handled_at',
    ]);
}

/**
 * Open complaints of the networks (`all`: every one) in the queue's order: severity, age, id,
 * after the keyset `after`. Complaints are few, so the severity is computed, not indexed.
 */
export async function openComplaintsPage(
  db: Kysely<Database>,
  query: {
    networks: readonly string[] | 'all';
    severities: Readonly<Record<string, number>>;
    fallback: number;
    after: { severity: number; at: number; id: string } | undefined;
    limit: number;
  },
): Promise<QueueComplaint[]> {
  if (query.networks !== 'all' && query.networks.length === 0) return [];
  const severity = severityCase(query.severities, query.fallback);
  let select = queueComplaints(db, query.severities, query.fallback).where('c.status', '=', 'open');
  if (query.networks !== 'all') select = select.where('c.network_id', 'in', [...query.networks]);
  const after = query.after;
  if (after)
    select = select.where(
      sql<boolean>`(${severity}, c.created_at, c.id) > (${after.severity}, ${after.at}, ${after.id})`,
    );
  const rows = await select
    .orderBy(severity)
    .orderBy('c.created_at')
    .orderBy('c.id')
    .limit(query.limit)
    .execute();
  return rows.map((r) => ({ ...r, severity: Number(r.severity) }));
}

/** One complaint of the network for the queue, or undefined. */
export async function queueComplaint(
  db: Kysely<Database>,
  network: string,
  id: string,
  severities: Readonly<Record<string, number>>,
  fallback: number,
): Promise<QueueComplaint | undefined> {
  const row = await queueComplaints(db, severities, fallback)
    .where('c.network_id', '=', network)
    .where('c.id', '=', id)
    .executeTakeFirst();
  return row && { ...row, severity: Number(row.severity) };
}

/** The network of a complaint, to check the staff member's scope before reading it. */
export async function complaintNetwork(db: Kysely<Database>, id: string): Promise<string | undefined> {
  const row = await db.selectFrom('complaints').select('network_id').where('id', '=', id).executeTakeFirst();
  return row?.network_id;
}

/** Complaints naming a profile, newest first. */
export async function complaintsAbout(
  db: Kysely<Database>,
  network: string,
  profileId: string,
  limit: number,
): Promise<
  Array<{
    id: string;
    category: string;
    status: 'open' | 'closed';
    created_at: number;
    handled_at: number | null;
  }>
> {
  return selectInNetwork(db, 'complaints', network, { profile_id: profileId })
    .select(['id', 'category', 'status', 'created_at', 'handled_at'])
    .orderBy('created_at', 'desc')
    .limit(limit)
    .execute();
}
