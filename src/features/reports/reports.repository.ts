import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database, ReportStatus } from '../../db/database.ts';
import { existsInNetwork } from '../../db/query-network.ts';

type Db = Kysely<Database> | Transaction<Database>;

export interface NewReport {
  id: string;
  siteId: string;
  reporterProfileId: string;
  profileId: string;
  reason: string;
  severity: number;
  text: string | null;
  /** Space-terminated message id, or null. */
  messageIds: string | null;
  now: number;
}

/**
 * Files a report, or merges it into the reporter's open report of the same profile and reason:
 * one statement on the partial unique index, so two repeats at once still make one row. The
 * repeat's words are appended and its message added; answers the row's id and whether it was new.
 */
export async function upsertReport(
  db: Db,
  network: string,
  report: NewReport,
): Promise<{ id: string; merged: boolean }> {
  const row = await db
    .insertInto('reports')
    .values({
      id: report.id,
      network_id: network,
      site_id: report.siteId,
      reporter_profile_id: report.reporterProfileId,
      profile_id: report.profileId,
      reason: report.reason,
      severity: report.severity,
      text: report.text,
      message_ids: report.messageIds,
      created_at: report.now,
      updated_at: report.now,
    })
    .onConflict((oc) =>
      oc
        .columns(['network_id', 'reporter_profile_id', 'profile_id', 'reason'])
        // The index's own condition, written as a literal: a bound value would not match it.
        .where(sql<boolean>`status = 'open'`)
        .doUpdateSet({
          count: sql`reports.count + 1`,
          text: sql`case when excluded.text is null then reports.text when reports.text is null then excluded.text else reports.text || ${'\n\n'} || excluded.text end`,
          message_ids: sql`case when excluded.message_ids is null then reports.message_ids when reports.message_ids is null then excluded.message_ids else reports.message_ids || excluded.message_ids end`,
          updated_at: report.now,
        }),
    )
    .returning(['id'])
    .executeTakeFirstOrThrow();
  return { id: row.id, merged: row.id !== report.id };
}

export interface ReportRow {
  id: string;
  network_id: string;
  site_id: string;
  reporter_profile_id: string | null;
  profile_id: string;
  reason: string;
  severity: number;
  text: string | null;
  message_ids: string | null;
  count: number;
  status: ReportStatus;
  created_at: number;
  decided_by: string | null;
  decided_at: number | null;
  outcome: string | null;
  profile_name: string | null;
}

const REPORT_COLUMNS = [
  'r.id',
  'r.network_id',
  'r.site_id',
  'r.reporter_profile_id',
  'r.profile_id',
  'r.reason',
  'r.severity',
  'r.text',
  'r.message_ids',
  'r.count',
  'r.status',
  'r.created_at',
  'r.decided_by',
  'r.decided_at',
  'r.outcome',
  'p.name as profile_name',
] as const;

function reports(db: Db) {
  return db.selectFrom('reports as r').leftJoin('profiles as p', 'p.id', 'r.profile_id');
}

/** Where a queue page starts: after this (severity, time, id). */
export interface QueueAfter {
  severity: number;
  at: number;
  id: string;
}

/** Open reports of the networks (`all`: every one), by severity, then age, then id. */
export async function openReportsPage(
  db: Db,
  networks: readonly string[] | 'all',
  after: QueueAfter | undefined,
  limit: number,
): Promise<ReportRow[]> {
  let query = reports(db).select(REPORT_COLUMNS).where('r.status', '=', 'open');
  if (networks !== 'all') {
    if (networks.length === 0) return [];
    query = query.where('r.network_id', 'in', [...networks]);
  }
  if (after)
    query = query.where(
      sql<boolean>`(r.severity, r.created_at, r.id) > (${after.severity}, ${after.at}, ${after.id})`,
    );
  return query
    .orderBy('r.severity')
    .orderBy('r.created_at')
    .orderBy('r.id')
    .limit(limit)
    .execute() as Promise<ReportRow[]>;
}

/** One report of the network. */
export async function findReport(db: Db, network: string, id: string): Promise<ReportRow | undefined> {
  return reports(db)
    .select(REPORT_COLUMNS)
    .where('r.network_id', '=', network)
    .where('r.id', '=', id)
    .executeTakeFirst() as Promise<ReportRow | undefined>;
}

/** The network of a report, to check the staff member's scope before reading it. */
export async function reportNetwork(db: Db, id: string): Promise<string | undefined> {
  const row = await db.selectFrom('reports').select('network_id').where('id', '=', id).executeTakeFirst();
  return row?.network_id;
}

/** Every report about a profile, newest first (a moderator's history of the member). */
export async function reportsAbout(db: Db, network: string, profileId: string, limit: number) {
  return reports(db)
    .select(REPORT_COLUMNS)
    .where('r.network_id', '=', network)
    .where('r.profile_id', '=', profileId)
    .orderBy('r.created_at', 'desc')
    .limit(limit)
    .execute() as Promise<ReportRow[]>;
}

/** Whether the profile still has an open underage report (its hold then stays). */
export async function hasOpenReport(db: Db, network: string, profileId: string, reason: string) {
  return existsInNetwork(db, 'reports', network, { profile_id: profileId, reason, status: 'open' });
}

/**
 * Decides open reports of the network; answers the rows decided (those still open), so a report
 * decided twice at once is decided once.
 */
export async function decideReports(
  db: Db,
  network: string,
  ids: readonly string[],
  decision: { status: Exclude<ReportStatus, 'open'>; by: string; at: number; outcome: string | null },
): Promise<Array<{ id: string; profile_id: string; reason: string; reporter_profile_id: string | null }>> {
  if (ids.length === 0) return [];
  return db
    .updateTable('reports')
    .set({
      status: decision.status,
      decided_by: decision.by,
      decided_at: decision.at,
      outcome: decision.outcome,
    })
    .where('network_id', '=', network)
    .where('id', 'in', [...ids])
    .where('status', '=', 'open')
    .returning(['id', 'profile_id', 'reason', 'reporter_profile_id'])
    .execute();
}

/** Reports per site and reason filed in [from, to). */
export async function countReports(
  db: Db,
  filter: { network?: string | undefined; site?: string | undefined; from: number; to: number },
): Promise<Array<{ network_id: string; site_id: string; reason: string; n: number }>> {
  let query = db
    .selectFrom('reports')
    .select((eb) => ['network_id', 'site_id', 'reason', eb.fn.countAll<number | string | bigint>().as('n')])
    .where('created_at', '>=', filter.from)
    .where('created_at', '<', filter.to);
  if (filter.network !== undefined) query = query.where('network_id', '=', filter.network);
  if (filter.site !== undefined) query = query.where('site_id', '=', filter.site);
  const rows = await query.groupBy(['network_id', 'site_id', 'reason']).execute();
  return rows.map((r) => ({
    network_id: r.network_id,
    site_id: r.site_id,
    reason: r.reason,
    n: Number(r.n),
  }));
}

/** The open reports among `ids` about `profileId`: those a decision on that profile answers. */
export async function openReportsAbout(
  db: Db,
  network: string,
  profileId: string,
  ids: readonly string[],
): Promise<Array<{ id: string; reporter_profile_id: string | null; created_at: number }>> {
  if (ids.length === 0) return [];
  const rows = await db
    .selectFrom('reports')
    .select(['id', 'reporter_profile_id', 'created_at'])
    .where('network_id', '=', network)
    .where('profile_id', '=', profileId)
    .where('status', '=', 'open')
    .where('id', 'in', [...ids])
    .execute();
  return rows.map((r) => ({ ...r, created_at: Number(r.created_at) }));
}
