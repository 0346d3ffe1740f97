import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/database.ts';
import { newId } from '../../db/ids.ts';
import { readAheadPage } from '../../lib/read-ahead-page.ts';
import { recordAudit, type AuditActor } from '../../server/audit/audit.ts';
import type { ServiceContext } from '../../server/context.ts';
import { DomainError, invalidFields, pageCursor, platformError } from '../../server/errors.ts';
import { networksInScope, type StaffPrincipal } from '../../server/staff.ts';
import { blockProfile } from '../blocks/index.ts';
import { conversationAround, isMessageFrom } from '../chat/index.ts';
import {
  closeComplaint,
  complaintNetwork,
  complaintsAbout,
  openComplaintsPage,
  queueComplaint,
  type QueueComplaint,
} from '../complaints/index.ts';
import { ageOn, holdForReview, profileForModeration } from '../profiles/index.ts';
import {
  countReports,
  openReportsAbout,
  decideReports,
  findReport,
  hasOpenReport,
  openReportsPage,
  reportNetwork,
  reportsAbout,
  upsertReport,
  type ReportRow,
} from './reports.repository.ts';
import {
  COMPLAINT_SEVERITY,
  compareQueue,
  LOWEST_SEVERITY,
  messageIdsOf,
  parseQueueCursor,
  queueCursor,
  REPORT_DAILY_LIMIT,
  REPORT_SEVERITY,
} from './reports.rules.ts';
import {
  MESSAGE_UNKNOWN,
  REPORT_SELF,
  type DecisionInput,
  type HistoryEntry,
  type QueueDetail,
  type QueueItem,
  type QueueKind,
  type QueuePage,
  type QueueQuery,
  type ReportInput,
} from './reports.schemas.ts';

/**
 * Files a member's report of a profile (API.md "Safety and moderation"). The daily limit is
 * counted first, atomically in the limiter, so neither guessing ids nor a burst of parallel
 * requests gets past it. A repeat of an open report merges into it. A report of underage holds
 * the profile back from every member-facing read at once, until a moderator decides.
 */
export async function fileReport(
  ctx: ServiceContext,
  reporterProfileId: string,
  input: ReportInput,
): Promise<{ report: { id: string } }> {
  const now = ctx.clock.now();
  const decision = await ctx.rateLimiter.consumeFixed(
    `report:${ctx.network}:${reporterProfileId}`,
    REPORT_DAILY_LIMIT,
    now,
  );
  if (!decision.allowed) throw platformError('rate_limited', { retryAfter: decision.retryAfter });
  if (input.profile === reporterProfileId) throw invalidFields({ profile: REPORT_SELF });
  const profile = await profileForModeration(ctx.db, ctx.network, input.profile);
  if (!profile || profile.gender === '') throw platformError('not_found');
  if (
    input.message !== undefined &&
    !(await isMessageFrom(ctx.db, ctx.network, input.message, input.profile, reporterProfileId))
  )
    throw invalidFields({ message: MESSAGE_UNKNOWN });
  const report = await ctx.db.transaction().execute(async (trx) => {
    const filed = await upsertReport(trx, ctx.network, {
      id: newId(),
      siteId: ctx.site.id,
      reporterProfileId,
      profileId: input.profile,
      reason: input.reason,
      severity: REPORT_SEVERITY[input.reason],
      text: input.text ?? null,
      messageIds: input.message === undefined ? null : `${input.message} `,
      now,
    });
    if (input.reason === 'underage') await holdForReview(trx, ctx.network, input.profile, true);
    return filed;
  });
  if (input.block) await blockProfile(ctx, reporterProfileId, input.profile);
  ctx.log.info(`report ${report.id} on ${ctx.site.id}: ${input.reason}${report.merged ? ' (repeat)' : ''}`);
  return { report: { id: report.id } };
}

/** What the console's reads and decisions need of the context. */
export interface ModerationContext {
  db: Kysely<Database>;
  clock: { now(): number };
}

const PAGE_SIZE = 25;
const HISTORY_LIMIT = 50;

function iso(ms: number | null): string | null {
  return ms === null ? null : new Date(ms).toISOString();
}

