import type { Kysely } from 'kysely';
import type { Database } from '../db/database.ts';
import { translator, type Locale, type Translate } from '../i18n/index.ts';
import type { Clock } from '../lib/clock.ts';
import type { Site } from '../tenancy/site.ts';
import { serviceContext, type ServiceContext } from './context.ts';
import type { Logger } from './log.ts';
import type { MailMessage } from './adapters/mailer.ts';
import { statementOfReasons, type Statement } from './mail/index.ts';
import { fallbackLocale, localePath, siteOrigin } from './request.ts';
import { consoleDb } from './console-db.ts';
import { DomainError } from './errors.ts';

/*
 * What the console's moderation queues share (photos, texts): the context of a decision, the
 * staff member's scope, and the queues' cursors. The console has no site of its own: a decision
 * acts in the content's network, through the member's own site (its storage, its sender and
 * colours for the statement of reasons, its domain for the links).
 */

export interface ModerationContext {
  db: Kysely<Database>;
  clock: Clock;
  log: Logger;
  /** The service context of a site (its network, storage and mailer), or undefined if unknown. */
  siteContext(siteId: string): ServiceContext | undefined;
  /** A site by id, for the queues' labels. */
  site(siteId: string): Site | undefined;
  /** The origin members reach a site at (`https://domain`), for the links of the e-mail. */
  siteOrigin(site: Site): string;
  /**
   * Records a rejection where its member may appeal it (the sanctions feature's decisions, given
   * by the console's endpoints) and answers the appeal link's token; without it, or when it
   * fails, the statement of reasons points to the site's complaints form.
   */
  appealToken?: (decision: ContentDecision) => Promise<string>;
}

/** A photo or text a moderator rejected, as a decision members may appeal. */
export interface ContentDecision {
  network: string;
  siteId: string;
  memberId: string;
  subjectType: 'photo' | 'text';
  subjectId: string;
  /** What was decided on which facts, in words for the decision's record. */
  facts: string;
  /** The section of the terms it rests on. */
  ground: string;
  /** When the content was uploaded or written. */
  openedAt: number;
}

/** A photo or text as its queue holds it: whose it is, where, and since when. */
export interface ContentUnderReview {
  id: string;
  network_id: string;
  site_id: string;
  member_id: string;
  created_at: number;
}

/**
 * A moderator's rejection of a photo or text. `what` names it in the facts ("Photo abc",
 * "Profile about"); `section` is the rule of the terms the reason rests on.
 */
export interface ContentRejection {
  subjectType: ContentDecision['subjectType'];
  content: ContentUnderReview;
  what: string;
  reason: string;
  note: string | null;
  section: string;
}

/** The decision to record for a rejected photo or text. */
function rejectionDecision(rejection: ContentRejection): ContentDecision {
  const { subjectType, content, what, reason, note, section } = rejection;
  return {
    network: content.network_id,
    siteId: content.site_id,
    memberId: content.member_id,
    subjectType,
    subjectId: content.id,
    facts: `${what} rejected: ${reason}${note ? ` (${note})` : ''}.`,
    ground: `Terms ${section}`,
    openedAt: Number(content.created_at),
  };
}

/** The token for the appeal link of a rejection, or null (then the complaints form is the way). */
async function appealTokenFor(ctx: ModerationContext, decision: ContentDecision): Promise<string | null> {
  if (!ctx.appealToken) return null;
  try {
    return await ctx.appealToken(decision);
  } catch (error) {
    ctx.log.error('moderation: the appeal could not be opened', { error: String(error) });
    return null;
  }
}

/** The appeal page of a site with a decision's token, in the member's language. */
export function appealLink(origin: string, locale: Locale, token: string): string {
  return `${origin}${localePath(locale, '/appeal')}?token=${encodeURIComponent(token)}`;
}

/**
 * After a rejection: records it where the member may appeal it, and e-mails the statement of
 * reasons `mail` builds with the appeal's token (null: the complaints form). The decision stands
 * without its e-mail: the member still sees the reason on their page.
 */
