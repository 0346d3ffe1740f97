import { newId } from '../../db/ids.ts';
import { isLocale } from '../../i18n/locales.ts';
import { recordAudit, type AuditEntryInput } from '../../server/audit/audit.ts';
import { DomainError, platformError } from '../../server/errors.ts';
import type { Site } from '../../tenancy/site.ts';
import {
  builtinCodes,
  checkCodesScope,
  createDiscountBatch,
  disableDiscountBatch,
  discountBatches,
  MANAGE_CODES,
  momentMs,
  type ConsoleCodesContext,
} from '../credits/index.ts';
import { sendCampaignTest, type Campaign, type MailSending } from '../notification-mail/index.ts';
import {
  claimMailing,
  disableInvite,
  insertInvite,
  insertMailing,
  inviteById,
  invitesOf,
  mailingById,
  mailingsOf,
} from './codes.repository.ts';
import type {
  DiscountActionInput,
  InviteActionInput,
  InviteView,
  MailingActionInput,
  MailingCreateInput,
  MailingView,
} from './codes.schemas.ts';

/*
 * The console's codes (docs/console.md "Codes"): discount codes (owned by credits, reached
 * through its public module), invite codes for sites whose signups are by invitation, and
 * mailings: a promotion or news e-mail per site and language, sent through the notification
 * e-mails' campaign path (the one `npm run mail` takes), so consent, unsubscribe links and
 * "once per member and campaign" are the same as there.
 */

export interface CodesContext extends ConsoleCodesContext {
  site(siteId: string): Site | undefined;
  /** The sites of a network served here. */
  sitesOf(network: string): Site[];
  /** What sending a campaign needs. */
  mail: MailSending;
}

const iso = (ms: number | string | bigint | null) =>
  ms === null ? null : new Date(Number(ms)).toISOString();

/* Discount codes ---------------------------------------------------------------------------- */

/** The network's batches made in the console, and the codes it has without the console (read only). */
export async function discountCodes(ctx: CodesContext, network: string) {
  const [batches, builtin] = await Promise.all([
    discountBatches(ctx, network),
    builtinCodes(ctx, network, ctx.sitesOf(network)),
  ]);
  return { batches, builtin };
}

export function discountAction(ctx: CodesContext, input: DiscountActionInput) {
  if (input.action === 'disable') return disableDiscountBatch(ctx, input.network, input.id);
  return createDiscountBatch(ctx, input);
}

/* Invite codes ------------------------------------------------------------------------------ */

type InviteRow = NonNullable<Awaited<ReturnType<typeof inviteById>>>;

function inviteView(row: InviteRow): InviteView {
  return {
    id: row.id,
    code: row.code,
    network: row.network_id,
    site: row.site_id,
    max_uses: row.max_uses === null ? null : Number(row.max_uses),
    uses: Number(row.uses),
    valid_until: iso(row.expires_at),
    active: Number(row.active) === 1,
    created_at: iso(row.created_at)!,
  };
}

/** The audit entry of a console action on one invite code. */
function inviteAudit(action: string, network: string, id: string, after?: InviteView): AuditEntryInput {
  return { action, network, target: { type: 'invite_code', id }, after };
}

export async function inviteCodes(ctx: CodesContext, network: string) {
  checkCodesScope(ctx, network);
  return { invites: (await invitesOf(ctx.db, network, 500)).map(inviteView) };
}

export async function inviteAction(ctx: CodesContext, input: InviteActionInput) {
  checkCodesScope(ctx, input.network, input.action === 'create' ? input.site : undefined);
  const now = ctx.clock.now();
  return ctx.db.transaction().execute(async (trx) => {
    if (input.action === 'disable') {
      if (!(await disableInvite(trx, input.network, input.id))) throw platformError('not_found');
      await recordAudit(trx, ctx.actor, inviteAudit('codes.invite_disable', input.network, input.id), now);
      return { disabled: 1 };
    }
    const row = {
      id: newId(),
      network_id: input.network,
      site_id: input.site ?? null,
      code: input.code,
      max_uses: input.max_uses ?? null,
      expires_at: momentMs(input.valid_until),
      created_by: ctx.staff.id,
      created_at: now,
    };
    if (!(await insertInvite(trx, row))) {
      throw new DomainError('code_exists', { status: 409, message: 'console.codes.exists' });
    }
    const invite = inviteView((await inviteById(trx, input.network, row.id))!);
    await recordAudit(trx, ctx.actor, inviteAudit('codes.invite_create', input.network, row.id, invite), now);
    return { invite };
  });
}

/* Mailings ---------------------------------------------------------------------------------- */

type MailingRow = NonNullable<Awaited<ReturnType<typeof mailingById>>>;

function mailingStatus(row: MailingRow): MailingView['status'] {
  if (row.sent_at === null) return 'draft';
  if (row.finished_at != null) return 'sent';
  return row.send_cursor == null ? 'queued' : 'sending';
}