/** What a report and a complaint share in the queue: the rest is the row as both tables keep it. */
function queueItem(
  kind: QueueItem['kind'],
  row: ReportRow | QueueComplaint,
  reason: string,
  count: number,
): QueueItem {
  return {
    kind,
    id: row.id,
    network: row.network_id,
    site: row.site_id,
    reason,
    severity: row.severity,
    profile: row.profile_id,
    profile_name: row.profile_name,
    text: row.text,
    count,
    created_at: new Date(row.created_at).toISOString(),
  };
}

const reportItem = (row: ReportRow) => queueItem('report', row, row.reason, row.count);

// A complaint stands alone: it is never merged with others as reports are.
const complaintItem = (row: QueueComplaint) => queueItem('complaint', row, row.category, 1);

/**
 * One page of the moderators' queue: open reports and open complaints of the staff member's
 * networks together, by severity (underage first), then age. Each source is read from the
 * cursor on, and the two merged; the next page starts after the last item shown. `size`: the
 * console's page, or more for a count of what waits (the overview).
 */
export async function reportQueue(
  ctx: ModerationContext,
  staff: StaffPrincipal,
  query: QueueQuery,
  size = PAGE_SIZE,
): Promise<QueuePage> {
  const networks = networksInScope(staff, 'moderate', query.network);
  const after = pageCursor(query.cursor, parseQueueCursor);
  const [reports, complaints] = await Promise.all([
    openReportsPage(ctx.db, networks, after, size + 1),
    openComplaintsPage(ctx.db, {
      networks,
      severities: COMPLAINT_SEVERITY,
      fallback: LOWEST_SEVERITY,
      after,
      limit: size + 1,
    }),
  ]);
  const merged = [
    ...reports.map((row) => ({
      key: { severity: row.severity, at: row.created_at, id: row.id },
      item: reportItem(row),
    })),
    ...complaints.map((row) => ({
      key: { severity: row.severity, at: row.created_at, id: row.id },
      item: complaintItem(row),
    })),
  ].sort((a, b) => compareQueue(a.key, b.key));
  const page = readAheadPage(merged, size, (last) => queueCursor(last.key));
  return { items: page.rows.map((entry) => entry.item), next: page.next };
}

/** The network an item is in, checked against the staff member's; 404 for one of none of theirs. */
async function itemNetwork(ctx: ModerationContext, staff: StaffPrincipal, kind: QueueKind, id: string) {
  const network = kind === 'report' ? await reportNetwork(ctx.db, id) : await complaintNetwork(ctx.db, id);
  if (network === undefined || !staff.can('moderate', network)) throw platformError('not_found');
  return network;
}

/** Earlier reports and complaints about the profile, and what was decided on them. */
async function historyOf(
  ctx: Pick<ModerationContext, 'db'>,
  network: string,
  profileId: string,
  exceptId: string,
) {
  const [reports, complaints] = await Promise.all([
    reportsAbout(ctx.db, network, profileId, HISTORY_LIMIT),
    complaintsAbout(ctx.db, network, profileId, HISTORY_LIMIT),
  ]);
  const entries: HistoryEntry[] = [
    ...reports.map((r) => ({
      kind: 'report' as const,
      id: r.id,
      reason: r.reason,
      status: r.status,
      created_at: new Date(r.created_at).toISOString(),
      decided_at: iso(r.decided_at),
      decided_by: r.decided_by,
      outcome: r.outcome,
    })),
    ...complaints.map((c) => ({
      kind: 'complaint' as const,
      id: c.id,
      reason: c.category,
      status: c.status,
      created_at: new Date(c.created_at).toISOString(),
      decided_at: iso(c.handled_at),
      decided_by: null,
      outcome: null,
    })),
  ];
  return entries.filter((e) => e.id !== exceptId).sort((a, b) => b.created_at.localeCompare(a.created_at));
}

/**
 * One item with what a moderator needs to decide: the profile whatever its modes (photos through
 * the console's photo route), the reported messages with the conversation around them, and
 * earlier reports and decisions about the member. Reading the conversation needs
 * `read_conversations` and is an audit entry, as every reading of a private conversation is.
 */
