import type { Transaction } from 'kysely';
import type { Database } from '../../db/database.ts';
import { dayAt } from '../../lib/member-day.ts';
import type { ServiceContext } from '../../server/context.ts';
import { DomainError, platformError } from '../../server/errors.ts';
import { refuseIfBlocked } from '../blocks/index.ts';
import { notify } from '../notifications/index.ts';
import { memberAudience, memberCard, refuseUnlessSeenBack } from '../profiles/index.ts';
import {
  countIntoDay,
  dayCount,
  deleteLike,
  noteLikeTold,
  type LikeDayCount,
  fictionalWelcomers,
  insertLike,
  likeExists,
  listFirstPages,
  listLiked,
  listLikedBy,
  listMatches,
  markSeen,
  newestUnseen,
  profileOfMember,
  visibleTarget,
  type Scope,
} from './likes.repository.ts';
import {
  encodeLikesCursor,
  LIKES_PAGE_SIZE,
  type AutoLike,
  type LikesAnswer,
  type LikesList,
  type LikesQuery,
} from './likes.schemas.ts';

/** What a likes rule needs to know of the member asking. */
export interface Liker {
  profileId: string;
  /** IANA zone: the member's day of likes starts at their own midnight. */
  timeZone: string;
  /** Invisible mode hides the member: their likes tell nobody. */
  invisible: boolean;
}

/** API.md's 403 `like_limit_reached`: the member gave the day's likes (`limits.likes_per_day`). */
function likeLimitReached(limit: number): DomainError {
  return new DomainError('like_limit_reached', {
    status: 403,
    message: 'likes.limit_reached',
    details: { limit },
  });
}

function scopeOf(ctx: ServiceContext, profileId: string): Scope {
  return { network: ctx.network, viewer: { profileId }, withheldSites: ctx.withheldSites };
}

/**
 * A profile the member may like or swipe: 404 when the member may not see it (another network,
 * invisible, private, not active, their own), 403 `blocked` when either side blocked the other
 * (the message names who), 403 `unreachable` when it could not see the member back (the
 * member's site withholds its members from the sister brand it belongs to). Answers the
 * account behind it, which learns of the like.
 */
export async function likeableProfile(
  ctx: ServiceContext,
  viewer: Pick<Liker, 'profileId'>,
  profileId: string,
): Promise<{ id: string; memberId: string | null }> {
  await refuseIfBlocked(ctx, viewer.profileId, profileId, {
    byThem: 'likes.blocked_by',
    byViewer: 'likes.you_blocked',
  });
  const target = await visibleTarget(ctx.db, scopeOf(ctx, viewer.profileId), profileId);
  if (!target) throw platformError('not_found');
  refuseUnlessSeenBack(ctx, target.site_id, 'likes.unreachable');
  return { id: target.id, memberId: target.member_id };
}

/**
 * Records a like of a profile already checked by `likeableProfile`, inside the caller's
 * transaction `trx` (the swipe game's, or `like`'s): liking twice changes nothing. A new like
 * is counted into the member's day first and judged after, so parallel likes each see the
 * others' and a refusal (403 `like_limit_reached`) rolls the like back with its count. `swipe`
 * counts a swipe like beside it. Answers whether the two now like each other, whether the like
 * is new, and the day's counts after it.
 */
export async function recordLike(
  ctx: ServiceContext,
  trx: Transaction<Database>,
  viewer: Liker,
  target: { id: string; memberId: string | null },
  options: { swipe?: boolean } = {},
): Promise<{ match: boolean; added: boolean; day: LikeDayCount }> {
  const now = ctx.clock.now();
  const added = await insertLike(trx, ctx.network, viewer.profileId, target.id, now);
  const day = await countIntoDay(trx, ctx.network, viewer.profileId, dayAt(now, viewer.timeZone), {
    likes: added ? 1 : 0,
    swipe: options.swipe ? 1 : 0,
  });
  const limit = ctx.site.limits.likesPerDay;
  if (added && day.likes > limit) throw likeLimitReached(limit);
  const match = await likeExists(trx, ctx.network, target.id, viewer.profileId, now);
  return { match, added, day };
}

/** The likes the member gave today (`swipeLikes`: in the swipe game). */
export function likesToday(ctx: ServiceContext, viewer: Pick<Liker, 'profileId' | 'timeZone'>) {
  const now = ctx.clock.now();
  return dayCount(ctx.db, ctx.network, viewer.profileId, dayAt(now, viewer.timeZone).start);
}

/**
 * The liked member learns of a new like (and of a match) at once, on every device: once for
 * each like, however often it is taken back and given again, and never from an invisible
 * member (invisible mode hides them, their likes included).
 */
export async function announceLike(
  ctx: ServiceContext,
  viewer: Liker,
  target: { id: string; memberId: string | null },
  match: boolean,
): Promise<void> {
  if (viewer.invisible) return;
  // Operator profiles have no account: their operators see likes in the console instead.
  if (!target.memberId) return;
  if (!(await noteLikeTold(ctx.db, ctx.network, viewer.profileId, target.id, ctx.clock.now()))) return;
  await ctx.realtime.publish(ctx.network, target.memberId, 'like', { profile: viewer.profileId });
  if (match) await ctx.realtime.publish(ctx.network, target.memberId, 'match', { profile: viewer.profileId });
  // A match is the like's better news: one notification, not two.
  await notify(ctx, {
    type: match ? 'match' : 'like',
    recipientMemberId: target.memberId,
    actorProfileId: viewer.profileId,
  });
}

