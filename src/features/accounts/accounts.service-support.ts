import type { TokenPurpose } from '../../db/database.ts';
import { newId } from '../../db/ids.ts';
import type { Locale } from '../../i18n/locales.ts';
import { accountGuards } from '../../server/account-guards.ts';
import { addressKey } from '../../server/address.ts';
import type { ServiceContext } from '../../server/context.ts';
import { fallbackLocale, localePath } from '../../server/request.ts';
import type { RateRule, Site } from '../../tenancy/site.ts';
import { notificationPreferencesOfPacked, type NotificationsState } from '../notifications/index.ts';
import { mediaUrl } from '../profiles/index.ts';
import {
  admitLogin,
  clearLoginFailures,
  logAuthEvent,
  recordLoginFailure,
  type AuthEventKind,
  type LoginAttempt,
  type LoginBlock,
} from '../security/index.ts';
import { AccountError } from './accounts.errors.ts';
import { accountMail, type AccountMail } from './accounts.mail.ts';
import {
  deleteSessions,
  findMember,
  findUserRow,
  insertSession,
  insertToken,
  retireTokens,
  useToken,
  type MemberRow,
  type UserRow,
} from './accounts.repository.ts';
import { DISMISSIBLE_ALERTS, TOKEN_PATTERN, type FieldErrorCode, type User } from './accounts.schemas.ts';
import type { SessionMember } from './accounts.types.ts';
import type { Passwords } from './passwords.ts';
import { hashSecret, newSecret } from './tokens.ts';

/*
 * What the account services share: their context, lifetimes, the security log, e-mailed links and
 * tokens, sessions and the `User` answer. The services themselves are accounts.<part>.service.ts.
 */

/* ------------------------------------------------------------------------------------------ */
/* Constants                                                                                   */
/* ------------------------------------------------------------------------------------------ */

export const MINUTE = 60_000;
export const HOUR = 60 * MINUTE;
export const DAY = 24 * HOUR;

/** Spec §9: the auth cookie lives 30 days. */
export const SESSION_LIFETIME_MS = 30 * DAY;
/** A session used with less than this left is renewed for another 30 days (sliding expiry). */
export const SESSION_RENEW_BELOW_MS = 15 * DAY;

/**
 * Link lifetimes. Activation: 7 days, so a member who signs up before a weekend and reads mail a
 * week later still gets in; the link only confirms an address, so a long life risks little, and
 * a new one can be sent. Reset: 1 hour, because it grants the account (OWASP's guidance for
 * reset links). E-mail change: 24 hours, since the new mailbox may be read on another device
 * later that day. Reactivation: the 14 days of spec §4.
 */
export const TOKEN_LIFETIME_MS = {
  activation: 7 * DAY,
  reset: HOUR,
  mail_change: 24 * HOUR,
  reactivation: 14 * DAY,
} as const satisfies Record<TokenPurpose, number>;

/* ------------------------------------------------------------------------------------------ */
/* Context and errors                                                                          */
/* ------------------------------------------------------------------------------------------ */

/** Where a request comes from: what the accounts rules need beyond the service context. */
export interface RequestOrigin {
  ip: string;
  userAgent: string | null;
  /** The request's language: a new account's language, the language of a visitor's e-mails. */
  locale: Locale;
  /** The visitor's country (a proxy's word, or the site's default). */
  country: string;
  countryKnown: boolean;
  /** `https://<canonical domain>[:port]`: every link in an e-mail starts with it. */
  siteOrigin: string;
  /** The browser cookie's id (browser-cookie.ts): a ban keeps its browsers from signing up. */
  browser?: string;
}

export interface AccountsContext extends ServiceContext {
  passwords: Passwords;
  /** The app secret: signs device cookies. */
  secret: Buffer;
  request: RequestOrigin;
}

export function invalid(fields: Record<string, FieldErrorCode>): AccountError {
  return new AccountError('validation', { fields });
}

export function blocked(block: LoginBlock): AccountError {
  return block.kind === 'account_locked'
    ? new AccountError('account_locked', { retryAfter: block.retryAfter, minutes: block.minutes })
    : new AccountError(block.kind, { retryAfter: block.retryAfter });
}

const BLOCK_EVENTS = {
  account_locked: 'login_locked',
  login_throttled: 'login_throttled',
  rate_limited: 'login_rate_limited',
} as const satisfies Record<LoginBlock['kind'], AuthEventKind>;

export function blockEvent(block: LoginBlock): AuthEventKind {
  return BLOCK_EVENTS[block.kind];
}

/** A fresh session to hand to the browser as a cookie; only its hash is stored. */
export interface IssuedSession {
  token: string;
  expiresAt: number;
}

/* ------------------------------------------------------------------------------------------ */
/* Helpers                                                                                     */
/* ------------------------------------------------------------------------------------------ */

export function event(ctx: AccountsContext, kind: AuthEventKind, memberId: string | null): Promise<void> {
  return logAuthEvent(ctx, kind, memberId, ctx.request.ip);
}

