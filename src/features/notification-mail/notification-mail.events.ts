import type { ParsedMail } from 'mailparser';
import { timingSafeEqual, createHash } from 'node:crypto';
import type { ServiceContext } from '../../server/context.ts';
import { fieldCodes, isJsonType } from '../../server/endpoint.ts';
import { DomainError, invalidFields } from '../../server/errors.ts';
import {
  NOTIFICATION_CATEGORIES,
  switchOffNotifications,
  type NotificationCategory,
} from '../notifications/index.ts';
import { mailMember, membersByEmail } from './notification-mail.repository.ts';
import { MAILING_TEST_RECIPIENT, readUnsubscribeToken } from './unsubscribe-token.ts';
import { z } from '../../lib/zod.ts';

/*
 * What comes back from the mail: one-click unsubscribes (RFC 8058), bounces and spam reports.
 * Each switches e-mail off with its reason, which the member reads on /notifications.
 */

export class MailLinkError extends DomainError {
  constructor() {
    super('link_invalid', { status: 400, message: 'unsubscribe.invalid' });
  }
}

/** What an unsubscribe link of this site names: a member's category, or a mailing's test. */
export type UnsubscribeTarget =
  | { test: false; memberId: string; category: NotificationCategory; email: string; language: string }
  | { test: true; category: NotificationCategory };

/** The member and category an unsubscribe token of this site names, with the member's address. */
export async function unsubscribeTarget(
  ctx: ServiceContext,
  secret: Buffer,
  token: string,
): Promise<UnsubscribeTarget> {
  const named = readUnsubscribeToken(secret, ctx.site.id, token);
  if (named?.memberId === MAILING_TEST_RECIPIENT) return { test: true, category: named.category };
  const member = named && (await mailMember(ctx.db, ctx.network, named.memberId));
  if (!named || !member || member.siteId !== ctx.site.id || member.status === 'deleted')
    throw new MailLinkError();
  return { test: false, ...named, email: member.email, language: member.language };
}

/**
 * `POST /api/unsubscribe.php?token=T`: that category off, reason `listunsubscribe`. A mailing
 * test's link (a mail client's one-click included) is answered alike and changes nothing.
 */
export async function unsubscribe(
  ctx: ServiceContext,
  secret: Buffer,
  token: string,
): Promise<{ ok: true; category: NotificationCategory }> {
  const target = await unsubscribeTarget(ctx, secret, token);
  if (!target.test)
    await switchOffNotifications(ctx, [target.memberId], [target.category], 'listunsubscribe');
  return { ok: true, category: target.category };
}

/** The secret of `Authorization: Bearer …`, compared in constant time; an empty one admits nobody. */
export function mailEventsAuthorized(header: string | null, secret: string): boolean {
  if (!secret || !header) return false;
  const match = /^Bearer\s+(.+)$/i.exec(header.trim());
  if (!match) return false;
  const digest = (text: string) => createHash('sha256').update(text).digest();
  return timingSafeEqual(digest(match[1]!), digest(secret));
}

export const mailEventSchema = z.strictObject({
  email: z.email({ error: 'email_invalid' }).max(254),
  type: z.enum(['bounce', 'complaint'], { error: 'type_invalid' }),
  site: z.string().max(100).optional(),
});
export type MailEventInput = z.infer<typeof mailEventSchema>;

/**
 * A bounce or a complaint for an address: every e-mail category off for the members of this
 * network with that address (on one of its sites when `site` names it), with reason `bounce` or
 * `fbl`. Other networks' members are never touched, whatever the call says.
 */
export async function recordMailEvent(ctx: ServiceContext, input: MailEventInput): Promise<number> {
  const members = await membersByEmail(ctx.db, ctx.network, input.email, input.site);
  await switchOffNotifications(
    ctx,
    members,
    NOTIFICATION_CATEGORIES,
    input.type === 'complaint' ? 'fbl' : 'bounce',
  );
  return members.length;
}

/**
 * The texts of a report's parts: mailparser reads `message/delivery-status` and
 * `message/feedback-report` as inline text, other parts (the returned headers) as attachments.
 */
function partsText(mail: ParsedMail): string[] {
  return [mail.text ?? '', ...mail.attachments.map((a) => a.content.toString('utf8'))];
}

const FINAL_RECIPIENT = /^(?:Final|Original)-Recipient:\s*rfc822;\s*<?([^\s>]+@[^\s>]+)>?/im;
const ARF_RECIPIENT = /^Original-Rcpt-To:\s*<?([^\s>]+@[^\s>]+)>?/im;
const ORIGINAL_TO = /^To:\s*(?:[^<\n]*<)?([^\s<>,]+@[^\s<>,]+)/im;

/**
 * A raw message from the mail server: a DSN (RFC 3464, `multipart/report;
 * report-type=delivery-status`) that says a delivery failed, an ARF spam report (RFC 5965,
 * `report-type=feedback-report`), or a mail to the List-Unsubscribe mailto (subject
 * `unsubscribe <token>`). Anything else is ignored (answered alike, so a prober learns nothing).
 */
export async function recordMailMessage(ctx: ServiceContext, secret: Buffer, raw: Buffer): Promise<void> {
  // Loaded with the first message: most servers receive none, and the parser is heavy to load.
  const { simpleParser } = await import('mailparser');
  const mail = await simpleParser(raw, { skipHtmlToText: true, skipTextLinks: true, skipImageLinks: true });
  const token = /unsubscribe\s+(\S+)/i.exec(mail.subject ?? '')?.[1];
  if (token) {
    await unsubscribe(ctx, secret, token).catch((error: unknown) => {
      if (!(error instanceof MailLinkError)) throw error;
    });
    return;
  }
  const contentType = mail.headers.get('content-type') as
    { value?: string; params?: Record<string, string> } | undefined;
  const reportType = contentType?.params?.['report-type']?.toLowerCase();
  const parts = partsText(mail);
  const feedback = parts.find((p) => /^Feedback-Type:/im.test(p));
  const status = parts.find((p) => /^Action:/im.test(p) || /^Final-Recipient:/im.test(p));
  if (reportType === 'feedback-report' || feedback) {
    const email =
      ARF_RECIPIENT.exec(feedback ?? '')?.[1] ?? parts.map((p) => ORIGINAL_TO.exec(p)?.[1]).find(Boolean);
    if (email) await recordMailEvent(ctx, { email, type: 'complaint' });
    return;
  }
  if (reportType === 'delivery-status' || status) {
    // A delayed delivery is no bounce: only a failure switches e-mail off.
    if (!status || !/^Action:\s*failed/im.test(status)) return;
    const email = FINAL_RECIPIENT.exec(status)?.[1];
    if (email) await recordMailEvent(ctx, { email, type: 'bounce' });
  }
}

/**
 * `POST /api/mail-events.php`'s body, whichever form the mail server sends: JSON
 * `{ email, type, site? }` (422 with field codes when it is not that), or its raw report.
 */
export async function recordMailReport(
  ctx: ServiceContext,
  secret: Buffer,
  contentType: string,
  body: Buffer,
): Promise<void> {
  if (!isJsonType(contentType)) return recordMailMessage(ctx, secret, body);
  let value: unknown;
  try {
    value = JSON.parse(body.toString('utf8'));
  } catch {
    throw invalidFields({ body: 'json_invalid' });
  }
  const parsed = mailEventSchema.safeParse(value);
  if (!parsed.success) throw invalidFields(fieldCodes(parsed.error, value));
  await recordMailEvent(ctx, parsed.data);
}