export async function reportDetail(
  ctx: ModerationContext,
  staff: StaffPrincipal,
  actor: AuditActor,
  kind: QueueKind,
  id: string,
): Promise<QueueDetail> {
  const network = await itemNetwork(ctx, staff, kind, id);
  const now = ctx.clock.now();
  let item: QueueDetail['item'];
  let reporter: string | null = null;
  if (kind === 'report') {
    const row = (await findReport(ctx.db, network, id))!;
    reporter = row.reporter_profile_id;
    item = {
      ...reportItem(row),
      status: row.status,
      message_ids: messageIdsOf(row.message_ids),
      decided_at: iso(row.decided_at),
      outcome: row.outcome,
    };
  } else {
    const row = (await queueComplaint(ctx.db, network, id, COMPLAINT_SEVERITY, LOWEST_SEVERITY))!;
    item = {
      ...complaintItem(row),
      status: row.status,
      message_ids: [],
      decided_at: iso(row.handled_at),
      outcome: null,
    };
  }
  const stored =
    item.profile === null ? undefined : await profileForModeration(ctx.db, network, item.profile);
  const profile: QueueDetail['profile'] = stored
    ? {
        id: stored.id,
        name: stored.name,
        age: ageOn(stored.birthdate, now),
        birthdate: stored.birthdate,
        gender: stored.gender,
        city: stored.city,
        country: stored.country,
        text: stored.text,
        fictional: stored.fictional === 1,
        status: stored.status,
        hidden_pending_review: stored.hidden_pending_review === 1,
        photos: stored.photos.map((p) => ({
          id: p.id,
          url: `/console/api/report-photo.php?network=${encodeURIComponent(network)}&id=${p.id}`,
          status: p.status,
          main: p.main,
        })),
      }
    : null;
  let conversation: QueueDetail['conversation'] = null;
  if (item.message_ids.length > 0 && staff.can('read_conversations', network)) {
    const messages = await conversationAround(ctx.db, network, item.message_ids);
    conversation = messages.map((m) => ({
      id: m.id,
      from: m.sender === item.profile ? 'reported' : 'reporter',
      type: m.type,
      text: m.text,
      at: m.at,
      reported: m.reported,
    }));
    await recordAudit(
      ctx.db,
      actor,
      {
        action: 'conversation.read',
        network,
        target: { type: 'report', id },
        member: stored?.member_id ?? null,
        after: { messages: messages.length, reporter, profile: item.profile },
      },
      now,
    );
  }
  const history = item.profile === null ? [] : await historyOf(ctx, network, item.profile, id);
  return { item, profile, conversation, history };
}

/**
 * Decides reports of a network: `dismissed` (nothing wrong found) or `resolved` (acted on), with
 * the moderator and a note on each row. Dismissing the last open underage report of a profile
 * lets it back into every list; resolving leaves the hold for the sanction that follows. Runs in
 * the caller's transaction when given one. Answers the ids that were still open.
 */
export async function resolveReports(
  ctx: { db: Kysely<Database> | Transaction<Database>; clock: { now(): number } },
  input: {
    network: string;
    reportIds: readonly string[];
    outcome: 'dismissed' | 'resolved';
    decidedBy: string;
    note?: string | null | undefined;
  },
): Promise<string[]> {
  const decided = await decideReports(ctx.db, input.network, input.reportIds, {
    status: input.outcome,
    by: input.decidedBy,
    at: ctx.clock.now(),
    outcome: input.note ?? null,
  });
  if (input.outcome === 'dismissed') {
    const held = new Set(decided.filter((r) => r.reason === 'underage').map((r) => r.profile_id));
    for (const profileId of held)
      if (!(await hasOpenReport(ctx.db, input.network, profileId, 'underage')))
        await holdForReview(ctx.db, input.network, profileId, false);
  }
  return decided.map((r) => r.id);
}

/**
 * A moderator's decision on a queue item, with its audit entry in the same transaction. A report
 * or complaint decided already (by someone else a moment ago) is 409 `already_decided`.
 */