/** The language a member's e-mails and links use: theirs when the site shows it. */
export function memberLocale(site: Site, language: string): Locale {
  return (site.locales as string[]).includes(language) ? (language as Locale) : fallbackLocale(site);
}

export function pageUrl(ctx: AccountsContext, locale: Locale, path: string, token?: string): string {
  const query = token ? `?token=${encodeURIComponent(token)}` : '';
  return `${ctx.request.siteOrigin}${localePath(locale, path)}${query}`;
}

export async function send(
  ctx: AccountsContext,
  locale: Locale,
  to: string,
  mail: AccountMail,
): Promise<void> {
  await ctx.mailer.send(accountMail(ctx.site, locale, to, mail));
}

/** Stores a one-time token for a member and answers the secret for the link. */
export async function issueToken(
  ctx: Pick<ServiceContext, 'db' | 'clock' | 'network' | 'site'>,
  memberId: string,
  purpose: TokenPurpose,
  options: { payload?: unknown; expiresAt?: number } = {},
): Promise<string> {
  const now = ctx.clock.now();
  const { token, hash } = newSecret();
  // Only the newest link of a kind works: an older e-mail in the inbox can no longer be used.
  await retireTokens(ctx.db, ctx.network, memberId, purpose, now);
  await insertToken(ctx.db, ctx.network, {
    id: newId(),
    hash,
    purpose,
    member_id: memberId,
    site_id: ctx.site.id,
    payload: options.payload === undefined ? null : JSON.stringify(options.payload),
    created_at: now,
    expires_at: options.expiresAt ?? now + TOKEN_LIFETIME_MS[purpose],
  });
  return token;
}

/**
 * Retires every outstanding e-mail-change and reset link of a member. A new password (or a
 * deleted account) must not leave a way in or out open: a link mailed before a hijacker lost
 * the account, or before the member chose a new password, no longer moves the address or sets
 * a password.
 */
export async function retireAccountLinks(ctx: AccountsContext, memberId: string): Promise<void> {
  const now = ctx.clock.now();
  for (const purpose of ['mail_change', 'reset'] as const) {
    await retireTokens(ctx.db, ctx.network, memberId, purpose, now);
  }
}

/**
 * Uses a link's token once and loads the member it was issued to. A string that cannot be one of
 * our tokens is not looked up; like a used or expired token, it finds no member.
 */
export async function redeemToken(
  ctx: AccountsContext,
  token: string,
  purpose: TokenPurpose,
): Promise<{ member: MemberRow | undefined; payload: string | null }> {
  const used = TOKEN_PATTERN.test(token)
    ? await useToken(ctx.db, ctx.network, ctx.site.id, hashSecret(token), purpose, ctx.clock.now())
    : undefined;
  const member = used ? await findMember(ctx.db, ctx.network, used.member_id) : undefined;
  return { member, payload: used?.payload ?? null };
}

/**
 * Ends sessions and their open event streams, in every process (through the realtime bus): one
 * session by its id (a logout, a login or signup over an old session), or every session of a
 * member (a password change or reset, an account deletion, a sanction). The one path by which a
 * session ends early, so that nothing it opened outlives it.
 */
export async function endSessions(
  ctx: Pick<ServiceContext, 'db' | 'network' | 'realtime'>,
  which: { sessionId: string } | { memberId: string },
): Promise<void> {
  const ended = await deleteSessions(ctx.db, ctx.network, which);
  const byMember = new Map<string, string[]>();
  for (const { id, member_id } of ended) byMember.set(member_id, [...(byMember.get(member_id) ?? []), id]);
  await Promise.all(
    [...byMember].map(([memberId, ids]) => ctx.realtime.endSessions(ctx.network, memberId, ids)),
  );
}

/** A new session for a member on this site. */
export async function startSession(ctx: AccountsContext, memberId: string): Promise<IssuedSession> {
  for (const guard of accountGuards()) await guard.sessionStarting?.(ctx, memberId);
  const now = ctx.clock.now();
  const { token, hash } = newSecret();
  const expiresAt = now + SESSION_LIFETIME_MS;
  await insertSession(ctx.db, ctx.network, {
    id: hash,
    member_id: memberId,
    site_id: ctx.site.id,
    created_at: now,
    expires_at: expiresAt,
    last_seen_at: now,
    user_agent: ctx.request.userAgent?.slice(0, 300) ?? null,
    ip: ctx.request.ip,
  });
  for (const guard of accountGuards()) await guard.sessionStarted?.(ctx, memberId, ctx.request.browser);
  return { token, expiresAt };
}

