import { localePath } from '../../server/request.ts';
import { clearLoginFailures } from '../security/index.ts';
import { retireMainPhotoFiles } from '../photos/index.ts';
import { AccountError } from './accounts.errors.ts';
import {
  findMemberByEmail,
  isUniqueViolation,
  setAccountState,
  setPublicConsent,
  tokenTimesSince,
  updateMember,
} from './accounts.repository.ts';
import {
  type AccountInput,
  type EmailChangeInput,
  type PasswordChangeInput,
  type PrivacyInput,
  type ResetDoInput,
  type ResetRequestInput,
  type User,
} from './accounts.schemas.ts';
import type { SessionMember } from './accounts.types.ts';
import {
  type AccountsContext,
  confirmedState,
  confirmPassword,
  consumeIpLimit,
  DAY,
  endSessions,
  event,
  HOUR,
  invalid,
  type IssuedSession,
  issueToken,
  memberLocale,
  MINUTE,
  pageUrl,
  redeemToken,
  requireMemberRow,
  retireAccountLinks,
  send,
  startSession,
  TOKEN_LIFETIME_MS,
  userOf,
} from './accounts.service-support.ts';

/* The account's credentials and settings: password reset, password and e-mail change, privacy. */

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
  await consumeIpLimit(ctx, 'reset-ip', ctx.site.rateLimits.passwordResetIp, now);
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
  const { member } = await redeemToken(ctx, input.token, 'reset');
  if (!member || member.status === 'deleted') {
    await event(ctx, 'password_reset_failed', member?.id ?? null);
    throw new AccountError('link_invalid');
  }
  await updateMember(ctx.db, ctx.network, member.id, {
    password_hash: await ctx.passwords.hash(input.password),
  });
  if (member.status === 'not_confirmed') {
    await setAccountState(ctx.db, ctx.network, member.id, confirmedState(now), now);
  }
  await endSessions(ctx, { memberId: member.id });
  await retireAccountLinks(ctx, member.id);
  await clearLoginFailures(ctx.rateLimiter, ctx.site, { email: member.email, ip: ctx.request.ip });
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
  /**
   * What the site's public pages show changed (consent or a privacy mode): pages kept by a cache
   * of this process must be dropped now, not when they expire.
   */
  publicPagesChanged?: boolean;
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
      return { user: await setPrivacy(ctx, member, input), publicPagesChanged: true };
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
  await endSessions(ctx, { memberId: member.id });
  await retireAccountLinks(ctx, member.id);
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
  const limit = await ctx.rateLimiter.consume(
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
  const { member, payload } = await redeemToken(ctx, token, 'mail_change');
  const email = payload ? (JSON.parse(payload) as { email?: string }).email : undefined;
  const error = localePath(ctx.request.locale, '/mail-change/do') + '?status=error';
  if (!member || member.status === 'deleted' || !email) {
    await event(ctx, 'email_change_failed', member?.id ?? null);
    return error;
  }
  const done = localePath(memberLocale(ctx.site, member.language), '/mail-change/do') + '?status=done';
  try {
    if (member.status === 'not_confirmed') {
      await setAccountState(ctx.db, ctx.network, member.id, { email, ...confirmedState(now) }, now);
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
  const before = input.public_profile === false ? await userOf(ctx, member.id) : undefined;
  await ctx.db.transaction().execute(async (trx) => {
    if (Object.keys(patch).length) await updateMember(trx, ctx.network, member.id, patch);
    if (input.public_profile !== undefined)
      await setPublicConsent(trx, ctx.network, member.id, input.public_profile);
  });
  // The main photo was public and is no longer: its files get new names, so its old public
  // address stops answering (and no cache can refresh it).
  if (
    (input.invisible && !member.invisible) ||
    (input.private && !member.private) ||
    before?.public_profile === true
  )
    await retireMainPhotoFiles(ctx, member.profileId);
  return userOf(ctx, member.id);
}
