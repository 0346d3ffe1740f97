import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../db/database.ts';
import type { NetworksPage } from '../db/keyset.ts';
import { translator, type Locale, type Translate } from '../i18n/index.ts';
import { ageOn } from '../lib/age.ts';
import type { Clock } from '../lib/clock.ts';
import type { Site } from '../tenancy/site.ts';
import { serviceContext, type ServiceContext } from './context.ts';
import type { Logger } from './log.ts';
import type { MailMessage } from './adapters/mailer.ts';
import { statementOfReasons, type Statement } from './mail/index.ts';
import { fallbackLocale, localePath, siteOrigin } from './request.ts';
import { consoleServiceBasics } from './console-db.ts';
import { DomainError, pageCursor, platformError } from './errors.ts';
import type { QueuedContent } from '../lib/moderation-decision.ts';
import { recordAudit, type AuditActor } from './audit/audit.ts';

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
async function sendRejectionStatement(
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
  /** The member's site. */
  site: Site;
  /** The day the content was uploaded or written, as the member's language writes dates. */
  date: string;
  /** An address on the member's site, in the member's language. */
  url: (path: string) => string;
}

/** What a statement of reasons needs of the member whose content was rejected. */
export interface RejectedMember {
  email: string;
  language: string;
  name: string;
  created_at: number;
}

/** A queue's statement of reasons: to whom, for which reason, with the appeal's token (null: the complaints form). */
export type RejectionStatement<Content extends RejectedMember, Reason extends string> = (
  ctx: Pick<ModerationContext, 'siteOrigin'>,
  site: Site,
  content: Content,
  reason: Reason,
  note: string | null,
  appealToken?: string | null,
) => MailMessage;

/**
 * The statement of reasons of a queue's rejections, in the member's language: `grounds` gives the
 * section of the terms each reason rests on, `words` says what was rejected and where the member
 * sees it; the redress (the appeal link, or the complaints form without one) and the rest are
 * the same for all content.
 */
export function rejectionStatement<Content extends RejectedMember, Reason extends string>(
  grounds: Record<Reason, string>,
  words: (
    content: Content,
    reason: Reason,
    wording: RejectionWording,
  ) => Pick<Statement, 'subject' | 'decision' | 'notes'>,
): RejectionStatement<Content, Reason> {
  return (ctx, site, content, reason, note, appealToken = null) => {
    const locale = memberMailLocale(site, content.language);
    const t = translator(locale);
    const origin = ctx.siteOrigin(site);
    const url = (path: string) => `${origin}${localePath(locale, path)}`;
    const date = new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeZone: 'UTC' }).format(
      new Date(content.created_at),
    );
    return statementOfReasons(t, site, content.email, {
      ...words(content, reason, { t, site, date, url }),
      name: content.name,
      note,
      ground: { section: grounds[reason], url: url('/pages/terms') },
      complaintsUrl: url('/complaints'),
      appealUrl: appealToken && appealLink(origin, locale, appealToken),
    });
  };
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
    ...consoleServiceBasics(locals),
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

/** The console's page of a moderation queue. */
export const MODERATION_QUEUE_PAGE = 20;

/** What every queue's rows hold besides the content: where it is, and its member's name and birthdate. */
type QueuedRow = Omit<ContentUnderReview, 'member_id'> & { name: string; birthdate: string };

/** How a queue reads its pages, for `moderationQueueReader`. */
export interface ModerationQueue<Row extends QueuedRow, Item> {
  /** The page's rows of its networks ('all': every network) after its key, oldest first. */
  read(db: Kysely<Database>, page: NetworksPage): Promise<Row[]>;
  /** A row as the console shows it, from what every queued item shows of it. */
  show(row: Row, queued: QueuedContent): Item;
}

/**
 * The reader of a queue's pages: from the client's `cursor`, of the networks the staff member
 * moderates, `size` items (the console's page, or more for a count of what waits), answered in
 * the queue's own shape by `answer`.
 */
export function moderationQueueReader<Row extends QueuedRow, Item, Page>(
  queue: ModerationQueue<Row, Item>,
  answer: (items: Item[], next: string | null) => Page,
): (
  ctx: ModerationContext,
  staff: ModeratorScope,
  cursor: string | undefined,
  size?: number,
) => Promise<Page> {
  return async (ctx, staff, cursor, size = MODERATION_QUEUE_PAGE) => {
    const after = pageCursor(cursor, decodeCursor);
    const rows = await queue.read(ctx.db, {
      networks: staff.networksFor('moderate'),
      after: after && { at: after.createdAt, id: after.id },
      limit: size + 1,
    });
    const { items, next } = queuePage(rows, size);
    const now = ctx.clock.now();
    const shown = items.map((row) =>
      queue.show(row, {
        id: row.id,
        network: row.network_id,
        site: row.site_id,
        site_name: ctx.site(row.site_id)?.name ?? row.site_id,
        member: { name: row.name, age: ageOn(row.birthdate, now) },
      }),
    );
    return answer(shown, next);
  };
}

/**
 * A moderator's decision as its queue's endpoint answers it, with the item's network and whether
 * the decision changed what that network's public pages show (their cached copies must go).
 */
export interface QueueDecision<Answer> {
  answer: Answer;
  network: string;
  publicChanged: boolean;
}

/** Another moderator decided first (or the content was decided already). */
export const alreadyDecided = () =>
  new DomainError('already_decided', { status: 409, message: 'console.queue.already_decided' });

