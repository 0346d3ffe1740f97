import { recordAudit } from '../../server/audit/audit.ts';
import { platformError } from '../../server/errors.ts';
import type { Site } from '../../tenancy/site.ts';
import {
  changeMemberEmail,
  consoleAccountsContext,
  endMemberSessions,
  findSupportMembers,
  resendMemberActivation,
  supportMember,
  supportSessions,
  type SupportMember,
} from '../accounts/index.ts';
import { adjustCredits, announceBalance, ledgerPage } from '../credits/index.ts';
import { reportsAboutMember, type HistoryEntry } from '../reports/index.ts';
import {
  exportDirectDebits,
  memberOrdersForStaff,
  orderDetail,
  ordersList,
  staffRefund,
  staffReturnedDebit,
  type CollectionInput,
  type ConsolePaymentsContext,
  type OrdersQuery,
  type StaffRefundInput,
} from '../payments/index.ts';
import type { SupportContext } from './support.context.ts';
import type {
  LedgerAnswer,
  MemberAction,
  MemberActionAnswer,
  MemberHit,
  MemberPageAnswer,
  MemberState,
  MemberView,
  SessionsAnswer,
} from './support.schemas.ts';

/*
 * The console's member support and payments (docs/console.md). Members are found and shown only
 * in the networks where the staff member may adjust credits (support and owners); a member of
 * another network is answered as unknown. Every action, and every reading of a member's ledger
 * or sessions, is an audit entry; an action's entry is written in the action's transaction
 * where the action has one (an adjustment, an e-mail change, a refund).
 */

const MEMBER_PERMISSION = 'adjust_credits';

function state(status: string): MemberState {
  return status === 'active' ? 'active' : status === 'deleted' ? 'deleted' : 'unconfirmed';
}

function hit(row: SupportMember): MemberHit {
  return {
    id: row.profile_id,
    name: row.name,
    email: row.email,
    network: row.network_id,
    site: row.site_id,
    status: state(row.status),
    premium: Number(row.paid_user) === 1,
    created_at: Number(row.created_at),
  };
}

function view(row: SupportMember): MemberView {
  return {
    ...hit(row),
    credits: Number(row.credits),
    language: row.language,
    confirmed_at: row.confirmed_at === null ? null : Number(row.confirmed_at),
    deleted_at: row.deleted_at === null ? null : Number(row.deleted_at),
    last_active_at: row.last_active_at === null ? null : Number(row.last_active_at),
  };
}

export async function searchMembers(ctx: SupportContext, term: string): Promise<{ members: MemberHit[] }> {
  const rows = await findSupportMembers(ctx.db, ctx.staff.networksFor(MEMBER_PERMISSION), term);
  return { members: rows.map(hit) };
}

async function visibleMember(
  ctx: SupportContext,
  publicId: string,
): Promise<{ row: SupportMember; site: Site }> {
  const row = await supportMember(ctx.db, publicId);
  const site = row ? ctx.siteOf(row.site_id) : undefined;
  if (!row || !site || !ctx.staff.can(MEMBER_PERMISSION, row.network_id)) throw platformError('not_found');
  return { row, site };
}

function audit(row: SupportMember, action: string, extra: { before?: unknown; after?: unknown } = {}) {
  return {
    action,
    network: row.network_id,
    target: { type: 'member', id: row.profile_id },
    member: row.id,
    ...extra,
  };
}

export async function memberPage(ctx: SupportContext, publicId: string): Promise<MemberPageAnswer> {
  const { row } = await visibleMember(ctx, publicId);
  return { member: view(row), orders: await memberOrdersForStaff(ctx.db, row.network_id, row.id) };
}

export async function memberLedger(
  ctx: SupportContext,
  publicId: string,
  cursor: string | undefined,
): Promise<LedgerAnswer> {
  const { row } = await visibleMember(ctx, publicId);
  const page = await ledgerPage(ctx.db, row.network_id, row.id, cursor);
  await recordAudit(ctx.db, ctx.actor, audit(row, 'member.view_ledger'), ctx.platform.clock.now());
  return page;
}

