import { recordAudit } from '../../server/audit/audit.ts';
import { DomainError, invalidFields, pageCursor, platformError } from '../../server/errors.ts';
import type { ServiceContext } from '../../server/context.ts';
import { networksInScope } from '../../server/staff.ts';
import { readAheadPage } from '../../lib/read-ahead-page.ts';
import { utcDayEnd, utcDayStart } from '../../lib/utc-day-bounds.ts';
import { regionName } from '../../tenancy/regions.ts';
import type { Site } from '../../tenancy/site.ts';
import {
  operatorChat,
  operatorChatMember,
  operatorChatThread,
  readAsOperatorProfile,
  sendAsOperatorProfile,
  typingAsOperatorProfile,
  uploadChatPhoto,
  waitingOperatorChats,
  INBOX_LIST_TOPIC,
  inboxConversationTopic,
  type ChatMessage,
  type OperatorConversationRow,
} from '../chat/index.ts';
import { ageOn } from '../profiles/index.ts';
import { auditChat, auditConversationRead } from './host-inbox.audit.ts';
import { claimExpiresAt, claimStanding, type ClaimState } from './host-inbox.claims.ts';
import type { HostInboxContext } from './host-inbox.context.ts';
import { asksIfReal } from './host-inbox.detector.ts';
import { honestAnswerText, memberLocale, pendingQuestion, waitingSince } from './host-inbox.honest.ts';
import {
  claimsOf,
  insertHostReply,
  insertQuestionMark,
  lastHonestAnswerAt,
  markedQuestions,
  releaseClaim,
  replyTimes,
  takeClaim,
} from './host-inbox.repository.ts';
import type {
  InboxClaim,
  InboxConversation,
  InboxPage,
  InboxQuery,
  InboxReplyInput,
  InboxSite,
  InboxStats,
  InboxStatsQuery,
} from './host-inbox.schemas.ts';
import { decodeCursor, encodeCursor } from './host-inbox.cursor.ts';

/*
 * The host inbox: conversations of operator-run profiles waiting for an answer, and answering
 * them as the profile. Reading needs `read_conversations` in the conversation's network; acting
 * as the profile (claiming, typing, replying, marking) needs `create_profiles` there too, the
 * hosts' and owners' permission. Every action but typing is an audit entry, written in the
 * transaction of its change. Every reply is one request of a person: nothing here runs by itself.
 */

const PAGE_SIZE = 50;
const DAY_MS = 24 * 60 * 60 * 1000;

function claimError(): DomainError {
  return new DomainError('conversation_claimed', { status: 409, message: 'console.inbox.error.claimed' });
}

function honestRequired(question: string): DomainError {
  return new DomainError('honest_answer_required', {
    status: 409,
    message: 'console.inbox.error.honest_required',
    details: { question },
  });
}

/** The conversation, when it is an operator-run profile's in a network where the staff may act. */
async function reachable(
  ctx: HostInboxContext,
  conversationId: string,
  permission: 'read_conversations' | 'create_profiles',
): Promise<OperatorConversationRow> {
  const chat = await operatorChat(ctx, conversationId);
  // Another network's conversation is none of theirs: it answers as one that does not exist.
  if (!chat || !ctx.staff.can('read_conversations', chat.network_id)) throw platformError('not_found');
  if (!ctx.staff.can(permission, chat.network_id)) throw platformError('forbidden');
  return chat;
}

function presentClaim(ctx: HostInboxContext, claim: ClaimState | undefined, now: number): InboxClaim | null {
  const standing = claimStanding(claim, ctx.staff.id, now);
  if (standing === 'free' || !claim) return null;
  return { staff: claim.staff_email, mine: standing === 'mine', expires_at: claimExpiresAt(claim) };
}

/**
 * Tells the open consoles of the network who holds the conversation now (null: nobody), after
 * the change committed: the list shows it, and a host who has the conversation open sees
 * another host take it. A lapse needs no word: `expires_at` says when.
 */
async function announceClaim(
  ctx: HostInboxContext,
  chat: OperatorConversationRow,
  holder: { at: number } | null,
): Promise<void> {
  const data = {
    conversation: chat.conversation_id,
    network: chat.network_id,
    claim: holder
      ? {
          staff_id: ctx.actor.id,
          staff: ctx.actor.email,
          expires_at: claimExpiresAt({ last_activity_at: holder.at }),
        }
      : null,
  };
  await ctx.realtime.publishAll(chat.network_id, [
    { memberId: INBOX_LIST_TOPIC, type: 'inbox_claim', data },
    { memberId: inboxConversationTopic(chat.conversation_id), type: 'inbox_claim', data },
  ]);
}

/**
 * `GET /console/api/inbox.php`: conversations whose newest message is the member's, longest
 * waiting first. `size`: the console's page, or more for a count of what waits (the overview).
 */