function mailingView(row: MailingRow): MailingView {
  return {
    id: row.id,
    network: row.network_id,
    site: row.site_id,
    category: row.category,
    locale: row.locale,
    subject: row.subject,
    text: row.body,
    created_at: iso(row.created_at)!,
    sent_at: iso(row.sent_at),
    sent: Number(row.sent_count),
    status: mailingStatus(row),
  };
}

/** The paragraphs of a mailing's text: an empty line starts a new one. */
export function paragraphsOf(text: string): string[] {
  return text
    .split(/\r?\n\s*\r?\n/)
    .map((p) => p.trim())
    .filter(Boolean)
    .slice(0, 20);
}

/** The mailings of the caller's networks, and how many are queued, sending and sent. */
export async function mailings(ctx: CodesContext) {
  const rows = (await mailingsOf(ctx.db, ctx.staff.networksFor(MANAGE_CODES), 200)).map(mailingView);
  const counts = { queued: 0, sending: 0, sent: 0 };
  for (const m of rows) if (m.status !== 'draft') counts[m.status] += 1;
  return { mailings: rows, counts };
}

export function mailingAction(ctx: CodesContext, input: MailingActionInput) {
  if (input.action === 'create') return createMailing(ctx, input);
  return input.action === 'send' ? sendMailing(ctx, input.id) : testMailing(ctx, input.id);
}

async function createMailing(ctx: CodesContext, input: MailingCreateInput) {
  const site = ctx.site(input.site);
  if (!site) throw platformError('not_found');
  checkCodesScope(ctx, site.network, site.id);
  if (!isLocale(input.locale) || !site.locales.includes(input.locale))
    throw platformError('validation', { fields: { locale: 'invalid' } });
  if (!paragraphsOf(input.text).length) throw platformError('validation', { fields: { text: 'invalid' } });
  const now = ctx.clock.now();
  const row = {
    id: newId(),
    network_id: site.network,
    site_id: site.id,
    category: input.category,
    locale: input.locale,
    subject: input.subject,
    body: input.text,
    created_by: ctx.staff.id,
    created_at: now,
  };
  await ctx.db.transaction().execute(async (trx) => {
    await insertMailing(trx, row);
    await recordAudit(
      trx,
      ctx.actor,
      {
        action: 'codes.mailing_create',
        network: site.network,
        target: { type: 'mailing', id: row.id },
        after: { site: site.id, category: input.category, locale: input.locale, subject: input.subject },
      },
      now,
    );
  });
  return { mailing: mailingView((await mailingById(ctx.db, row.id))!) };
}

/**
 * Queues a mailing once (409 `mailing_sent` for a second time) and answers at once: the job
 * `codes.mailings` (codes.jobs.ts) sends it in batches to the site's members reading its language
 * who have its category on. The claim and its audit entry are one transaction.
 */
async function sendMailing(ctx: CodesContext, id: string) {
  const row = await mailingById(ctx.db, id);
  const site = row && ctx.site(row.site_id);
  if (!row || !site || !ctx.staff.can(MANAGE_CODES, row.network_id)) throw platformError('not_found');
  const now = ctx.clock.now();
  await ctx.db.transaction().execute(async (trx) => {
    if (!(await claimMailing(trx, id, now))) {
      throw new DomainError('mailing_sent', { status: 409, message: 'console.mailings.already_sent' });
    }
    await recordAudit(
      trx,
      ctx.actor,
      { action: 'codes.mailing_send', network: row.network_id, target: { type: 'mailing', id } },
      now,
    );
  });
  // Answered from the claim itself: the job may take the mailing up any moment from now.
  return { mailing: mailingView({ ...row, sent_at: now, send_cursor: null, finished_at: null }) };
}

/**
 * The mailing once to the staff member's own address, as its members will get it, before it is
 * sent (or again after): nothing of the mailing changes. Audited; 502 when the mail server
 * refuses it.
 */
async function testMailing(ctx: CodesContext, id: string) {
  const row = await mailingById(ctx.db, id);
  const site = row && ctx.site(row.site_id);
  if (!row || !site || !ctx.staff.can(MANAGE_CODES, row.network_id)) throw platformError('not_found');
  const locale = row.locale as Site['locales'][number];
  if (!(await sendCampaignTest(ctx.mail, site, mailingCampaign(row), { email: ctx.staff.email, locale })))
    throw new DomainError('mail_failed', { status: 502, message: 'console.mailings.test_failed' });
  await recordAudit(
    ctx.db,
    ctx.actor,
    { action: 'codes.mailing_test', network: row.network_id, target: { type: 'mailing', id } },
    ctx.clock.now(),
  );
  return { tested: { to: ctx.staff.email } };
}

/** The campaign a mailing is sent as (its id keeps each member to one e-mail of it). */
export function mailingCampaign(row: MailingRow): Campaign {
  const locale = row.locale as Site['locales'][number];
  return {
    id: `console-${row.id}`,
    category: row.category,
    texts: { [locale]: { subject: row.subject, paragraphs: paragraphsOf(row.body) } },
    locales: [locale],
  };
}