export async function sendRejectionStatement(
  ctx: ModerationContext,
  site: ServiceContext,
  rejection: ContentRejection,
  mail: (appealToken: string | null) => MailMessage,
): Promise<void> {
  const decision = rejectionDecision(rejection);
  const token = await appealTokenFor(ctx, decision);
  try {
    await site.mailer.send(mail(token));
  } catch (error) {
    ctx.log.error(`${decision.subjectType} rejection e-mail failed`, { error: String(error) });
  }
}

/** What a content's statement of reasons says of it, in the member's language. */
export interface RejectionWording {
  t: Translate;
  /** The day the content was uploaded or written, as the member's language writes dates. */
  date: string;
  /** An address on the member's site, in the member's language. */
  url: (path: string) => string;
}

/**
 * The statement of reasons for a rejected photo or text, in the member's language: `words` says
 * what was rejected and where the member sees it; the ground, the redress (the appeal link, or
 * the complaints form without one) and the rest are the same for all content.
 */
export function contentRejectionMail(
  ctx: Pick<ModerationContext, 'siteOrigin'>,
  site: Site,
  member: { email: string; language: string; name: string; created_at: number },
  rejection: { section: string; note: string | null; appealToken: string | null },
  words: (wording: RejectionWording) => Pick<Statement, 'subject' | 'decision' | 'notes'>,
): MailMessage {
  const locale = memberMailLocale(site, member.language);
  const t = translator(locale);
  const origin = ctx.siteOrigin(site);
  const url = (path: string) => `${origin}${localePath(locale, path)}`;
  const date = new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeZone: 'UTC' }).format(
    new Date(member.created_at),
  );
  return statementOfReasons(t, site, member.email, {
    ...words({ t, date, url }),
    name: member.name,
    note: rejection.note,
    ground: { section: rejection.section, url: url('/pages/terms') },
    complaintsUrl: url('/complaints'),
    appealUrl: rejection.appealToken && appealLink(origin, locale, rejection.appealToken),
  });
}

/** What the console knows of the staff member acting: where they may moderate. */
export interface ModeratorScope {
  can(permission: string, network?: string): boolean;
  networksFor(permission: string): readonly string[] | 'all';
}

export function moderationContext(
  locals: Pick<App.Locals, 'platform' | 'staff' | 'area' | 'site'>,
): ModerationContext {
  const { platform } = locals;
  const site = (id: string) => platform.registry.snapshot.sites.get(id);
  return {
    db: consoleDb(locals),
    clock: platform.clock,
    log: platform.log,
    siteContext(siteId) {
      const found = site(siteId);
      return found ? serviceContext({ platform, site: found }) : undefined;
    },
    site,
    siteOrigin: (s: Site) => siteOrigin(s, platform.env.PUBLIC_SCHEME, platform.env.PUBLIC_PORT),
  };
}

/** Where a page of a queue goes on from: the last item's time and id. */
export interface QueueCursor {
  createdAt: number;
  id: string;
}

export function encodeCursor(cursor: QueueCursor): string {
  return Buffer.from(`${cursor.createdAt}.${cursor.id}`).toString('base64url');
}

/**
 * A page of a queue read one item past `size` (the extra one only tells that more follow): the
 * items to show and the cursor of the next page, or null on the last.
 */
export function queuePage<Item extends { created_at: number; id: string }>(
  rows: readonly Item[],
  size: number,
): { items: Item[]; next: string | null } {
  const items = rows.slice(0, size);
  const last = items.at(-1);
  const next = rows.length > size && last ? encodeCursor({ createdAt: last.created_at, id: last.id }) : null;
  return { items, next };
}

/** Another moderator decided first (or the content was decided already). */
export const alreadyDecided = () =>
  new DomainError('already_decided', { status: 409, message: 'console.queue.already_decided' });

/** The cursor a client sent back, or undefined for one that is not ours (the first page then). */
export function decodeCursor(text: string | undefined): QueueCursor | undefined {
  if (!text) return undefined;
  const match = /^(\d{1,16})\.([A-Za-z0-9_-]{1,64})$/.exec(Buffer.from(text, 'base64url').toString());
  return match ? { createdAt: Number(match[1]), id: match[2]! } : undefined;
}

/** The language of a member's statement of reasons: theirs where the site shows it, else the site's. */
export function memberMailLocale(site: Site, language: string): Locale {
  return (site.locales as string[]).includes(language) ? (language as Locale) : fallbackLocale(site);
}