export async function inboxPage(
  ctx: HostInboxContext,
  query: InboxQuery,
  size = PAGE_SIZE,
): Promise<InboxPage> {
  const now = ctx.clock.now();
  const networks = ctx.staff.networksFor('read_conversations');
  const after = pageCursor(query.cursor, decodeCursor);
  const rows = await waitingOperatorChats(ctx, { networks, after, limit: size + 1 });
  const page = readAheadPage(rows, size, (last) =>
    encodeCursor({ at: Number(last.last_message_at), id: last.conversation_id }),
  );
  const claims = new Map(
    (
      await claimsOf(
        ctx.db,
        page.rows.map((r) => r.conversation_id),
      )
    ).map((c) => [c.conversation_id, c]),
  );
  return {
    conversations: page.rows.map((row) => ({
      conversation: row.conversation_id,
      network: row.network_id,
      site: memberSite(ctx, row.member_site_id, row.network_id),
      profile: { id: row.operator_profile_id, name: row.operator_name },
      member: { id: row.member_profile_id, name: row.member_name },
      waiting_since: Number(row.last_message_at),
      last_type: row.last_type,
      claim: presentClaim(ctx, claims.get(row.conversation_id), now),
    })),
    next: page.next,
  };
}

/**
 * The site a member joined on, by its name: the brand the member sees, which a host answers
 * under. Null when the member has none or it is no longer served (not the network's first site,
 * which `siteOf` falls back to for the member's language).
 */
function memberSite(ctx: HostInboxContext, siteId: string | null, network: string): InboxSite | null {
  const site = siteId ? ctx.siteOf(siteId, network) : undefined;
  return site && site.id === siteId ? { id: site.id, name: site.name } : null;
}

interface Loaded {
  chat: OperatorConversationRow;
  site: Site;
  siteCtx: ServiceContext;
  member: NonNullable<Awaited<ReturnType<typeof operatorChatMember>>>;
  thread: ChatMessage[];
  marked: Set<string>;
  lastHonestAt: number | null;
}

/** The conversation's member, and their site (the network's first when theirs is gone). */
async function memberAndSite(ctx: HostInboxContext, chat: OperatorConversationRow) {
  const member = await operatorChatMember(ctx, chat.network_id, chat.member_profile_id);
  return { member, site: ctx.siteOf(member?.site_id ?? null, chat.network_id) };
}

async function load(ctx: HostInboxContext, chat: OperatorConversationRow): Promise<Loaded> {
  const { member, site } = await memberAndSite(ctx, chat);
  if (!member || !site) throw platformError('not_found');
  const siteCtx = ctx.forSite(site);
  const thread = await operatorChatThread(siteCtx, ctx.t, chat);
  const marked = new Set(await markedQuestions(ctx.db, chat.conversation_id));
  return {
    chat,
    site,
    siteCtx,
    member,
    thread,
    marked,
    lastHonestAt: await lastHonestAnswerAt(ctx.db, chat.conversation_id),
  };
}

function honestState(loaded: Loaded) {
  const question = pendingQuestion(loaded.thread, loaded.marked, loaded.lastHonestAt);
  const locale = memberLocale(loaded.site, loaded.member.language);
  return { question, text: honestAnswerText(loaded.site, locale) };
}

/**
 * `GET /console/api/inbox.php?conversation=ID`: the member's profile and the whole thread, as
 * the profile sees it. Reading is an audit entry; a host who may answer claims the conversation
 * when nobody else holds it, and the profile has read the member's messages (the member sees so).
 */
export async function openConversation(
  ctx: HostInboxContext,
  conversationId: string,
): Promise<InboxConversation> {
  const chat = await reachable(ctx, conversationId, 'read_conversations');
  const loaded = await load(ctx, chat);
  const now = ctx.clock.now();
  const host = ctx.staff.can('create_profiles', chat.network_id);
  const claimed = await ctx.db.transaction().execute(async (trx) => {
    const taken = host && (await claimForCaller(trx, ctx, chat, now));
    await auditConversationRead(trx, ctx, chat, now);
    return taken;
  });
  if (claimed) await announceClaim(ctx, chat, { at: now });
  if (host) await readAsOperatorProfile(loaded.siteCtx, chat);
  const [claim] = await claimsOf(ctx.db, [chat.conversation_id]);
  const honest = honestState(loaded);
  const m = loaded.member;
  return {
    conversation: chat.conversation_id,
    network: chat.network_id,
    profile: { id: chat.operator_profile_id, name: chat.operator_name, fictional: true },
    member: {
      id: m.id,
      name: m.name,
      gender: m.gender,
      seeking: m.seeking,
      age: ageOn(m.birthdate, now),
      country: m.country,
      region: m.region,
      region_name: m.region ? (regionName(m.country, m.region) ?? null) : null,
      city: m.city,
      text: m.text,
      site: m.site_id,
      // `loaded.site` falls back to the network's first site; only the member's own is named.
      site_name: loaded.site.id === m.site_id ? loaded.site.name : null,
      language: memberLocale(loaded.site, m.language),
      premium: m.paid_user === 1,
      member_since: m.member_created_at === null ? null : Number(m.member_created_at),
    },
    messages: loaded.thread.map((message) => ({
      ...message,
      asks_if_real: !message.mine && (loaded.marked.has(message.id) || asksIfReal(message.text)),
    })),
    claim: presentClaim(ctx, claim, now),
    honest: { required: honest.question !== null, question: honest.question?.id ?? null, text: honest.text },
  };
}

