import { retireMainPhotoFiles } from '../photos/index.ts';
import { AccountError } from './accounts.errors.ts';
import { deletePushSubscriptions, setAccountState } from './accounts.repository.ts';
import { type DeleteAccountInput, type ReactivateInput, type User } from './accounts.schemas.ts';
import type { SessionMember } from './accounts.types.ts';
import {
  type AccountsContext,
  confirmPassword,
  DAY,
  endSessions,
  event,
  type IssuedSession,
  issueToken,
  memberLocale,
  pageUrl,
  redeemToken,
  requireMemberRow,
  retireAccountLinks,
  send,
  startSession,
  userOf,
} from './accounts.service-support.ts';

/* Deleting an account and bringing it back within its window. */

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
    now,
  );
  await endSessions(ctx, { memberId: member.id });
  await deletePushSubscriptions(ctx.db, ctx.network, member.id);
  // The profile is shown to nobody now: its main photo's public address stops answering.
  await retireMainPhotoFiles(ctx, sessionMember.profileId);
  await retireAccountLinks(ctx, member.id);
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
  const { member } = await redeemToken(ctx, input.token, 'reactivation');
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
    now,
  );
  await event(ctx, 'account_reactivated', member.id);
  const session = await startSession(ctx, member.id);
  return { user: await userOf(ctx, member.id), session };
}
