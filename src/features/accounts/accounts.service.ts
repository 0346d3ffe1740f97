import type { TokenPurpose } from '../../db/database.ts';
import { newId } from '../../db/ids.ts';
import type { Locale } from '../../i18n/locales.ts';
import type { ServiceContext } from '../../server/context.ts';
import { fallbackLocale, localePath } from '../../server/request.ts';
import type { Site } from '../../tenancy/site.ts';
import { notificationPreferences } from '../notifications/index.ts';
import { mediaUrl } from '../profiles/index.ts';
import {
  clearLoginFailures,
  consume,
  logAuthEvent,
  loginBlocked,
  recordLoginFailure,
  type AuthEventKind,
  type LoginBlock,
} from '../security/index.ts';
import { attachTrackingRecord, hasTrafficSource } from '../tracking/index.ts';
import { accountMail, type AccountMail } from './accounts.mail.ts';
import {
  deleteMemberSessions,
  deletePushSubscriptions,
  deleteSession,
  findMember,
  findLiveSession,
  findMemberByEmail,
  findUserRow,
  insertAccount,
  profileInNetwork,
  insertSession,
  insertToken,
  isUniqueViolation,
  retireTokens,
  setAccountState,
  tokenTimesSince,
  touchSession,
  updateMember,
  upsertPushSubscription,
  useToken,
  type MemberRow,
  type UserRow,
} from './accounts.repository.ts';
import {
  fieldErrors,
  signupInputSchema,
  type AccountInput,
  type DeleteAccountInput,
  type EmailChangeInput,
  type FieldErrorCode,
  type LoginInput,
  type PasswordChangeInput,
  type PrivacyInput,
  type PushSubscriptionInput,
  type ReactivateInput,
  type ResetDoInput,
  type ResetRequestInput,
  type User,
} from './accounts.schemas.ts';
import type { SessionMember } from './accounts.types.ts';
import type { Passwords } from './passwords.ts';
import { hashSecret, newSecret } from './tokens.ts';

/* ------------------------------------------------------------------------------------------ */
/* Constants                                                                                   */
/* ------------------------------------------------------------------------------------------ */

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

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
}

export interface AccountsContext extends ServiceContext {
  passwords: Passwords;
  request: RequestOrigin;
}

export type AccountErrorCode =
  | 'validation'
  | 'login_failed'
  | 'account_locked'
  | 'rate_limited'
  | 'email_exists'
  | 'account_pending_deletion'
  | 'signup_closed'
  | 'email_not_found'
  | 'too_many_reset_emails'
  | 'link_invalid'
  | 'authentication_required';

/** A rule said no; the endpoint maps the code to the status of API.md. */
export class AccountError extends Error {
  readonly code: AccountErrorCode;
  readonly details: {
    fields?: Record<string, FieldErrorCode>;
    retryAfter?: number;
    minutes?: number;
    /** Why a signup is refused: the site is closed, needs an invite, or a traffic source. */
    reason?: 'closed' | 'invite' | 'trafficsource';
  };
  constructor(code: AccountErrorCode, details: AccountError['details'] = {}) {
    super(code);
    this.name = 'AccountError';
    this.code = code;
    this.details = details;
  }
}

function invalid(fields: Record<string, FieldErrorCode>): AccountError {
  return new AccountError('validation', { fields });
}

function blocked(block: LoginBlock): AccountError {
  return block.kind === 'account_locked'
    ? new AccountError('account_locked', { retryAfter: block.retryAfter, minutes: block.minutes })
    : new AccountError('rate_limited', { retryAfter: block.retryAfter });
}

/** A fresh session to hand to the browser as a cookie; only its hash is stored. */
export interface IssuedSession {
  token: string;
  expiresAt: number;
}

/* ------------------------------------------------------------------------------------------ */
/* Helpers                                                                                     */
/* ------------------------------------------------------------------------------------------ */