/** A moderator's decision on one photo or text, as the queue's decision schema parses it. */
export type ModeratorDecision<Reason extends string> =
  | { id: string; decision: 'approve' }
  | { id: string; decision: 'reject'; reason: Reason; note?: string | undefined };

/** A decision as a queue writes it: a rejection's note trimmed, or null when empty. */
export type ContentVerdict<Reason extends string> =
  { decision: 'approve' } | { decision: 'reject'; reason: Reason; note: string | null };

/** What a queue tells `decideContent` about its content: how to find, decide, audit and follow up on one item. */
export interface ModeratedContent<
  Content extends ContentUnderReview & RejectedMember,
  Reason extends string,
  Written,
  Approved extends string,
> {
  subjectType: ContentDecision['subjectType'];
  /** The item's status once approved (a photo is `active`, a text change `approved`). */
  approvedStatus: Approved;
  /** The item by id, in whichever network (the staff's networks are checked after). */
  find(db: Kysely<Database>, id: string): Promise<Content | undefined>;
  /** Whether a moderator decided on it already. */
  decided(content: Content): boolean;
  /** Writes the decision unless another moderator was first (then false), in the decision's transaction. */
  write(
    trx: Transaction<Database>,
    content: Content,
    verdict: ContentVerdict<Reason>,
    now: number,
  ): Promise<Written | false>;
  /** The audit entry's target and the item's state before the decision. */
  audit(content: Content): { target: { type: string; id: string }; before: Record<string, unknown> };
  /** The section of the terms each reason rests on. */
  grounds: Record<Reason, string>;
  /** How the decision's record names the item ("Photo abc", "Profile about"). */
  describe(content: Content): string;
  /** The statement of reasons for a rejection. */
  statement: RejectionStatement<Content, Reason>;
  /** What a rejection changes besides its row, before the member is told (a photo's files get new names). */
  retire?(site: ServiceContext, content: Content): Promise<void>;
  /** Logged when the member's site is gone, so nothing follows the rejection (unset: nothing is logged). */
  siteGoneWarning?: string;
}

/**
 * A moderator's decision on a photo or text of a network they moderate (another network's item
 * is the same 404 as none; one decided already is a 409). The decision and its audit entry are
 * one transaction; a rejection is followed up after it. Answers the item, what the queue wrote
 * and the item's new status.
 */
export async function decideContent<
  Content extends ContentUnderReview & RejectedMember,
  Reason extends string,
  Written,
  Approved extends string,
>(
  ctx: ModerationContext,
  staff: ModeratorScope,
  actor: AuditActor,
  input: ModeratorDecision<Reason>,
  queue: ModeratedContent<Content, Reason, Written, Approved>,
): Promise<{ content: Content; written: Written; status: Approved | 'rejected' }> {
  const content = await queue.find(ctx.db, input.id);
  if (!content || !staff.can('moderate', content.network_id)) throw platformError('not_found');
  if (queue.decided(content)) throw alreadyDecided();
  const verdict: ContentVerdict<Reason> =
    input.decision === 'approve'
      ? { decision: 'approve' }
      : { decision: 'reject', reason: input.reason, note: input.note?.trim() || null };
  const status: Approved | 'rejected' = verdict.decision === 'approve' ? queue.approvedStatus : 'rejected';
  const now = ctx.clock.now();
  const written = await ctx.db.transaction().execute(async (trx) => {
    const done = await queue.write(trx, content, verdict, now);
    if (done === false) return false;
    const { target, before } = queue.audit(content);
    await recordAudit(
      trx,
      actor,
      {
        action: `${queue.subjectType}.${verdict.decision}`,
        network: content.network_id,
        target,
        member: content.member_id,
        before,
        after:
          verdict.decision === 'approve'
            ? { status }
            : { status, reason: verdict.reason, note: verdict.note },
      },
      now,
    );
    return done;
  });
  if (written === false) throw alreadyDecided();
  if (verdict.decision === 'reject') await followRejection(ctx, queue, content, verdict.reason, verdict.note);
  return { content, written, status };
}

/** After a rejection is written: what else it changes, and the member's statement of reasons. */
async function followRejection<Content extends ContentUnderReview & RejectedMember, Reason extends string>(
  ctx: ModerationContext,
  queue: ModeratedContent<Content, Reason, unknown, string>,
  content: Content,
  reason: Reason,
  note: string | null,
): Promise<void> {
  const site = ctx.siteContext(content.site_id);
  if (!site) {
    if (queue.siteGoneWarning) ctx.log.warn(queue.siteGoneWarning, { site: content.site_id });
    return;
  }
  await queue.retire?.(site, content);
  await sendRejectionStatement(
    ctx,
    site,
    {
      subjectType: queue.subjectType,
      content,
      what: queue.describe(content),
      reason,
      note,
      section: queue.grounds[reason],
    },
    (appeal) => queue.statement(ctx, site.site, content, reason, note, appeal),
  );
}

/** The cursor a client sent back, or undefined for one that is not ours (`pageCursor` refuses it). */
export function decodeCursor(text: string | undefined): QueueCursor | undefined {
  if (!text) return undefined;
  const match = /^(\d{1,16})\.([A-Za-z0-9_-]{1,64})$/.exec(Buffer.from(text, 'base64url').toString());
  return match ? { createdAt: Number(match[1]), id: match[2]! } : undefined;
}

/** The language of a member's statement of reasons: theirs where the site shows it, else the site's. */
export function memberMailLocale(site: Site, language: string): Locale {
  return (site.locales as string[]).includes(language) ? (language as Locale) : fallbackLocale(site);
}
