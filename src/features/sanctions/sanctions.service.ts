import { createHash, createHmac, randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.ts';
import { newId } from '../../db/ids.ts';
import type { Clock } from '../../lib/clock.ts';
import type { GuardContext } from '../../server/account-guards.ts';
import type { Mailer, MailMessage } from '../../server/adapters/mailer.ts';
import { recordAudit, type AuditActor, type AuditEntryInput } from '../../server/audit/audit.ts';
import type { Logger } from '../../server/log.ts';
import type { RealtimeBus } from '../../server/realtime/index.ts';
import { appealLink, type ContentDecision } from '../../server/moderation.ts';
import type { StaffPrincipal } from '../../server/staff.ts';
import type { Site } from '../../tenancy/site.ts';
import { endSessions, memberLocale } from '../accounts/index.ts';
import { restoreRejectedPhoto } from '../photos/index.ts';
import { reportFacts, reportsAnswered, resolveReports } from '../reports/index.ts';
import { sanctionError } from './sanctions.errors.ts';
import * as repo from './sanctions.repository.ts';
import type { Appeal, Decision, DecisionKind, GroundType, SanctionInput } from './sanctions.schemas.ts';
import {
  appealOutcomeMail,
  reporterMail,
  statementMail,
  type MailRecipient,
  type Statement,
} from './sanctions.statement.ts';

/*
 * Sanctions of members (warn, suspend until a date, ban) with their statement of reasons, the
 * appeals against them, and what a ban keeps out (the address and the browsers). The account is
 * marked by its decision: a suspension or ban in force refuses every new session, and a
 * suspension ends by itself at its `until`.
 */

export interface SanctionsContext {
  db: Kysely<Database>;
  clock: Clock;
  log: Logger;
  mailer: Mailer;
  realtime: RealtimeBus;
  secret: Buffer;
  /** The site of an id, if it is served. */
  site(id: string): Site | undefined;
  /** `https://<canonical domain>[:port]` of a site: the start of every link in an e-mail. */
  origin(site: Site): string;
  /** Whether statements go to the Transparency Database (DSA_API_URL and DSA_API_TOKEN set). */
  dsaEnabled: boolean;
}

const DAY = 24 * 60 * 60 * 1000;
/** An appeal link works for six months, the least time Art. 20(1) DSA gives to appeal. */
export const APPEAL_WINDOW_MS = 183 * DAY;

const keyed = (secret: Buffer, purpose: string, value: string) =>
  createHmac('sha256', secret).update(`${purpose}:${value}`).digest('base64url');

/** The keyed hash a banned address is stored as: trimmed and lower-cased, as accounts store them. */
export function emailKey(secret: Buffer, email: string): string {
  return keyed(secret, 'banned-email', email.trim().toLowerCase());
}

export function deviceKey(secret: Buffer, browserId: string): string {
  return keyed(secret, 'browser', browserId);
}

const tokenHash = (token: string) => createHash('sha256').update(token).digest('hex');

const iso = (ms: number | null) => (ms === null ? null : new Date(Number(ms)).toISOString());

export function statementOf(row: repo.DecisionRow): Statement {
  return {
    id: row.id,
    kind: row.kind as DecisionKind,
    subjectType: row.subject_type,
    until: row.until === null ? null : Number(row.until),
    facts: row.facts,
    groundType: row.ground_type as GroundType,
    ground: row.ground,
    automated: row.automated === 1,
    noticed: (JSON.parse(row.report_ids) as string[]).length > 0,
    openedAt: Number(row.opened_at),
    decidedAt: Number(row.decided_at),
  };
}

function decisionOf(row: repo.DecisionRow, staffEmails: Map<string, string>): Decision {
  return {
    id: row.id,
    network: row.network_id,
    site: row.site_id,
    member: row.member_id,
    subject_type: row.subject_type,
    kind: row.kind as DecisionKind,
    until: iso(row.until),
    scope: row.scope,
    facts: row.facts,
    ground_type: row.ground_type as GroundType,
    ground: row.ground,
    automated: row.automated === 1,
    reports: JSON.parse(row.report_ids) as string[],
    decided_by: staffEmails.get(row.decided_by) ?? row.decided_by,
    decided_at: iso(row.decided_at)!,
    lifted_at: iso(row.lifted_at),
    reversed_by_appeal: row.reversed_by_appeal,
    dsa_status: row.dsa_status,
  };
}

async function emailsOf(ctx: SanctionsContext, rows: { decided_by: string | null }[]) {
  const ids = [...new Set(rows.map((r) => r.decided_by).filter((id): id is string => !!id))];
  return new Map((await repo.staffEmails(ctx.db, ids)).map((s) => [s.id, s.email]));
}

/** A new appeal link for a decision: its row now, the token only in the e-mail. */
async function issueAppealToken(
  ctx: SanctionsContext,
  db: Kysely<Database>,
  decision: { id: string; network_id: string },
  appellant: { kind: 'member' | 'reporter'; memberId: string },
): Promise<string> {
  const token = randomBytes(24).toString('base64url');
  const now = ctx.clock.now();
  await repo.insertAppeal(db, {
    id: newId(),
    network_id: decision.network_id,
    decision_id: decision.id,
    token_hash: tokenHash(token),
    appellant_kind: appellant.kind,
    appellant_member_id: appellant.memberId,
    status: 'issued',
    text: null,
    issued_at: now,
    expires_at: now + APPEAL_WINDOW_MS,
    submitted_at: null,
    decided_by: null,
    decided_at: null,
    outcome: null,
  });
  return token;
}

/** Sends a member an e-mail built for their site and language; a failure is logged, not thrown. */
async function mailMember(
  ctx: SanctionsContext,
  network: string,
  memberId: string,
  build: (recipient: MailRecipient, origin: string) => MailMessage,
): Promise<void> {
  const contact = await repo.findMemberContact(ctx.db, network, memberId);
  const site = contact && ctx.site(contact.site_id);
  if (!contact || !site || contact.status === 'deleted') return;
  const recipient = {
    site,
    locale: memberLocale(site, contact.language),
    to: contact.email,
    name: contact.name ?? undefined,
  };
  try {
    await ctx.mailer.send(build(recipient, ctx.origin(site)));
  } catch (error) {
    ctx.log.error('sanctions: mail failed', { error: String(error) });
  }
}

export interface SanctionOptions {
  /** When the matter arose (the first report's time): the time to decision counts from it. */
  openedAt?: number;
}

/**
 * `POST /console/api/sanctions.php` (moderate in the network): records the decision and its
 * audit entry, ends every session of the member (their open event streams close at once, in
 * every process) and marks the account, in one transaction; then e-mails the statement of
 * reasons with the member's appeal link.
 */
export async function sanctionMember(
  ctx: SanctionsContext,
  staff: StaffPrincipal,
  actor: AuditActor,
  input: SanctionInput,
  options: SanctionOptions = {},
): Promise<Decision> {
  const { network } = input;
  if (!staff.can('moderate', network)) throw sanctionError('forbidden');
  const memberId = await repo.findMemberIdOf(ctx.db, network, input.member);
  const contact = memberId && (await repo.findMemberContact(ctx.db, network, memberId));
  if (!memberId || !contact) throw sanctionError('not_found');
  const now = ctx.clock.now();
  const until = input.kind === 'suspend' && input.until ? Date.parse(input.until) : null;
  if (until !== null && !(until > now)) throw sanctionError('validation', { fields: { until: 'invalid' } });
  // The open reports about this member that the decision answers: closed with it, their
  // reporters told, and the time to decision counted from the first of them.
  const answered = contact.profile_id
    ? await reportsAnswered(ctx, { network, profileId: contact.profile_id, reportIds: input.reports ?? [] })
    : { ids: [], openedAt: null, reporterProfileIds: [] };
  const row: repo.DecisionRow = {
    id: newId(),
    network_id: network,
    site_id: contact.site_id,
    member_id: memberId,
    subject_type: 'account',
    subject_id: memberId,
    kind: input.kind,
    until,
    scope: 'network',
    facts: input.facts,
    ground_type: input.ground_type,
    ground: input.ground,
    automated: 0,
    report_ids: JSON.stringify(answered.ids),
    decided_by: staff.id,
    opened_at: options.openedAt ?? answered.openedAt ?? now,
    decided_at: now,
    ...inForce(ctx, { reported: true }),
  };
  const token = await ctx.db.transaction().execute(async (trx) => {
    await repo.insertDecision(trx, row);
    await recordAudit(
      trx,
      actor,
      {
        action: `member.${input.kind}`,
        network,
        target: { type: 'member', id: memberId },
        member: memberId,
        after: {
          decision: row.id,
          kind: row.kind,
          until: iso(until),
          ground_type: row.ground_type,
          ground: row.ground,
        },
      },
      now,
    );
    if (input.kind === 'ban') {
      await repo.banEmail(trx, {
        network_id: network,
        email_hash: emailKey(ctx.secret, contact.email),
        decision_id: row.id,
        created_at: now,
      });
      await repo.banDevicesOf(trx, network, memberId, row.id, now);
    }
    if (input.kind !== 'warn') await endSessions({ db: trx, network, realtime: ctx.realtime }, { memberId });
    await resolveReports(
      { db: trx, clock: ctx.clock },
      {
        network,
        reportIds: answered.ids,
        outcome: 'resolved',
        decidedBy: staff.id,
        note: `${input.kind}: ${row.id}`,
      },
    );
    return issueAppealToken(ctx, trx, row, { kind: 'member', memberId });
  });
  await mailMember(ctx, network, memberId, (recipient, origin) =>
    statementMail(recipient, statementOf(row), appealLink(origin, recipient.locale, token)),
  );
  await tellReporters(ctx, network, row.id, answered.reporterProfileIds);
  return decisionOf(row, new Map([[staff.id, staff.email]]));
}

/**
 * How a new decision starts: in force, neither lifted nor reversed, and, when it is one the
 * Transparency Database takes (`reported`), waiting for it if the platform reports there.
 */
function inForce(
  ctx: SanctionsContext,
  { reported }: { reported: boolean },
): Pick<
  repo.DecisionRow,
  'lifted_at' | 'reversed_by_appeal' | 'lifts' | 'dsa_status' | 'dsa_attempts' | 'dsa_next_at'
> {
  return {
    lifted_at: null,
    reversed_by_appeal: null,
    lifts: null,
    dsa_status: reported && ctx.dsaEnabled ? 'pending' : 'off',
    dsa_attempts: 0,
    dsa_next_at: null,
  };
}

/**
 * A photo or text a moderator rejected, recorded as a decision (DSA Art. 17 and 20): it goes to
 * the Transparency Database like a sanction, and its member gets an appeal token for the
 * statement of reasons the moderation queue sends. Reversing it on appeal records the reversal;
 * the moderator then restores the content.
 */
export async function recordContentDecision(
  ctx: SanctionsContext,
  staff: StaffPrincipal,
  input: ContentDecision,
): Promise<string> {
  if (!staff.can('moderate', input.network)) throw sanctionError('forbidden');
  const row: repo.DecisionRow = {
    id: newId(),
    network_id: input.network,
    site_id: input.siteId,
    member_id: input.memberId,
    subject_type: input.subjectType,
    subject_id: input.subjectId,
    kind: 'reject',
    until: null,
    scope: 'network',
    facts: input.facts,
    ground_type: 'terms',
    ground: input.ground,
    automated: 0,
    report_ids: '[]',
    decided_by: staff.id,
    opened_at: input.openedAt,
    decided_at: ctx.clock.now(),
    ...inForce(ctx, { reported: true }),
  };
  return ctx.db.transaction().execute(async (trx) => {
    await repo.insertDecision(trx, row);
    return issueAppealToken(ctx, trx, row, { kind: 'member', memberId: input.memberId });
  });
}

/**
 * A report dismissed in the queue is a decision too (DSA Art. 16(5) and 20): it is recorded, with
 * the moderator's note as its facts, and the reporter is told, with an appeal link of their own.
 * It restricts nobody, so it is not sent to the Transparency Database.
 */
export async function recordDismissal(
  ctx: SanctionsContext,
  staff: StaffPrincipal,
  input: { reportId: string; note: string | null | undefined },
): Promise<void> {
  const report = await reportFacts(ctx, { id: input.reportId });
  if (!report || report.status !== 'dismissed' || !staff.can('moderate', report.network)) return;
  const { network } = report;
  const row: repo.DecisionRow = {
    id: newId(),
    network_id: network,
    site_id: report.siteId,
    member_id: (await repo.findMemberIdOf(ctx.db, network, report.profileId)) ?? null,
    subject_type: 'report',
    subject_id: report.id,
    kind: 'dismiss',
    until: null,
    scope: 'network',
    facts: input.note?.trim() || 'No breach of the rules was found.',
    ground_type: 'terms',
    ground: 'Terms of use',
    automated: 0,
    report_ids: JSON.stringify([report.id]),
    decided_by: staff.id,
    opened_at: report.createdAt,
    decided_at: ctx.clock.now(),
    ...inForce(ctx, { reported: false }),
  };
  await repo.insertDecision(ctx.db, row);
  if (report.reporterProfileId) await tellReporters(ctx, network, row.id, [report.reporterProfileId]);
}

/** Tells each member who reported what a decision answers (a reporter gone since is skipped). */
async function tellReporters(
  ctx: SanctionsContext,
  network: string,
  decision: string,
  reporterProfileIds: readonly string[],
): Promise<void> {
  for (const profileId of reporterProfileIds) {
    const reporterMemberId = await repo.findMemberIdOf(ctx.db, network, profileId);
    if (reporterMemberId) await notifyReporterOfDecision(ctx, { decision, network, reporterMemberId });
  }
}

/**
 * Tells a member who reported what was decided, with an appeal link of their own (the reports
 * feature calls it once it closes the reports a decision answers).
 */
export async function notifyReporterOfDecision(
  ctx: SanctionsContext,
  {
    decision: decisionId,
    network,
    reporterMemberId,
  }: { decision: string; network: string; reporterMemberId: string },
): Promise<void> {
  const row = await repo.findDecision(ctx.db, network, decisionId);
  if (!row) throw sanctionError('not_found');
  const token = await issueAppealToken(ctx, ctx.db, row, { kind: 'reporter', memberId: reporterMemberId });
  await mailMember(ctx, network, reporterMemberId, (recipient, origin) =>
    reporterMail(recipient, statementOf(row), appealLink(origin, recipient.locale, token)),
  );
}

/** `GET /console/api/sanctions.php`: the newest decisions of the caller's networks. */
export async function listDecisions(
  ctx: SanctionsContext,
  staff: StaffPrincipal,
  filter: { network?: string; member?: string },
): Promise<Decision[]> {
  const networks = staff.networksFor('moderate');
  let member = filter.member;
  if (member && filter.network)
    member = (await repo.findMemberIdOf(ctx.db, filter.network, member)) ?? member;
  const rows = await repo.listDecisions(ctx.db, networks, { ...filter, member }, 200);
  const emails = await emailsOf(ctx, rows);
  return rows.map((row) => decisionOf(row, emails));
}

/** The decisions of the caller's networks as the Transparency Database's batch (`{ statements }`). */
export async function exportStatements(
  ctx: SanctionsContext,
  staff: StaffPrincipal,
  filter: { network?: string },
  toDsa: (statement: Statement) => Record<string, unknown>,
): Promise<{ statements: Record<string, unknown>[] }> {
  const rows = await repo.listDecisions(ctx.db, staff.networksFor('moderate'), filter, 1000);
  // A lift is the answer to an appeal, which the database does not take as a statement of its own.
  return { statements: rows.filter((row) => row.kind !== 'lift').map((row) => toDsa(statementOf(row))) };
}

/* ------------------------------------------------------------------------------------------ */
/* Appeals                                                                                     */
/* ------------------------------------------------------------------------------------------ */

/**
 * `POST /api/appeal.php { token, text }`: the link of a statement e-mail becomes an appeal. One
 * open appeal per decision; a used, expired or unknown link (or one of another network) is
 * `link_invalid`.
 */
export async function submitAppeal(
  ctx: SanctionsContext,
  network: string,
  input: { token: string; text: string },
): Promise<{ appeal: { id: string } }> {
  const row = await repo.findAppealByToken(ctx.db, tokenHash(input.token));
  const now = ctx.clock.now();
  if (!row || row.network_id !== network || Number(row.expires_at) <= now)
    throw sanctionError('link_invalid');
  if (row.status === 'open') throw sanctionError('appeal_open');
  if (row.status !== 'issued') throw sanctionError('link_invalid');
  if (await repo.openAppealOf(ctx.db, row.decision_id)) throw sanctionError('appeal_open');
  if (!(await repo.submitAppealRow(ctx.db, row.id, { text: input.text, submitted_at: now })))
    throw sanctionError('appeal_open');
  return { appeal: { id: row.id } };
}

/**
 * Whether `staff` may answer an appeal against `decision`: anyone with the moderate permission
 * but its first decider; the decider only as an owner when nobody else may moderate there.
 */
async function mayDecide(
  ctx: SanctionsContext,
  staff: StaffPrincipal,
  decision: repo.DecisionRow,
  moderatorsOf: (network: string) => ReturnType<typeof repo.moderatorsOf> = (network) =>
    repo.moderatorsOf(ctx.db, network),
): Promise<boolean> {
  if (!staff.can('moderate', decision.network_id)) return false;
  if (decision.decided_by !== staff.id) return true;
  const holders = await moderatorsOf(decision.network_id);
  const others = holders.filter((h) => h.staff_id !== staff.id);
  return others.length === 0 && holders.some((h) => h.staff_id === staff.id && h.role === 'owner');
}

/** `GET /console/api/appeals.php`: the open appeals the caller may decide, oldest first. */
export async function appealQueue(ctx: SanctionsContext, staff: StaffPrincipal): Promise<Appeal[]> {
  const rows = await repo.listAppeals(ctx.db, staff.networksFor('moderate'), 'open', 200);
  const emails = await emailsOf(
    ctx,
    rows.map((r) => r.decision),
  );
  // A network's moderators read once for the whole list, not once per appeal on one's own decision.
  const moderators = new Map<string, ReturnType<typeof repo.moderatorsOf>>();
  const moderatorsOf = (network: string) => {
    let holders = moderators.get(network);
    if (!holders) moderators.set(network, (holders = repo.moderatorsOf(ctx.db, network)));
    return holders;
  };
  const shown: Appeal[] = [];
  for (const row of rows) {
    if (!(await mayDecide(ctx, staff, row.decision, moderatorsOf))) continue;
    shown.push({
      id: row.id,
      network: row.network_id,
      appellant: row.appellant_kind as Appeal['appellant'],
      text: row.text ?? '',
      submitted_at: iso(row.submitted_at)!,
      status: 'open',
      outcome: null,
      decision: decisionOf(row.decision, emails),
    });
  }
  return shown;
}

/**
 * `POST /console/api/appeals.php { id, outcome }`: upholds or reverses the decision. Reversing a
 * member's suspension or ban lifts it (a `lift` decision of its own, audited) and lets their
 * address and browsers back; the appellant is told the outcome.
 */
export async function decideAppeal(
  ctx: SanctionsContext,
  staff: StaffPrincipal,
  actor: AuditActor,
  input: { id: string; outcome: 'uphold' | 'reverse' },
): Promise<{ appeal: { id: string; outcome: string }; lift: string | null }> {
  const appeal = await repo.findAppeal(ctx.db, input.id);
  const decision = appeal && (await repo.findDecision(ctx.db, appeal.network_id, appeal.decision_id));
  if (!appeal || !decision || !staff.can('moderate', appeal.network_id) || appeal.status !== 'open')
    throw sanctionError('not_found');
  if (!(await mayDecide(ctx, staff, decision))) throw sanctionError('forbidden');
  const now = ctx.clock.now();
  const network = appeal.network_id;
  const lifts =
    input.outcome === 'reverse' &&
    appeal.appellant_kind === 'member' &&
    (decision.kind === 'suspend' || decision.kind === 'ban') &&
    decision.lifted_at === null;
  const liftId = lifts ? newId() : null;
  await ctx.db.transaction().execute(async (trx) => {
    // What deciding an appeal changes is all in the appeal's network, about the decision's member.
    const audit = (entry: Pick<AuditEntryInput, 'action' | 'target' | 'before' | 'after'>) =>
      recordAudit(trx, actor, { ...entry, network, member: decision.member_id }, now);
    if (
      !(await repo.decideAppealRow(trx, appeal.id, {
        decided_by: staff.id,
        decided_at: now,
        outcome: input.outcome,
      }))
    )
      throw sanctionError('not_found');
    await audit({
      action: 'appeal.decide',
      target: { type: 'appeal', id: appeal.id },
      before: { decision: decision.id, status: 'open' },
      after: { outcome: input.outcome },
    });
    if (input.outcome === 'reverse')
      await repo.updateDecision(trx, network, decision.id, {
        reversed_by_appeal: appeal.id,
        ...(lifts && { lifted_at: now }),
      });
    // A photo rejected wrongly is put back; a text's change is the member's to make again.
    if (
      input.outcome === 'reverse' &&
      decision.kind === 'reject' &&
      decision.subject_type === 'photo' &&
      decision.subject_id &&
      (await restoreRejectedPhoto(trx, network, decision.subject_id, now))
    )
      await audit({
        action: 'photo.restore',
        target: { type: 'photo', id: decision.subject_id },
        before: { status: 'rejected' },
        after: { status: 'active', appeal: appeal.id },
      });
    if (!liftId) return;
    await repo.unbanOf(trx, network, decision.id);
    await repo.insertDecision(trx, {
      ...decision,
      id: liftId,
      kind: 'lift',
      until: null,
      facts: `Appeal ${appeal.id} against decision ${decision.id} succeeded; the restriction is lifted.`,
      report_ids: '[]',
      decided_by: staff.id,
      opened_at: Number(appeal.submitted_at ?? now),
      decided_at: now,
      ...inForce(ctx, { reported: false }),
      lifts: decision.id,
    });
    await audit({
      action: 'member.lift',
      target: { type: 'member', id: decision.member_id },
      before: { decision: decision.id, kind: decision.kind },
      after: { decision: liftId, appeal: appeal.id },
    });
  });
  if (appeal.appellant_member_id)
    await mailMember(ctx, network, appeal.appellant_member_id, (recipient) =>
      appealOutcomeMail(recipient, input.outcome),
    );
  return { appeal: { id: appeal.id, outcome: input.outcome }, lift: liftId };
}

/* ------------------------------------------------------------------------------------------ */
/* What accounts ask (registered by the composition root)                                      */
/* ------------------------------------------------------------------------------------------ */

/** A suspension or ban in force refuses the session: 403 `account_suspended` or `account_banned`. */
export async function refuseRestricted(ctx: GuardContext, memberId: string): Promise<void> {
  const now = ctx.clock.now();
  const restriction = await repo.findRestriction(ctx.db, ctx.network, memberId, now);
  if (!restriction) return;
  if (restriction.kind === 'ban') throw sanctionError('account_banned');
  throw sanctionError('account_suspended', { until: Number(restriction.until) });
}

/** Remembers the browser a member used, so that a ban can keep it out. */
export async function rememberBrowser(ctx: GuardContext, memberId: string, browserId: string | undefined) {
  if (browserId)
    await repo.rememberDevice(
      ctx.db,
      ctx.network,
      memberId,
      deviceKey(ctx.secret, browserId),
      ctx.clock.now(),
    );
}

/** A banned address or browser cannot sign up again in the network: 403 `signup_banned`. */
export async function refuseBannedSignup(
  ctx: GuardContext,
  attempt: { email: string; deviceId: string | undefined },
): Promise<void> {
  const banned = await repo.isBanned(
    ctx.db,
    ctx.network,
    emailKey(ctx.secret, attempt.email),
    attempt.deviceId && deviceKey(ctx.secret, attempt.deviceId),
  );
  if (banned) throw sanctionError('signup_banned');
}