/** Takes (or renews) the caller's claim on the conversation: false while another host holds it. */
function claimForCaller(
  db: Parameters<typeof takeClaim>[0],
  ctx: HostInboxContext,
  chat: OperatorConversationRow,
  now: number,
): Promise<boolean> {
  return takeClaim(db, {
    conversationId: chat.conversation_id,
    network: chat.network_id,
    staffId: ctx.actor.id,
    staffEmail: ctx.actor.email,
    now,
  });
}

/** Claims the conversation for the caller, or 409 `conversation_claimed` while another host holds it. */
async function claimOrRefuse(
  ctx: HostInboxContext,
  chat: OperatorConversationRow,
  now: number,
): Promise<void> {
  if (!(await claimForCaller(ctx.db, ctx, chat, now))) throw claimError();
  await announceClaim(ctx, chat, { at: now });
}

/**
 * `POST /console/api/inbox.php`: a host's reply as the profile. Refused while another host
 * holds the conversation (409 `conversation_claimed`), and, while the member's question whether
 * the profile is real waits, anything but the honest answer (409 `honest_answer_required`).
 * The honest answer's words are the site's fictional warning in the member's language.
 */
export async function replyAsProfile(
  ctx: HostInboxContext,
  input: InboxReplyInput,
): Promise<{ message: ChatMessage; honest: boolean }> {
  const chat = await reachable(ctx, input.conversation, 'create_profiles');
  const now = ctx.clock.now();
  await claimOrRefuse(ctx, chat, now);
  const loaded = await load(ctx, chat);
  const { question, text: honestText } = honestState(loaded);
  const honest = input.honest === true;
  if (question && !honest) throw honestRequired(question.id);
  const message = await sendAsOperatorProfile(
    loaded.siteCtx,
    ctx.t,
    chat,
    honest
      ? { type: 'text', text: honestText, client_id: input.client_id }
      : { type: input.type, text: input.text, photo: input.photo, client_id: input.client_id },
    async (trx, sent) => {
      await insertHostReply(trx, {
        message_id: sent.id,
        network_id: chat.network_id,
        conversation_id: chat.conversation_id,
        staff_id: ctx.actor.id,
        staff_email: ctx.actor.email,
        member_profile_id: chat.member_profile_id,
        waited_since: waitingSince(loaded.thread, sent.createdAt),
        replied_at: sent.createdAt,
        honest: honest ? 1 : 0,
      });
      await auditChat(trx, ctx, chat, sent.createdAt, {
        action: honest ? 'inbox.honest_answer' : 'inbox.reply',
        target: { type: 'message', id: sent.id },
        after: {
          conversation: chat.conversation_id,
          profile: chat.operator_profile_id,
          type: honest ? 'text' : input.type,
          ...(honest ? { question: question?.id ?? null, text: honestText } : {}),
        },
      });
    },
  );
  return { message, honest };
}

/**
 * `POST /console/api/inbox-photo.php`: a picture the host will send as the profile, re-encoded
 * like a member's chat picture; sent with `POST /console/api/inbox.php { type: 'image', photo }`.
 */
export async function uploadAsProfile(
  ctx: HostInboxContext,
  conversationId: string,
  bytes: Uint8Array,
): Promise<{ photo: { id: string } }> {
  const chat = await reachable(ctx, conversationId, 'create_profiles');
  await claimOrRefuse(ctx, chat, ctx.clock.now());
  const { site } = await memberAndSite(ctx, chat);
  if (!site) throw platformError('not_found');
  return uploadChatPhoto(ctx.forSite(site), { profileId: chat.operator_profile_id }, bytes);
}

/** `POST /console/api/inbox-typing.php`: the member sees the profile typing; keeps the claim alive. */
export async function typingAsProfile(ctx: HostInboxContext, conversationId: string): Promise<void> {
  const chat = await reachable(ctx, conversationId, 'create_profiles');
  await claimOrRefuse(ctx, chat, ctx.clock.now());
  const { site } = await memberAndSite(ctx, chat);
  if (site) await typingAsOperatorProfile(ctx.forSite(site), chat);
}