function event(ctx: AccountsContext, kind: AuthEventKind, memberId: string | null): Promise<void> {
  return logAuthEvent(ctx, kind, memberId, ctx.request.ip);
}

/** The language a member's e-mails and links use: theirs when the site shows it. */
export function memberLocale(site: Site, language: string): Locale {
  return (site.locales as string[]).includes(language) ? (language as Locale) : fallbackLocale(site);
}

function pageUrl(ctx: AccountsContext, locale: Locale, path: string, token?: string): string {
  const query = token ? `?token=${encodeURIComponent(token)}` : '';
  return `${ctx.request.siteOrigin}${localePath(locale, path)}${query}`;
}

async function send(ctx: AccountsContext, locale: Locale, to: string, mail: AccountMail): Promise<void> {
  await ctx.mailer.send(accountMail(ctx.site, locale, to, mail));
}

/** Stores a one-time token for a member and answers the secret for the link. */
async function issueToken(
  ctx: AccountsContext,
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

async function redeemToken(ctx: AccountsContext, token: string, purpose: TokenPurpose) {
  return useToken(ctx.db, ctx.network, ctx.site.id, hashSecret(token), purpose, ctx.clock.now());
}

/** A new session for a member on this site. */
export async function startSession(ctx: AccountsContext, memberId: string): Promise<IssuedSession> {
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
  return { token, expiresAt };
}

/** Checks a password the member typed to prove it is them, under the login lockout. */
async function confirmPassword(
  ctx: AccountsContext,
  member: MemberRow,
  password: string,
  field: string,
  code: FieldErrorCode,
  failure: AuthEventKind,
): Promise<void> {
  const now = ctx.clock.now();
  const block = await loginBlocked(ctx.db, ctx.site, member.email, ctx.request.ip, now);
  if (block) throw blocked(block);
  if (await ctx.passwords.verify(member.password_hash, password)) {
    await clearLoginFailures(ctx.db, ctx.site, member.email, ctx.request.ip);
    return;
  }
  await event(ctx, failure, member.id);
  const lock = await recordLoginFailure(ctx.db, ctx.site, member.email, ctx.request.ip, now);
  if (lock) throw blocked(lock);
  throw invalid({ [field]: code });
}

async function requireMemberRow(ctx: AccountsContext, member: SessionMember): Promise<MemberRow> {
  const row = await findMember(ctx.db, ctx.network, member.id);
  // The middleware saw the session a moment ago; a row gone since is a deleted account.
  if (!row || row.status === 'deleted') throw new AccountError('authentication_required');
  return row;
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
  if (!row || row.status === 'deleted') return null;
  const { disabled } = await notificationPreferences(ctx, memberId);
  return toUser(ctx.site, row, disabled);
}

async function userOf(ctx: AccountsContext, memberId: string): Promise<User> {
  const user = await currentUser(ctx, memberId);
  if (!user) throw new AccountError('authentication_required');
  return user;
}

/* ------------------------------------------------------------------------------------------ */
/* Sessions                                                                                    */
/* ------------------------------------------------------------------------------------------ */

/** `last_seen_at` is written at most this often: an active member is not a write per request. */
const SEEN_RESOLUTION_MS = MINUTE;

/**
 * The member of a session cookie on this site, or null. A session of another site (even of the
 * same network) is not found: sessions carry their site. Marks the member as seen; when less than
 * half of the 30 days is left, the session is renewed (`renewedUntil`: set the cookie again).
 */
export async function resumeSession(
  ctx: ServiceContext,
  sessionId: string,
): Promise<{ member: SessionMember; renewedUntil: number | undefined } | null> {
  const now = ctx.clock.now();
  const row = await findLiveSession(ctx.db, ctx.network, ctx.site.id, sessionId, now);
  if (!row) return null;
  const renewedUntil =
    Number(row.expires_at) - now < SESSION_RENEW_BELOW_MS ? now + SESSION_LIFETIME_MS : undefined;
  if (renewedUntil !== undefined || now - Number(row.last_seen_at) >= SEEN_RESOLUTION_MS) {
    await touchSession(ctx.db, ctx.network, {
      id: row.session_id,
      memberId: row.member_id,
      now,
      expiresAt: renewedUntil,
    });
  }
  return {
    member: {
      id: row.member_id,
      profileId: row.profile_id,
      sessionId: row.session_id,
      status: row.status === 'active' ? 'active' : 'not_confirmed',
      language: memberLocale(ctx.site, row.language),
      paidUser: row.paid_user === 1,
      invisible: row.invisible === 1,
      private: row.private === 1,
      createdAt: Number(row.created_at),
    },
    renewedUntil,
  };
}

/* ------------------------------------------------------------------------------------------ */
/* Signup and activation                                                                       */
/* ------------------------------------------------------------------------------------------ */

export interface SignupSource {
  /** The id in the tracking cookie, if any. */
  trackingCookie: string | undefined;
  /** A `network` on the signup request's own query. */
  queryNetwork: string | undefined;
  landingPath: string;
  /** The browser's session before the signup, ended: the new account gets a fresh one. */
  previousSessionId: string | undefined;
}

/** Refuses a signup the site's `signups` setting does not allow (before the form is judged). */
async function checkSignupsOpen(
  ctx: AccountsContext,
  body: Record<string, unknown>,
  source: SignupSource,
): Promise<void> {
  const { site } = ctx;
  switch (site.signups) {
    case 'all':
      return;
    case 'closed':
      throw new AccountError('signup_closed', { reason: 'closed' });
    case 'invite': {
      const code = typeof body.invite === 'string' ? body.invite.trim().toLowerCase() : '';
      if (!code || !site.inviteCodes.some((valid) => valid.toLowerCase() === code)) {
        throw new AccountError('signup_closed', { reason: 'invite' });
      }
      return;
    }
    case 'with_trafficsource':
      if (!(await hasTrafficSource(ctx, source.trackingCookie, source.queryNetwork))) {
        throw new AccountError('signup_closed', { reason: 'trafficsource' });
      }
  }
}

/**
 * `POST /api/signup.php`: the signups setting, the form (the site's `min_age`, common
 * passwords), the per-IP limit, the address (unique per site, in any spelling), then the account
 * with its profile, the traffic source, the activation e-mail and a session.
 *
 * The profile starts `disabled` and the account `not_confirmed` (spec §4's activation reminder
 * shows exactly this pair): nobody sees the profile or receives its messages until the address is
 * confirmed, which keeps throwaway addresses from reaching members.
 */
export async function signup(
  ctx: AccountsContext,
  body: unknown,
  source: SignupSource,
): Promise<{ user: User; session: IssuedSession }> {
  const raw = (body && typeof body === 'object' ? body : {}) as Record<string, unknown>;
  await checkSignupsOpen(ctx, raw, source);

  const now = ctx.clock.now();
  const schema = signupInputSchema({
    minAge: ctx.site.limits.minAge,
    now,
    isCommonPassword: ctx.passwords.isCommon,
  });
  const parsed = schema.safeParse(raw);
  if (!parsed.success) throw invalid(fieldErrors(parsed.error));
  const input = parsed.data;

  const limit = await consume(
    ctx.db,
    `signup-ip:${ctx.site.id}:${ctx.request.ip}`,
    ctx.site.rateLimits.signupIp,
    now,
  );
  if (!limit.allowed) {
    await event(ctx, 'rate_limited', null);
    throw new AccountError('rate_limited', { retryAfter: limit.retryAfter });
  }

  const existing = await findMemberByEmail(ctx.db, ctx.network, ctx.site.id, input.email);
  if (existing) {
    const pending = existing.status === 'deleted' && (existing.reactivate_until ?? 0) > now;
    throw new AccountError(pending ? 'account_pending_deletion' : 'email_exists');
  }

  const memberId = newId();
  const defaults = ctx.site.nicheConfig.signup_defaults;
  const country =
    ctx.request.countryKnown && ctx.site.countries.includes(ctx.request.country)
      ? ctx.request.country
      : ctx.site.defaultCountry;
  try {
    await insertAccount(ctx.db, ctx.network, {
      member: {
        id: memberId,
        network_id: ctx.network,
        site_id: ctx.site.id,
        email: input.email,
        password_hash: await ctx.passwords.hash(input.password),
        status: 'not_confirmed',
        language: ctx.request.locale,
        created_at: now,
        confirmed_at: null,
        deleted_at: null,
        deletion_reason: null,
        deletion_comment: null,
        reactivate_until: null,
        last_active_at: now,
        tracking_id: null,
        signup_country: ctx.request.countryKnown ? ctx.request.country : null,
        signup_message: input.signup_message ?? null,
        signup_profile_id:
          input.profile && (await profileInNetwork(ctx.db, ctx.network, input.profile))
            ? input.profile
            : null,
      },
      profile: {
        id: newId(),
        name: input.name,
        gender: input.gender ?? defaults.gender,
        seeking: input.seeking ?? defaults.seeking,
        birthdate: input.date_of_birth,
        country,
        status: 'disabled',
      },
    });
  } catch (error) {
    // Two signups with one address at the same moment: the database let one through.
    if (isUniqueViolation(error)) throw new AccountError('email_exists');
    throw error;
  }

  const trackingId = await attachTrackingRecord(ctx, memberId, {
    cookieId: source.trackingCookie,
    queryNetwork: source.queryNetwork,
    landingPath: source.landingPath,
  });
  if (trackingId) await updateMember(ctx.db, ctx.network, memberId, { tracking_id: trackingId });

  await sendActivation(ctx, memberId, input.name, input.email, ctx.request.locale);
  await event(ctx, 'signup', memberId);
  if (source.previousSessionId) await deleteSession(ctx.db, ctx.network, source.previousSessionId);
  const session = await startSession(ctx, memberId);
  return { user: await userOf(ctx, memberId), session };
}

async function sendActivation(
  ctx: AccountsContext,
  memberId: string,
  name: string,
  email: string,
  language: string,
): Promise<void> {
  const token = await issueToken(ctx, memberId, 'activation');
  const url = `${ctx.request.siteOrigin}/api/activate.php?token=${encodeURIComponent(token)}`;
  const days = Math.round(TOKEN_LIFETIME_MS.activation / DAY);
  await send(ctx, memberLocale(ctx.site, language), email, { kind: 'activation', name, url, days });
  await event(ctx, 'activation_sent', memberId);
}

/** The account fields of a confirmed address (the profile becomes `active` with them). */
function confirmedState(now: number) {
  return { status: 'active' as const, confirmed_at: now };
}

/**
 * `GET /api/activate.php?token=…`: the e-mailed link, used once. Answers where to send the
 * browser: `/activate/done` or `/activate/error`, in the member's language when known.
 */
export async function activate(ctx: AccountsContext, token: string): Promise<string> {
  const now = ctx.clock.now();
  const used = /^[A-Za-z0-9_-]{20,128}$/.test(token)
    ? await redeemToken(ctx, token, 'activation')
    : undefined;
  const member = used ? await findMember(ctx.db, ctx.network, used.member_id) : undefined;
  if (!member || member.status === 'deleted') {
    await event(ctx, 'activation_failed', member?.id ?? null);
    return localePath(ctx.request.locale, '/activate/error');
  }
  if (member.status === 'not_confirmed') {
    await setAccountState(ctx.db, ctx.network, member.id, confirmedState(now), 'active', now);
  }
  await event(ctx, 'activated', member.id);
  return localePath(memberLocale(ctx.site, member.language), '/activate/done');
}

/** `POST /api/activate.php`: the activation e-mail again, a few times a day. */
export async function resendActivation(ctx: AccountsContext, sessionMember: SessionMember): Promise<void> {
  const member = await requireMemberRow(ctx, sessionMember);
  if (member.status !== 'not_confirmed') return;
  const now = ctx.clock.now();
  const sent = await tokenTimesSince(ctx.db, ctx.network, member.id, 'activation', now - DAY);
  // The signup's own e-mail is one of the day's.
  if (sent.length >= ctx.site.rateLimits.activationEmailsPerDay + 1) {
    throw new AccountError('rate_limited', {
      retryAfter: Math.max(1, Math.ceil((sent[0]! + DAY - now) / 1000)),
    });
  }
  const user = await userOf(ctx, member.id);
  await sendActivation(ctx, member.id, user.profile.name, member.email, member.language);
}

/* ------------------------------------------------------------------------------------------ */
/* Login, logout, language, push                                                               */
/* ------------------------------------------------------------------------------------------ */

/**
 * `POST /api/user.php`. The same answer and about the same time for an unknown address and a
 * wrong password (a dummy hash is verified), so login never tells who is a member. A right
 * password for an account inside its deletion window says so, since only the owner can know it.
 * The browser's previous session, if any, ends: a login always starts a fresh one.
 */
export async function login(
  ctx: AccountsContext,
  input: LoginInput,
  previousSessionId: string | undefined,
): Promise<{ user: User; session: IssuedSession }> {
  const now = ctx.clock.now();
  const block = await loginBlocked(ctx.db, ctx.site, input.email, ctx.request.ip, now);
  if (block) {
    await event(ctx, block.kind === 'account_locked' ? 'login_locked' : 'login_rate_limited', null);
    throw blocked(block);
  }
  const member = await findMemberByEmail(ctx.db, ctx.network, ctx.site.id, input.email);
  const ok = member ? await ctx.passwords.verify(member.password_hash, input.password) : false;
  if (!member) await ctx.passwords.verifyNothing(input.password);
  const erased = member?.status === 'deleted' && (member.reactivate_until ?? 0) <= now;
  if (!member || !ok || erased) {
    await event(ctx, 'login_failed', member?.id ?? null);
    const lock = await recordLoginFailure(ctx.db, ctx.site, input.email, ctx.request.ip, now);
    if (lock) {
      await event(
        ctx,
        lock.kind === 'account_locked' ? 'login_locked' : 'login_rate_limited',
        member?.id ?? null,
      );
      throw blocked(lock);
    }
    throw new AccountError('login_failed');
  }
  await clearLoginFailures(ctx.db, ctx.site, input.email, ctx.request.ip);
  if (member.status === 'deleted') throw new AccountError('account_pending_deletion');
  if (previousSessionId) await deleteSession(ctx.db, ctx.network, previousSessionId);
  const session = await startSession(ctx, member.id);
  await event(ctx, 'login', member.id);
  return { user: await userOf(ctx, member.id), session };
}

/** `GET /api/logout.php`: the session ends on the server, not only in the browser. */
export async function logout(ctx: AccountsContext, member: SessionMember | null): Promise<void> {
  if (!member) return;
  await deleteSession(ctx.db, ctx.network, member.sessionId);
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

/** `POST /api/user.php?push=1`: the browser's push subscription, attached to the account. */
export async function savePushSubscription(
  ctx: AccountsContext,
  member: SessionMember,
  input: PushSubscriptionInput,
): Promise<void> {
  const { subscription } = input;
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
}

/* ------------------------------------------------------------------------------------------ */
/* Password reset                                                                              */
/* ------------------------------------------------------------------------------------------ */

/**
 * `POST /api/password-reset.php`. Spec §8 wants "E-mail address not found", so this call (unlike
 * login) does tell whether an address has an account; the per-IP limit keeps anyone from
 * walking through addresses, and each account gets a few e-mails a day.
 */
export async function requestPasswordReset(ctx: AccountsContext, input: ResetRequestInput): Promise<void> {
  const now = ctx.clock.now();
  const limit = await consume(
    ctx.db,
    `reset-ip:${ctx.site.id}:${ctx.request.ip}`,
    ctx.site.rateLimits.passwordResetIp,
    now,
  );
  if (!limit.allowed) {
    await event(ctx, 'rate_limited', null);
    throw new AccountError('rate_limited', { retryAfter: limit.retryAfter });
  }
  const member = await findMemberByEmail(ctx.db, ctx.network, ctx.site.id, input.email);
  if (!member || member.status === 'deleted') throw new AccountError('email_not_found');
  const sent = await tokenTimesSince(ctx.db, ctx.network, member.id, 'reset', now - DAY);
  if (sent.length >= ctx.site.rateLimits.passwordResetEmailsPerDay) {
    await event(ctx, 'password_reset_refused', member.id);
    throw new AccountError('too_many_reset_emails', {
      retryAfter: Math.max(1, Math.ceil((sent[0]! + DAY - now) / 1000)),
    });
  }
  const token = await issueToken(ctx, member.id, 'reset');
  const locale = memberLocale(ctx.site, member.language);
  const user = await userOf(ctx, member.id);
  await send(ctx, locale, member.email, {
    kind: 'password_reset',
    name: user.profile.name,
    url: pageUrl(ctx, locale, '/reset-password/do', token),
    minutes: Math.round(TOKEN_LIFETIME_MS.reset / MINUTE),
  });
  await event(ctx, 'password_reset_requested', member.id);
}

/**
 * `POST /api/password-reset.php?do=1`: the link's token (once), the new password, every other
 * session ended, and the member logged in. Opening the e-mailed link proves the address too, so
 * an unconfirmed account is confirmed.
 */
export async function resetPassword(
  ctx: AccountsContext,
  input: ResetDoInput,
): Promise<{ user: User; session: IssuedSession }> {
  const now = ctx.clock.now();
  const used = await redeemToken(ctx, input.token, 'reset');
  const member = used ? await findMember(ctx.db, ctx.network, used.member_id) : undefined;
  if (!member || member.status === 'deleted') {
    await event(ctx, 'password_reset_failed', member?.id ?? null);
    throw new AccountError('link_invalid');
  }
  await updateMember(ctx.db, ctx.network, member.id, {
    password_hash: await ctx.passwords.hash(input.password),
  });
  if (member.status === 'not_confirmed') {
    await setAccountState(ctx.db, ctx.network, member.id, confirmedState(now), 'active', now);
  }
  await deleteMemberSessions(ctx.db, ctx.network, member.id);
  await clearLoginFailures(ctx.db, ctx.site, member.email, ctx.request.ip);
  await event(ctx, 'password_reset', member.id);
  const session = await startSession(ctx, member.id);
  return { user: await userOf(ctx, member.id), session };
}

/* ------------------------------------------------------------------------------------------ */
/* Settings: password, e-mail, privacy                                                         */
/* ------------------------------------------------------------------------------------------ */

export interface AccountUpdate {
  /** Null when the member chose to end this session too. */
  user: User | null;
  /** A new session replacing the current one, when it was kept across a password change. */
  session?: IssuedSession;
  loggedOut?: boolean;
}

/** `PUT /api/account.php`: one change at a time (see accountInputSchema). */
export async function updateAccount(
  ctx: AccountsContext,
  member: SessionMember,
  input: AccountInput,
): Promise<AccountUpdate> {
  switch (input.kind) {
    case 'password':
      return changePassword(ctx, member, input);
    case 'email':
      return { user: await requestEmailChange(ctx, member, input) };
    case 'privacy':
      return { user: await setPrivacy(ctx, member, input) };
  }
}

/**
 * Every other session ends (a stolen cookie stops working with the old password); the current
 * one is replaced by a fresh session unless the member chose to log out everywhere.
 */
async function changePassword(
  ctx: AccountsContext,
  sessionMember: SessionMember,
  input: PasswordChangeInput,
): Promise<AccountUpdate> {
  const member = await requireMemberRow(ctx, sessionMember);
  await confirmPassword(
    ctx,
    member,
    input.old_password,
    'old_password',
    'old_password_wrong',
    'password_change_failed',
  );
  await updateMember(ctx.db, ctx.network, member.id, {
    password_hash: await ctx.passwords.hash(input.password),
  });
  await deleteMemberSessions(ctx.db, ctx.network, member.id);
  await event(ctx, 'password_changed', member.id);
  const locale = memberLocale(ctx.site, member.language);
  const user = await userOf(ctx, member.id);
  await send(ctx, locale, member.email, {
    kind: 'password_changed',
    name: user.profile.name,
    resetUrl: pageUrl(ctx, locale, '/reset-password'),
  });
  if (!input.keep_current_session) return { user: null, loggedOut: true };
  return { user, session: await startSession(ctx, member.id) };
}

/**
 * The new address gets a link (it becomes the account's address once opened); the old one gets
 * a notice, so a hijacker cannot move an account away silently.
 */
async function requestEmailChange(
  ctx: AccountsContext,
  sessionMember: SessionMember,
  input: EmailChangeInput,
): Promise<User> {
  const member = await requireMemberRow(ctx, sessionMember);
  const now = ctx.clock.now();
  const limit = await consume(
    ctx.db,
    `email-change:${ctx.site.id}:${member.id}`,
    ctx.site.rateLimits.emailChange,
    now,
  );
  if (!limit.allowed) throw new AccountError('rate_limited', { retryAfter: limit.retryAfter });
  await confirmPassword(ctx, member, input.password, 'password', 'password_wrong', 'email_change_failed');
  if (input.email === member.email) throw invalid({ email: 'email_unchanged' });
  if (await findMemberByEmail(ctx.db, ctx.network, ctx.site.id, input.email))
    throw new AccountError('email_exists');

  const token = await issueToken(ctx, member.id, 'mail_change', { payload: { email: input.email } });
  const locale = memberLocale(ctx.site, member.language);
  const user = await userOf(ctx, member.id);
  await send(ctx, locale, input.email, {
    kind: 'email_change',
    name: user.profile.name,
    url: `${ctx.request.siteOrigin}/api/mail-change.php?token=${encodeURIComponent(token)}`,
    hours: Math.round(TOKEN_LIFETIME_MS.mail_change / HOUR),
  });
  await send(ctx, locale, member.email, {
    kind: 'email_change_notice',
    name: user.profile.name,
    newEmail: input.email,
  });
  await event(ctx, 'email_change_requested', member.id);
  return user;
}

/**
 * `GET /api/mail-change.php?token=…`: the link from the new mailbox, used once. The new address
 * is confirmed by opening it, so an unconfirmed account becomes active. Answers the page.
 */
export async function confirmEmailChange(ctx: AccountsContext, token: string): Promise<string> {
  const now = ctx.clock.now();
  const used = /^[A-Za-z0-9_-]{20,128}$/.test(token)
    ? await redeemToken(ctx, token, 'mail_change')
    : undefined;
  const member = used ? await findMember(ctx.db, ctx.network, used.member_id) : undefined;
  const email = used?.payload ? (JSON.parse(used.payload) as { email?: string }).email : undefined;
  const error = localePath(ctx.request.locale, '/mail-change/do') + '?status=error';
  if (!member || member.status === 'deleted' || !email) {
    await event(ctx, 'email_change_failed', member?.id ?? null);
    return error;
  }
  const done = localePath(memberLocale(ctx.site, member.language), '/mail-change/do') + '?status=done';
  try {
    if (member.status === 'not_confirmed') {
      await setAccountState(ctx.db, ctx.network, member.id, { email, ...confirmedState(now) }, 'active', now);
    } else {
      await updateMember(ctx.db, ctx.network, member.id, { email });
    }
  } catch (cause) {
    // Someone else took the address after the link was sent.
    if (isUniqueViolation(cause)) {
      await event(ctx, 'email_change_failed', member.id);
      return error;
    }
    throw cause;
  }
  await event(ctx, 'email_changed', member.id);
  return done;
}

async function setPrivacy(ctx: AccountsContext, member: SessionMember, input: PrivacyInput): Promise<User> {
  const patch: { invisible?: 0 | 1; private?: 0 | 1 } = {};
  if (input.invisible !== undefined) patch.invisible = input.invisible ? 1 : 0;
  if (input.private !== undefined) patch.private = input.private ? 1 : 0;
  await updateMember(ctx.db, ctx.network, member.id, patch);
  return userOf(ctx, member.id);
}

/* ------------------------------------------------------------------------------------------ */
/* Deletion and reactivation                                                                   */
/* ------------------------------------------------------------------------------------------ */

/** Spec §4/§9: a deleted account can come back within 14 days. */
export const REACTIVATION_WINDOW_MS = 14 * DAY;

/**
 * `DELETE /api/account.php`: the password proves it is the member. At once: every session ends,
 * the profile disappears, push stops; a reactivation link valid 14 days is e-mailed. The erasure
 * job removes the personal data for good once the window has passed.
 */
export async function deleteAccount(
  ctx: AccountsContext,
  sessionMember: SessionMember,
  input: DeleteAccountInput,
): Promise<{ reactivateUntil: number }> {
  const member = await requireMemberRow(ctx, sessionMember);
  await confirmPassword(ctx, member, input.password, 'password', 'password_wrong', 'deletion_failed');
  const now = ctx.clock.now();
  const reactivateUntil = now + REACTIVATION_WINDOW_MS;
  const user = await userOf(ctx, member.id);
  await setAccountState(
    ctx.db,
    ctx.network,
    member.id,
    {
      status: 'deleted',
      deleted_at: now,
      reactivate_until: reactivateUntil,
      deletion_reason: input.reason,
      deletion_comment: input.comment ?? null,
    },
    'disabled',
    now,
  );
  await deleteMemberSessions(ctx.db, ctx.network, member.id);
  await deletePushSubscriptions(ctx.db, ctx.network, member.id);
  const token = await issueToken(ctx, member.id, 'reactivation', { expiresAt: reactivateUntil });
  const locale = memberLocale(ctx.site, member.language);
  await send(ctx, locale, member.email, {
    kind: 'account_deleted',
    name: user.profile.name,
    url: pageUrl(ctx, locale, '/account-deleted', token),
    until: reactivateUntil,
  });
  await event(ctx, 'account_deleted', member.id);
  return { reactivateUntil };
}

/**
 * `POST /api/reactivate.php`: the deletion e-mail's link, within its 14 days. The account
 * returns as it was (confirmed or not) and the member is logged in.
 */
export async function reactivate(
  ctx: AccountsContext,
  input: ReactivateInput,
): Promise<{ user: User; session: IssuedSession }> {
  const now = ctx.clock.now();
  const used = await redeemToken(ctx, input.token, 'reactivation');
  const member = used ? await findMember(ctx.db, ctx.network, used.member_id) : undefined;
  if (!member || member.status !== 'deleted' || (member.reactivate_until ?? 0) <= now) {
    await event(ctx, 'reactivation_failed', member?.id ?? null);
    throw new AccountError('link_invalid');
  }
  const confirmed = member.confirmed_at !== null;
  await setAccountState(
    ctx.db,
    ctx.network,
    member.id,
    {
      status: confirmed ? 'active' : 'not_confirmed',
      deleted_at: null,
      reactivate_until: null,
      deletion_reason: null,
      deletion_comment: null,
    },
    confirmed ? 'active' : 'disabled',
    now,
  );
  await event(ctx, 'account_reactivated', member.id);
  const session = await startSession(ctx, member.id);
  return { user: await userOf(ctx, member.id), session };
}
