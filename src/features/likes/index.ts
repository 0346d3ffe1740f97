/*
 * STUB (issue 10, profile view helper): the likes helper builds the real likes feature with the
 * same `likeStateBetween` and `markLikeSeen`. MERGER: take the likes helper's version.
 */
import type { ServiceContext } from '../../server/context.ts';
import { platformError } from '../../server/errors.ts';
import { canSee, deleteLike, insertLike, likesBetween, markSeen } from './likes.repository.ts';

/** Whether the viewer likes the other profile, and whether the other likes the viewer. */
export async function likeStateBetween(
  ctx: ServiceContext,
  viewerProfileId: string,
  otherProfileId: string,
): Promise<{ liked: boolean; liked_by: boolean }> {
  const rows = await likesBetween(ctx.db, ctx.network, viewerProfileId, otherProfileId);
  return {
    liked: rows.some((r) => r.liker_profile_id === viewerProfileId),
    liked_by: rows.some((r) => r.liker_profile_id === otherProfileId),
  };
}

/** Clears the new-like flag of the liker's like to the viewer. */
export async function markLikeSeen(
  ctx: ServiceContext,
  viewerProfileId: string,
  likerProfileId: string,
): Promise<void> {
  await markSeen(ctx.db, ctx.network, viewerProfileId, likerProfileId, ctx.clock.now());
}

/** STUB of `POST /api/like.php`. */
export async function likeProfile(
  ctx: ServiceContext,
  viewerProfileId: string,
  otherProfileId: string,
): Promise<{ liked: true; match: boolean }> {
  if (!(await canSee(ctx.db, ctx.network, viewerProfileId, otherProfileId, ctx.withheldSites)))
    throw platformError('not_found');
  await insertLike(ctx.db, ctx.network, viewerProfileId, otherProfileId, ctx.clock.now());
  const state = await likeStateBetween(ctx, viewerProfileId, otherProfileId);
  return { liked: true, match: state.liked_by };
}

/** STUB of `DELETE /api/like.php`. */
export async function unlikeProfile(
  ctx: ServiceContext,
  viewerProfileId: string,
  otherProfileId: string,
): Promise<{ liked: false }> {
  await deleteLike(ctx.db, ctx.network, viewerProfileId, otherProfileId);
  return { liked: false };
}

export { likeInputSchema } from './likes.schemas.ts';
