import { newId } from '../../db/ids.ts';
import type { Locale } from '../../i18n/locales.ts';
import type { ServiceContext } from '../../server/context.ts';
import type { Site } from '../../tenancy/site.ts';
import { readCookie } from '../../server/request.ts';
import { admitLogin, clearLoginFailures, recordLoginFailure, type LoginAttempt } from '../security/index.ts';
import { AccountError } from './accounts.errors.ts';
import {
  findLiveSession,
  findSessionExpiry,
  findMemberByEmail,
  type SessionRow,
  touchSession,
  updateMember,
  upsertPushSubscription,
  deletePushSubscriptionOf,
} from './accounts.repository.ts';
import {
  type DismissibleAlert,
  type LoginInput,
  type PushSubscriptionInput,
  type PushUnsubscribeInput,
  type User,
  type UserChangeInput,
} from './accounts.schemas.ts';
import type { SessionMember } from './accounts.types.ts';
import { deviceIdFor, issueDeviceToken } from './device-cookie.ts';
import { isSessionToken, sessionCookieName } from './session-cookie.ts';
import { hashSecret } from './tokens.ts';
import {
  type AccountsContext,
  blocked,
  blockEvent,
  endSessions,
  event,
  invalid,
  type IssuedSession,
  memberLocale,
  MINUTE,
  SESSION_LIFETIME_MS,
  SESSION_RENEW_BELOW_MS,
  startSession,
  userOf,
  userOfRow,
} from './accounts.service-support.ts';

/* Sessions: resuming one from its cookie, login, logout, and what a session carries along. */

/* ------------------------------------------------------------------------------------------ */
/* Sessions                                                                                    */
/* ------------------------------------------------------------------------------------------ */

/** `last_seen_at` is written at most this often: an active member is not a write per request. */
const SEEN_RESOLUTION_MS = MINUTE;

/** Whether resuming the session writes: it is due renewal, or the member's last seen mark is old. */
function sessionDueAWrite(row: { expires_at: number; last_seen_at: number }, now: number): boolean {
  return (
    Number(row.expires_at) - now < SESSION_RENEW_BELOW_MS ||
    now - Number(row.last_seen_at) >= SEEN_RESOLUTION_MS
  );
}

/**
 * The member of a session cookie, read without writing anything: null when there is none, or
 * when the session is due a write (renewal, last seen), which only the full request path does,
 * together with the cookie it may have to set again. What answers before the app uses it (the
 * event stream, a chat send): a page has just been loaded with the same session, so this is the
 * usual case.
 */
export async function quietSessionMember(
  db: ServiceContext['db'],
  site: Site,
  request: { scheme: 'http' | 'https'; cookie: string | undefined; now: number },
): Promise<SessionMember | null> {
  return (await quietSession(db, site, request))?.member ?? null;
}

/**
 * `quietSessionMember`, with the member as `User` from the row the session was found with (as
 * `resumeSession` gives it): a call answered before the app reads the account no second time.
 */
export async function quietSession(
  db: ServiceContext['db'],
  site: Site,
  request: { scheme: 'http' | 'https'; cookie: string | undefined; now: number },
): Promise<{ member: SessionMember; user: (ctx: ServiceContext) => Promise<User | null> } | null> {
  const token = readCookie(request.cookie ?? null, sessionCookieName(request.scheme));
  if (!isSessionToken(token)) return null;
  const row = await findLiveSession(db, site.network, site.id, hashSecret(token), request.now);
  if (!row || sessionDueAWrite(row, request.now)) return null;
  return { member: sessionMemberOf(site, row), user: (ctx) => userOfRow(ctx, row) };
}

/** The event stream's member: the quiet session's (see `quietSessionMember`). */
export async function streamMember(
  db: ServiceContext['db'],
  site: Site,
  request: { scheme: 'http' | 'https'; cookie: string | undefined; now: number },
): Promise<{ memberId: string; sessionId: string } | null> {
  const member = await quietSessionMember(db, site, request);
  return member && { memberId: member.id, sessionId: member.sessionId };
}

/**
 * When the session runs out as stored now, or null when it is over or gone (the event stream's
 * check once the end it was opened with has passed).
 */
export async function sessionExpiry(
  db: ServiceContext['db'],
  network: string,
  sessionId: string,
  now: number,
): Promise<number | null> {
  const expiresAt = await findSessionExpiry(db, network, sessionId);
  return expiresAt !== undefined && expiresAt > now ? expiresAt : null;
}