/** Checks a password the member typed to prove it is them, under the login lockout. */
export async function confirmPassword(
  ctx: AccountsContext,
  member: MemberRow,
  password: string,
  field: string,
  code: FieldErrorCode,
  failure: AuthEventKind,
): Promise<void> {
  const now = ctx.clock.now();
  const attempt: LoginAttempt = { email: member.email, ip: ctx.request.ip };
  const admission = await admitLogin(ctx.rateLimiter, ctx.site, attempt, now, { accountWide: false });
  if ('block' in admission) throw blocked(admission.block);
  if (await ctx.passwords.verify(member.password_hash, password)) {
    await clearLoginFailures(ctx.rateLimiter, ctx.site, attempt);
    return;
  }
  await event(ctx, failure, member.id);
  const lock = await recordLoginFailure(ctx.rateLimiter, ctx.site, attempt, admission.admitted, now);
  if (lock) throw blocked(lock);
  throw invalid({ [field]: code });
}

export async function requireMemberRow(ctx: AccountsContext, member: SessionMember): Promise<MemberRow> {
  const row = await findMember(ctx.db, ctx.network, member.id);
  // The middleware saw the session a moment ago; a row gone since is a deleted account.
  if (!row || row.status === 'deleted') throw new AccountError('authentication_required');
  return row;
}

/** The stored dismissals; anything unreadable counts as nothing dismissed. */
export function parseDismissed(stored: string | null): User['dismissed'] {
  if (!stored) return {};
  try {
    const parsed: unknown = JSON.parse(stored);
    const result: User['dismissed'] = {};
    if (parsed && typeof parsed === 'object')
      for (const alert of DISMISSIBLE_ALERTS) {
        const at = (parsed as Record<string, unknown>)[alert];
        if (typeof at === 'number') result[alert] = at;
      }
    return result;
  } catch {
    return {};
  }
}

function toUser(site: Site, row: UserRow, notificationsDisabled: User['notifications_disabled']): User {
  return {
    id: row.id,
    email: row.email,
    status: row.status === 'active' ? 'active' : 'not_confirmed',
    credits: Number(row.credits),
    paid_user: row.paid_user === 1,
    signup_date: new Date(Number(row.created_at)).toISOString(),
    fictional_icon: site.fictionalIcon,
    language: memberLocale(site, row.language),
    notifications_disabled: notificationsDisabled,
    invisible: row.invisible === 1,
    private: row.private === 1,
    public_profile: row.public_consent === 1,
    time_zone: row.time_zone,
    dismissed: parseDismissed(row.dismissed_alerts),
    profile: {
      id: row.profile_id,
      name: row.profile_name,
      country: row.profile_country,
      status: row.profile_status,
      main_image:
        row.filename && row.thumb_filename && row.match_filename
          ? {
              filename: mediaUrl(site.cdnPrefix, row.filename),
              thumb_filename: mediaUrl(site.cdnPrefix, row.thumb_filename),
              match: mediaUrl(site.cdnPrefix, row.match_filename),
            }
          : null,
    },
  };
}

/** The logged-in member as `GET /api/user.php` answers it (null once the account is gone). */
export async function currentUser(ctx: ServiceContext, memberId: string): Promise<User | null> {
  const row = await findUserRow(ctx.db, ctx.network, memberId);
  return row ? userOfRow(ctx, row) : null;
}

/**
 * The notification settings a `User` was built with (its `notifications_disabled` is part of
 * them), so that the page that shows them all does not read them a second time.
 */
const settingsOfUser = new WeakMap<User, NotificationsState>();

/** The notification settings read with `user`, or undefined where it was not built here. */
export function notificationSettingsOf(user: User): NotificationsState | undefined {
  return settingsOfUser.get(user);
}

/** Gives `standIn` (the same member with stand-ins for its texts) the settings read with `user`. */
export function shareSettings(standIn: User, user: User): void {
  const settings = settingsOfUser.get(user);
  if (settings) settingsOfUser.set(standIn, settings);
}

/** The `User` of a row already read (the session's: see `resumeSession`). */
export async function userOfRow(ctx: ServiceContext, row: UserRow): Promise<User | null> {
  if (row.status === 'deleted') return null;
  const settings = notificationPreferencesOfPacked(row.packed_preferences);
  const user = toUser(ctx.site, row, settings.disabled);
  settingsOfUser.set(user, settings);
  return user;
}

export async function userOf(ctx: AccountsContext, memberId: string): Promise<User> {
  const user = await currentUser(ctx, memberId);
  if (!user) throw new AccountError('authentication_required');
  return user;
}

/**
 * Counts one attempt from the caller's address under `scope`; past the limit the refusal goes to
 * the security log and the caller learns when to try again.
 */
export async function consumeIpLimit(
  ctx: AccountsContext,
  scope: string,
  rule: RateRule,
  now: number,
): Promise<void> {
  const limit = await ctx.rateLimiter.consume(
    `${scope}:${ctx.site.id}:${addressKey(ctx.request.ip)}`,
    rule,
    now,
  );
  if (!limit.allowed) {
    await event(ctx, 'rate_limited', null);
    throw new AccountError('rate_limited', { retryAfter: limit.retryAfter });
  }
}

/** The account fields of a confirmed address (the profile becomes `active` with them). */
export function confirmedState(now: number) {
  return { status: 'active' as const, confirmed_at: now };
}