/**
 * The reports and complaints about a member, for their support page: what other members said
 * of them and what moderators decided (the reporters are not named).
 */
export async function memberReports(ctx: SupportContext, publicId: string): Promise<HistoryEntry[]> {
  const { row } = await visibleMember(ctx, publicId);
  return reportsAboutMember({ db: ctx.db }, { network: row.network_id, profileId: publicId });
}

export async function memberSessions(ctx: SupportContext, publicId: string): Promise<SessionsAnswer> {
  const { row } = await visibleMember(ctx, publicId);
  const now = ctx.platform.clock.now();
  const sessions = await supportSessions(ctx.db, row.network_id, row.id, now);
  await recordAudit(ctx.db, ctx.actor, audit(row, 'member.view_sessions'), now);
  return { sessions };
}

/** `POST /console/api/member-actions.php`: one support action on one member. */
export async function memberAction(ctx: SupportContext, input: MemberAction): Promise<MemberActionAnswer> {
  const { row, site } = await visibleMember(ctx, input.id);
  const { db, clock } = ctx.platform;
  const now = clock.now();
  const accounts = consoleAccountsContext(ctx.platform, site, ctx.actor.ip ?? '');
  switch (input.action) {
    case 'adjust_credits': {
      const adjusted = await db.transaction().execute(async (trx) => {
        const done = await adjustCredits(
          trx,
          {
            network: row.network_id,
            siteId: row.site_id,
            memberId: row.id,
            staffId: ctx.actor.id,
            delta: input.delta,
            reason: input.reason,
          },
          now,
        );
        await recordAudit(
          trx,
          ctx.actor,
          audit(row, 'member.adjust_credits', {
            before: { credits: done.balance - input.delta },
            after: {
              credits: done.balance,
              delta: input.delta,
              reason: input.reason,
              adjustment: done.adjustment,
            },
          }),
          now,
        );
        return done;
      });
      // The member's open pages show the new balance, as after any booking.
      await announceBalance(
        { realtime: ctx.platform.realtime, network: row.network_id },
        row.id,
        adjusted.balance,
      );
      return { ok: true, balance: adjusted.balance };
    }
    case 'end_sessions':
      await endMemberSessions(accounts, row.id);
      await recordAudit(db, ctx.actor, audit(row, 'member.end_sessions'), now);
      return { ok: true };
    case 'resend_activation': {
      const sent = await resendMemberActivation(accounts, row);
      await recordAudit(db, ctx.actor, audit(row, 'member.resend_activation', { after: { sent } }), now);
      return { ok: true, sent };
    }
    case 'change_email':
      await changeMemberEmail(accounts, row, input.email, (trx) =>
        recordAudit(
          trx,
          ctx.actor,
          audit(row, 'member.change_email', {
            before: { email: row.email },
            after: { email: input.email.toLowerCase() },
          }),
          now,
        ),
      );
      return { ok: true };
  }
}

function paymentsContext(ctx: SupportContext): ConsolePaymentsContext {
  const { db, clock, log, payments, realtime } = ctx.platform;
  return { db, clock, log, payments, realtime, siteOf: ctx.siteOf };
}

export const directDebitFile = (ctx: SupportContext, input: CollectionInput) =>
  exportDirectDebits(paymentsContext(ctx), ctx.staff, ctx.actor, input);

export const listOrders = (ctx: SupportContext, query: OrdersQuery) =>
  ordersList(paymentsContext(ctx), ctx.staff, query);

export const showOrder = (ctx: SupportContext, orderId: string) =>
  orderDetail(paymentsContext(ctx), ctx.staff, orderId);

export async function refundAsStaff(ctx: SupportContext, input: StaffRefundInput) {
  return { refund: await staffRefund(paymentsContext(ctx), ctx.staff, ctx.actor, input) };
}

export async function returnedDebit(ctx: SupportContext, orderId: string, reason?: string) {
  const reversal = await staffReturnedDebit(paymentsContext(ctx), ctx.staff, ctx.actor, orderId, reason);
  return {
    order: reversal.order,
    credits_reversed: reversal.credits_reversed,
    credits_unrecovered: reversal.credits_unrecovered,
    premium: reversal.premium,
  };
}