/** `POST /api/like.php`. */
export async function like(
  ctx: ServiceContext,
  viewer: Liker,
  profileId: string,
): Promise<{ liked: true; match: boolean }> {
  const target = await likeableProfile(ctx, viewer, profileId);
  const { match, added } = await ctx.db.transaction().execute((trx) => recordLike(ctx, trx, viewer, target));
  if (added) await announceLike(ctx, viewer, target, match);
  return { liked: true, match };
}

/** `DELETE /api/like.php`: one's own like can always be taken back, whoever the profile is now. */
export async function unlike(
  ctx: ServiceContext,
  viewer: Liker,
  profileId: string,
): Promise<{ liked: false }> {
  await deleteLike(ctx.db, ctx.network, viewer.profileId, profileId);
  return { liked: false };
}

/** A page of `rows` (asked for one more than a page) and the cursor of the next, if any. */
function paged<R extends { id: string; liked_at: number }>(rows: R[]): { rows: R[]; next: string | null } {
  const shown = rows.slice(0, LIKES_PAGE_SIZE);
  const last = shown.at(-1);
  return {
    rows: shown,
    next: rows.length > LIKES_PAGE_SIZE && last ? encodeLikesCursor({ t: last.liked_at, id: last.id }) : null,
  };
}

/**
 * `GET /api/likes.php`: cards the member may see, newest first, a page of each list; with
 * `list`, only that list, from `after` on. A cursor only says where to go on in the member's
 * own list: every page is read from the member's own likes through the visibility rule, so a
 * cursor of someone else's list shows nothing of theirs.
 */
export async function likesOf(
  ctx: ServiceContext,
  viewer: Liker,
  query: LikesQuery = {},
): Promise<LikesAnswer> {
  const now = ctx.clock.now();
  const scope = scopeOf(ctx, viewer.profileId);
  const wants = (list: LikesList) => query.list === undefined || query.list === list;
  const after = query.after;
  const limit = LIKES_PAGE_SIZE + 1;
  // The first pages of all three (the likes page, the call without a list): one statement.
  const {
    profiles: liked,
    liked_by: likedBy,
    matches,
  } = query.list === undefined && after === undefined
    ? await listFirstPages(ctx.db, scope, now, limit)
    : {
        profiles: wants('profiles') ? await listLiked(ctx.db, scope, after, limit) : [],
        liked_by: wants('liked_by') ? await listLikedBy(ctx.db, scope, now, after, limit) : [],
        matches: wants('matches') ? await listMatches(ctx.db, scope, now, after, limit) : [],
      };
  const [likedPage, likedByPage, matchesPage] = [paged(liked), paged(likedBy), paged(matches)];
  return {
    profiles: likedPage.rows.map((row) => memberCard(ctx, row, now)),
    liked_by: likedByPage.rows.map((row) => ({
      id: row.id,
      like_new: row.seen_at === null,
      liked_back: Boolean(row.liked_back),
      profile: memberCard(ctx, row, now),
    })),
    matches: matchesPage.rows.map((row) => memberCard(ctx, row, now)),
    next: { profiles: likedPage.next, liked_by: likedByPage.next, matches: matchesPage.next },
  };
}

/** `POST /api/like-seen.php`, and opening the liker's profile (spec §4). */
export async function markLikeSeen(
  ctx: ServiceContext,
  viewerProfileId: string,
  likerProfileId: string,
): Promise<void> {
  await markSeen(ctx.db, ctx.network, likerProfileId, viewerProfileId, ctx.clock.now());
}

/**
 * `GET /api/auto-like.php`: the newest like the member has not seen, from a profile they may
 * see, or nothing. It is always a stored like: a real member's like is never made up, and a
 * fictional profile's carries `fictional: true` for the label.
 */
export async function autoLike(ctx: ServiceContext, viewer: Liker): Promise<AutoLike | null> {
  const now = ctx.clock.now();
  const row = await newestUnseen(ctx.db, scopeOf(ctx, viewer.profileId), now);
  if (!row) return null;
  const card = memberCard(ctx, row, now);
  return {
    profile: {
      id: card.id,
      name: card.name,
      main_image: { match: card.main_image.match },
      fictional: card.fictional,
    },
  };
}

/** The first welcome like arrives this long after activation, the next ones this far apart. */
export const WELCOME_FIRST_MS = 60_000;
export const WELCOME_SPACING_MS = 3 * 60_000;

/**
 * Likes from operator-run fictional profiles for a member who has just activated, where the
 * site enables them (`fictional_welcome_likes`; off by default). Always from profiles marked
 * fictional, so every place that shows them shows the label.
 *
 * They are written at once with `created_at` spread over the next minutes rather than by a
 * job: a row is the whole truth (no queue to lose or run twice across processes), every read
 * already asks for `created_at <= now`, so a like simply comes into existence when due, and a
 * test moves the clock instead of waiting for a runner. The price: no realtime event when one
 * becomes due; the member's likes refresh (every minute) and the like modal pick it up.
 */
export async function welcomeLikes(ctx: ServiceContext, memberId: string): Promise<void> {
  const count = ctx.site.fictionalWelcomeLikes;
  if (count <= 0) return;
  const profileId = await profileOfMember(ctx.db, ctx.network, memberId);
  if (!profileId) return;
  const now = ctx.clock.now();
  const senders = await fictionalWelcomers(ctx.db, scopeOf(ctx, profileId), memberAudience(ctx, now), count);
  for (const [i, sender] of senders.entries())
    await insertLike(ctx.db, ctx.network, sender, profileId, now + WELCOME_FIRST_MS + i * WELCOME_SPACING_MS);
}