/** The request's member, from its session's row. */
function sessionMemberOf(site: Site, row: SessionRow): SessionMember {
  return {
    id: row.id,
    profileId: row.profile_id,
    sessionId: row.session_id,
    sessionExpiresAt: Number(row.expires_at),
    status: row.status === 'active' ? 'active' : 'not_confirmed',
    language: memberLocale(site, row.language),
    paidUser: row.paid_user === 1,
    invisible: row.invisible === 1,
    private: row.private === 1,
    createdAt: Number(row.created_at),
    timeZone: row.time_zone ?? 'UTC',
    country: row.profile_country,
    credits: Number(row.credits),
    // A live session's profile is never an erased shell ('' only there).
    gender: row.profile_gender === 'male' ? 'male' : 'female',
    seeking: row.profile_seeking === '' ? 'both' : row.profile_seeking,
    birthdate: row.profile_birthdate,
    region: row.profile_region,
    city: row.profile_city,
    keptFilters: row.kept_filters,
  };
}

/**
 * The member of a session cookie on this site, or null. A session of another site (even of the
 * same network) is not found: sessions carry their site. Marks the member as seen; when less than
 * half of the 30 days is left, the session is renewed (`renewedUntil`: set the cookie again).
 * One query reads the session with its member's account, profile and photo.
 */
export async function resumeSession(
  ctx: ServiceContext,
  sessionId: string,
): Promise<{
  member: SessionMember;
  /** The member as `User`, from the row the session was found with: no second read. */
  user: () => Promise<User | null>;
  renewedUntil: number | undefined;
} | null> {
  const now = ctx.clock.now();
  const row = await findLiveSession(ctx.db, ctx.network, ctx.site.id, sessionId, now);
  if (!row) return null;
  const renewedUntil =
    Number(row.expires_at) - now < SESSION_RENEW_BELOW_MS ? now + SESSION_LIFETIME_MS : undefined;
  if (sessionDueAWrite(row, now)) {
    await touchSession(ctx.db, ctx.network, {
      id: row.session_id,
      memberId: row.id,
      now,
      expiresAt: renewedUntil,
    });
  }
  const member = sessionMemberOf(ctx.site, row);
  if (renewedUntil !== undefined) member.sessionExpiresAt = renewedUntil;
  return {
    member,
    user: () => userOfRow(ctx, row),
    renewedUntil,
  };
}

/* ------------------------------------------------------------------------------------------ */
/* Login, logout, language, push                                                               */
/* ------------------------------------------------------------------------------------------ */

/**
 * `POST /api/user.php`. The same answer and about the same time for an unknown address and a
 * wrong password (a dummy hash is verified), so login never tells who is a member. A right
 * password for an account inside its deletion window says so, since only the owner can know it.
 * The browser's previous session, if any, ends: a login always starts a fresh one.
 *
 * The attempt is counted by the login throttle before any password is verified (see
 * security/login-guard.ts); `deviceToken` is the browser's device cookie, and a successful
 * login answers a fresh one (`device`) for the browser to keep.
 */
export async function login(
  ctx: AccountsContext,
  input: LoginInput,
  previousSessionId: string | undefined,
  deviceToken?: string,
): Promise<{ user: User; session: IssuedSession; device: string }> {
  const now = ctx.clock.now();
  const member = await findMemberByEmail(ctx.db, ctx.network, ctx.site.id, input.email);
  const attempt: LoginAttempt = {
    email: input.email,
    ip: ctx.request.ip,
    device: member ? deviceIdFor(ctx.secret, ctx.site.id, member.id, deviceToken, now) : undefined,
  };
  const admission = await admitLogin(ctx.rateLimiter, ctx.site, attempt, now);
  if ('block' in admission) {
    await event(ctx, blockEvent(admission.block), null);
    throw blocked(admission.block);
  }
  const ok = member ? await ctx.passwords.verify(member.password_hash, input.password) : false;
  if (!member) await ctx.passwords.verifyNothing(input.password);
  const erased = member?.status === 'deleted' && (member.reactivate_until ?? 0) <= now;
  if (!member || !ok || erased) {
    await event(ctx, 'login_failed', member?.id ?? null);
    const lock = await recordLoginFailure(ctx.rateLimiter, ctx.site, attempt, admission.admitted, now);
    if (lock) {
      await event(ctx, blockEvent(lock), member?.id ?? null);
      throw blocked(lock);
    }
    throw new AccountError('login_failed');
  }
  await clearLoginFailures(ctx.rateLimiter, ctx.site, attempt);
  if (member.status === 'deleted') throw new AccountError('account_pending_deletion');
  if (previousSessionId) await endSessions(ctx, { sessionId: previousSessionId });
  const session = await startSession(ctx, member.id);
  await event(ctx, 'login', member.id);
  const device = issueDeviceToken(ctx.secret, ctx.site.id, member.id, now);
  return { user: await userOf(ctx, member.id), session, device };
}

