import { accountGuards } from '../../server/account-guards.ts';
import { newId } from '../../db/ids.ts';
import { localePath } from '../../server/request.ts';
import type { ServiceContext } from '../../server/context.ts';
import { translator } from '../../i18n/index.ts';
import { deliverHeldMessages } from '../chat/index.ts';
import { findInvite, takeInvite } from '../codes/index.ts';
import { grantSignupCredits } from '../credits/index.ts';
import { welcomeLikes } from '../likes/index.ts';
import { createMemberProfile, profileExists } from '../profiles/index.ts';
import { attachTrackingRecord, hasTrafficSource } from '../tracking/index.ts';
import { AccountError } from './accounts.errors.ts';
import {
  findMemberByEmail,
  insertAccount,
  isUniqueViolation,
  setAccountState,
  tokenTimesSince,
  updateMember,
  type MemberRow,
  type NewMember,
} from './accounts.repository.ts';
import { fieldErrors, signupInputSchema, type User } from './accounts.schemas.ts';
import type { SessionMember } from './accounts.types.ts';
import {
  type AccountsContext,
  confirmedState,
  consumeIpLimit,
  DAY,
  endSessions,
  event,
  invalid,
  type IssuedSession,
  issueToken,
  memberLocale,
  redeemToken,
  requireMemberRow,
  send,
  startSession,
  TOKEN_LIFETIME_MS,
  userOf,
} from './accounts.service-support.ts';

/* New accounts: signup (open, closed or by invitation) and the activation link. */

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

type Invite = NonNullable<Awaited<ReturnType<typeof findInvite>>>;

/**
 * Refuses a signup the site's `signups` setting does not allow (before the form is judged); on an
 * invitation site, answers the invite code found (the console's, else the tenant file's).
 */
async function checkSignupsOpen(
  ctx: AccountsContext,
  body: Record<string, unknown>,
  source: SignupSource,
): Promise<Invite | null> {
  const { site } = ctx;
  switch (site.signups) {
    case 'all':
      return null;
    case 'closed':
      throw new AccountError('signup_closed', { reason: 'closed' });
    case 'invite': {
      // Counted before the code is compared, so guessing codes costs attempts, right or wrong.
      await consumeIpLimit(ctx, 'signup-invite', site.rateLimits.signupInviteIp, ctx.clock.now());
      const invite = await findInvite(
        ctx.db,
        site,
        typeof body.invite === 'string' ? body.invite : '',
        ctx.clock.now(),
      );
      if (!invite) await refuseInvite(ctx);
      return invite;
    }
    case 'with_trafficsource':
      if (!(await hasTrafficSource(ctx, source.trackingCookie, source.queryNetwork))) {
        throw new AccountError('signup_closed', { reason: 'trafficsource' });
      }
      return null;
  }
}