function auditClaim(
  db: Parameters<typeof recordAudit>[0],
  ctx: HostInboxContext,
  chat: OperatorConversationRow,
  action: string,
  now: number,
) {
  return auditChat(db, ctx, chat, now, {
    action,
    target: { type: 'conversation', id: chat.conversation_id },
  });
}

/** `POST /console/api/inbox-claim.php`: takes (or renews) the claim; 409 while another host holds it. */
export async function claimConversation(
  ctx: HostInboxContext,
  conversationId: string,
): Promise<{ claim: InboxClaim }> {
  const chat = await reachable(ctx, conversationId, 'create_profiles');
  const now = ctx.clock.now();
  await ctx.db.transaction().execute(async (trx) => {
    if (!(await claimForCaller(trx, ctx, chat, now))) throw claimError();
    await auditClaim(trx, ctx, chat, 'inbox.claim', now);
  });
  await announceClaim(ctx, chat, { at: now });
  return {
    claim: { staff: ctx.actor.email, mine: true, expires_at: claimExpiresAt({ last_activity_at: now }) },
  };
}

/** `DELETE /console/api/inbox-claim.php`: the host leaves the conversation to others. */
export async function releaseConversation(
  ctx: HostInboxContext,
  conversationId: string,
): Promise<{ ok: true }> {
  const chat = await reachable(ctx, conversationId, 'create_profiles');
  const now = ctx.clock.now();
  const released = await ctx.db.transaction().execute(async (trx) => {
    const gone = await releaseClaim(trx, chat.conversation_id, ctx.actor.id);
    if (gone) await auditClaim(trx, ctx, chat, 'inbox.release', now);
    return gone;
  });
  if (released) await announceClaim(ctx, chat, null);
  return { ok: true };
}

/** `POST /console/api/inbox-mark.php`: a host marks a member's message as asking whether the profile is real. */
export async function markQuestion(
  ctx: HostInboxContext,
  input: { conversation: string; message: string },
): Promise<{ ok: true }> {
  const chat = await reachable(ctx, input.conversation, 'create_profiles');
  const loaded = await load(ctx, chat);
  const message = loaded.thread.find((m) => m.id === input.message && !m.mine);
  if (!message) throw invalidFields({ message: 'invalid' });
  const now = ctx.clock.now();
  await ctx.db.transaction().execute(async (trx) => {
    const marked = await insertQuestionMark(trx, {
      message_id: message.id,
      network_id: chat.network_id,
      conversation_id: chat.conversation_id,
      staff_id: ctx.actor.id,
      member_profile_id: chat.member_profile_id,
      marked_at: now,
    });
    if (marked)
      await auditChat(trx, ctx, chat, now, {
        action: 'inbox.mark_question',
        target: { type: 'message', id: message.id },
        after: { conversation: chat.conversation_id },
      });
  });
  return { ok: true };
}

function median(sorted: readonly number[]): number {
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

/** Per host: how many replies, and the median and average wait from the member's message to the reply. */
export function summarizeReplyTimes(
  rows: ReadonlyArray<{ staff_email: string; waited_ms: number }>,
): InboxStats['hosts'] {
  const byHost = new Map<string, number[]>();
  for (const row of rows)
    byHost.set(row.staff_email, [...(byHost.get(row.staff_email) ?? []), row.waited_ms]);
  return [...byHost.entries()]
    .map(([staff, waits]) => {
      const sorted = [...waits].sort((a, b) => a - b);
      return {
        staff,
        replies: sorted.length,
        median_seconds: Math.round(median(sorted) / 1000),
        average_seconds: Math.round(sorted.reduce((s, w) => s + w, 0) / sorted.length / 1000),
      };
    })
    .sort((a, b) => a.staff.localeCompare(b.staff));
}

/** `GET /console/api/inbox-stats.php`: response times per host over a period (the last 7 days unless said). */
export async function responseTimes(ctx: HostInboxContext, query: InboxStatsQuery): Promise<InboxStats> {
  const networks = networksInScope(ctx.staff, 'read_conversations', query.network);
  const now = ctx.clock.now();
  const to = query.to ? utcDayEnd(query.to) : Math.floor(now / DAY_MS) * DAY_MS + DAY_MS;
  const from = query.from ? utcDayStart(query.from) : to - 7 * DAY_MS;
  const rows = await replyTimes(ctx.db, networks, from, to);
  await recordAudit(
    ctx.db,
    ctx.actor,
    {
      action: 'inbox.stats.read',
      network: query.network ?? '',
      target: { type: 'host_replies', id: null },
      after: { from, to },
    },
    now,
  );
  const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);
  return { from: day(from), to: day(to - DAY_MS), hosts: summarizeReplyTimes(rows) };
}