/** `GET /api/logout.php`: the session ends on the server, not only in the browser. */
export async function logout(ctx: AccountsContext, member: SessionMember | null): Promise<void> {
  if (!member) return;
  await endSessions(ctx, { sessionId: member.sessionId });
  await event(ctx, 'logout', member.id);
}

/** `PUT /api/user.php`: the member's language, for the site and for e-mails. */
export async function setLanguage(
  ctx: AccountsContext,
  member: SessionMember,
  language: Locale,
): Promise<User> {
  await updateMember(ctx.db, ctx.network, member.id, { language });
  return userOf(ctx, member.id);
}

/**
 * `PUT /api/user.php`: one change a call. The language also suits a visitor (the caller keeps it
 * in the locale cookie; the answer's user is then null); the time zone and dismissed alerts
 * belong to an account.
 */
export async function changeUser(
  ctx: AccountsContext,
  member: SessionMember | null,
  input: UserChangeInput,
): Promise<User | null> {
  if ('language' in input) return member ? setLanguage(ctx, member, input.language) : null;
  if (!member) throw new AccountError('authentication_required');
  if ('time_zone' in input) return setTimeZone(ctx, member, input.time_zone);
  return dismissAlerts(ctx, member, input.dismissed);
}

/** `PUT /api/user.php { time_zone }`: the member's days (daily limits) follow this zone. */
export async function setTimeZone(
  ctx: AccountsContext,
  member: SessionMember,
  timeZone: string,
): Promise<User> {
  await updateMember(ctx.db, ctx.network, member.id, { time_zone: timeZone });
  return userOf(ctx, member.id);
}

/**
 * `PUT /api/user.php { dismissed }`: merges the alerts closed now into those closed before, so
 * that two tabs closing different alerts both count.
 */
export async function dismissAlerts(
  ctx: AccountsContext,
  member: SessionMember,
  dismissed: Partial<Record<DismissibleAlert, number>>,
): Promise<User> {
  const current = await userOf(ctx, member.id);
  const merged = { ...current.dismissed, ...dismissed };
  await updateMember(ctx.db, ctx.network, member.id, { dismissed_alerts: JSON.stringify(merged) });
  return { ...current, dismissed: merged };
}

/**
 * `DELETE /api/user.php?push=1 { endpoint }`: this browser no longer wants push. Only the member's
 * own subscription goes; another account's endpoint is left alone and the answer is the same.
 */
export async function removePushSubscription(
  ctx: AccountsContext,
  member: SessionMember,
  input: PushUnsubscribeInput,
): Promise<{ ok: true }> {
  await deletePushSubscriptionOf(ctx.db, ctx.network, member.id, input.endpoint);
  return { ok: true };
}

/** `POST /api/user.php?push=1`: the browser's push subscription, attached to the account. */
export async function savePushSubscription(
  ctx: AccountsContext,
  member: SessionMember,
  input: PushSubscriptionInput,
): Promise<{ ok: true }> {
  const { subscription } = input;
  // The server will POST to this URL: only to a browser's push service (src/server/adapters/push.ts),
  // never to itself, a private network or anyone else.
  if (!ctx.push.allows(subscription.endpoint)) throw invalid({ subscription: 'endpoint_invalid' });
  await upsertPushSubscription(ctx.db, ctx.network, {
    id: newId(),
    memberId: member.id,
    siteId: ctx.site.id,
    endpoint: subscription.endpoint,
    p256dh: subscription.keys.p256dh,
    auth: subscription.keys.auth,
    userAgent: ctx.request.userAgent?.slice(0, 300) ?? null,
    now: ctx.clock.now(),
  });
  return { ok: true };
}