async function refuseInvite(ctx: AccountsContext): Promise<never> {
  await event(ctx, 'signup_refused', null);
  throw new AccountError('signup_closed', { reason: 'invite' });
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
  const invite = await checkSignupsOpen(ctx, raw, source);

  const now = ctx.clock.now();
  const schema = signupInputSchema({
    minAge: ctx.site.limits.minAge,
    now,
    isCommonPassword: ctx.passwords.isCommon,
  });
  const parsed = schema.safeParse(raw);
  if (!parsed.success) throw invalid(fieldErrors(parsed.error));
  const input = parsed.data;

  await consumeIpLimit(ctx, 'signup-ip', ctx.site.rateLimits.signupIp, now);

  for (const guard of accountGuards())
    await guard.signingUp?.(ctx, { email: input.email, deviceId: ctx.request.browser });
  const existing = await findMemberByEmail(ctx.db, ctx.network, ctx.site.id, input.email);
  if (existing) {
    const pending = existing.status === 'deleted' && (existing.reactivate_until ?? 0) > now;
    throw new AccountError(pending ? 'account_pending_deletion' : 'email_exists');
  }
  // The invite's use is counted once the signup is good: a mistyped form costs none.
  if (invite && !(await takeInvite(ctx.db, ctx.network, invite, now))) await refuseInvite(ctx);

  const memberId = newId();
  const defaults = ctx.site.nicheConfig.signup_defaults;
  const country =
    ctx.request.countryKnown && ctx.site.countries.includes(ctx.request.country)
      ? ctx.request.country
      : ctx.site.defaultCountry;
  try {
    const member: NewMember = {
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
        input.profile && (await profileExists(ctx.db, ctx.network, input.profile)) ? input.profile : null,
    };
    // The profiles feature writes the profile, in the account's transaction.
    await insertAccount(ctx.db, ctx.network, member, (trx) =>
      createMemberProfile(trx, ctx.network, {
        id: newId(),
        memberId,
        siteId: ctx.site.id,
        name: input.name,
        gender: input.gender ?? defaults.gender,
        seeking: input.seeking ?? defaults.seeking,
        birthdate: input.date_of_birth,
        country,
        status: 'disabled',
        createdAt: now,
      }),
    );
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
  if (source.previousSessionId) await endSessions(ctx, { sessionId: source.previousSessionId });
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

/**
 * A fresh activation link for a reminder e-mail (the notification e-mails' one reminder a day
 * after signup). Like every new link of its kind, it retires the older one.
 */
export async function activationLink(
  ctx: Pick<ServiceContext, 'db' | 'clock' | 'network' | 'site'>,
  memberId: string,
  siteOrigin: string,
): Promise<{ url: string; days: number }> {
  const token = await issueToken(ctx, memberId, 'activation');
  return {
    url: `${siteOrigin}/api/activate.php?token=${encodeURIComponent(token)}`,
    days: Math.round(TOKEN_LIFETIME_MS.activation / DAY),
  };
}

/**
 * `GET /api/activate.php?token=…`: the e-mailed link, used once. Answers where to send the
 * browser: `/activate/done` or `/activate/error`, in the member's language when known. A member
 * who signed up from a profile goes on from `/activate/done` to that profile (spec §2).
 */
export async function activate(ctx: AccountsContext, token: string): Promise<string> {
  const now = ctx.clock.now();
  const { member } = await redeemToken(ctx, token, 'activation');
  if (!member || member.status === 'deleted') {
    await event(ctx, 'activation_failed', member?.id ?? null);
    return localePath(ctx.request.locale, '/activate/error');
  }
  if (member.status === 'not_confirmed') {
    await setAccountState(ctx.db, ctx.network, member.id, confirmedState(now), now);
    // Only on the first activation: a second click on the link must not bring more likes.
    await welcomeLikes(ctx, member.id);
    await grantSignupCredits(ctx, member.id, member.site_id);
    // What the member wrote before confirming (and the signup form's first message) goes out now.
    const signup =
      member.signup_message && member.signup_profile_id
        ? { text: member.signup_message, profileId: member.signup_profile_id, writtenAt: member.created_at }
        : null;
    await deliverHeldMessages(ctx, translator(memberLocale(ctx.site, member.language)), member.id, signup);
    if (member.signup_message !== null)
      await updateMember(ctx.db, ctx.network, member.id, { signup_message: null });
  }
  await event(ctx, 'activated', member.id);
  const done = localePath(memberLocale(ctx.site, member.language), '/activate/done');
  return member.signup_profile_id ? `${done}?profile=${member.signup_profile_id}` : done;
}

/** `POST /api/activate.php`: the activation e-mail again, a few times a day. */
export async function resendActivation(ctx: AccountsContext, sessionMember: SessionMember): Promise<void> {
  await resendActivationOf(ctx, await requireMemberRow(ctx, sessionMember));
}

/**
 * The activation e-mail again for an unconfirmed member, within the day's limit (the member's
 * own request, or staff's in the console); answers whether one was sent.
 */
export async function resendActivationOf(
  ctx: AccountsContext,
  member: Pick<MemberRow, 'id' | 'status' | 'email' | 'language'>,
): Promise<boolean> {
  if (member.status !== 'not_confirmed') return false;
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
  return true;
}