export async function decideItem(
  ctx: ModerationContext,
  staff: StaffPrincipal,
  actor: AuditActor,
  input: DecisionInput,
): Promise<{ ok: true }> {
  const network = await itemNetwork(ctx, staff, input.kind, input.id);
  const outcome = input.decision === 'dismiss' ? 'dismissed' : 'resolved';
  const now = ctx.clock.now();
  // The entry names the reported member, so erasing them redacts it.
  const profileId =
    input.kind === 'report'
      ? (await findReport(ctx.db, network, input.id))?.profile_id
      : (await queueComplaint(ctx.db, network, input.id, COMPLAINT_SEVERITY, LOWEST_SEVERITY))?.profile_id;
  const member = profileId
    ? ((await profileForModeration(ctx.db, network, profileId))?.member_id ?? null)
    : null;
  const changed = await ctx.db.transaction().execute(async (trx) => {
    const done =
      input.kind === 'report'
        ? (
            await resolveReports(
              { db: trx, clock: ctx.clock },
              { network, reportIds: [input.id], outcome, decidedBy: staff.id, note: input.note },
            )
          ).length === 1
        : await closeComplaint(trx, network, input.id, now);
    if (!done) return false;
    await recordAudit(
      trx,
      actor,
      {
        action: `${input.kind}.decide`,
        network,
        target: { type: input.kind, id: input.id },
        member,
        before: { status: 'open' },
        after: { status: input.kind === 'report' ? outcome : 'closed', outcome, note: input.note ?? null },
      },
      now,
    );
    return true;
  });
  if (!changed)
    throw new DomainError('already_decided', { status: 409, message: 'reports.error.already_decided' });
  return { ok: true };
}

/**
 * Reports filed per site and reason in [from, to) (transparency reports). A repeat merged into
 * an open report counts once: it is one matter for the moderators.
 */
export async function reportCounts(
  ctx: { db: Kysely<Database> },
  filter: { network?: string; site?: string; from: number; to: number },
): Promise<Array<{ network: string; site: string; reason: string; count: number }>> {
  const rows = await countReports(ctx.db, filter);
  return rows
    .map((r) => ({ network: r.network_id, site: r.site_id, reason: r.reason, count: r.n }))
    .sort((a, b) => a.site.localeCompare(b.site) || a.reason.localeCompare(b.reason));
}

/**
 * The open reports among `reportIds` that a decision on `profileId` answers: when the first was
 * filed (the time to decision counts from it) and who filed them (told of the decision).
 */
export async function reportsAnswered(
  ctx: { db: Kysely<Database> },
  input: { network: string; profileId: string; reportIds: readonly string[] },
): Promise<{ ids: string[]; openedAt: number | null; reporterProfileIds: string[] }> {
  const rows = await openReportsAbout(ctx.db, input.network, input.profileId, input.reportIds);
  return {
    ids: rows.map((r) => r.id),
    openedAt: rows.length ? Math.min(...rows.map((r) => r.created_at)) : null,
    reporterProfileIds: [
      ...new Set(rows.flatMap((r) => (r.reporter_profile_id ? [r.reporter_profile_id] : []))),
    ],
  };
}

/**
 * Every report and complaint about a member's profile, newest first, with what was decided: the
 * member page of the console's support shows it (the caller checks the staff member's network).
 */
export async function reportsAboutMember(
  ctx: Pick<ModerationContext, 'db'>,
  input: { network: string; profileId: string },
): Promise<HistoryEntry[]> {
  return historyOf(ctx, input.network, input.profileId, '');
}

/** What a decision on one report needs to know of it (another feature records that decision). */
export async function reportFacts(
  ctx: Pick<ModerationContext, 'db'>,
  input: { id: string },
): Promise<
  | {
      id: string;
      network: string;
      siteId: string;
      profileId: string;
      reporterProfileId: string | null;
      status: string;
      createdAt: number;
    }
  | undefined
> {
  const network = await reportNetwork(ctx.db, input.id);
  const row = network === undefined ? undefined : await findReport(ctx.db, network, input.id);
  return (
    row && {
      id: row.id,
      network: row.network_id,
      siteId: row.site_id,
      profileId: row.profile_id,
      reporterProfileId: row.reporter_profile_id,
      status: row.status,
      createdAt: Number(row.created_at),
    }
  );
}
