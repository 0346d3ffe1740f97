import type { ServiceContext } from '../../server/context.ts';
import { DomainError } from '../../server/errors.ts';
import { announceLike, likeableProfile, likesToday, recordLike } from '../likes/index.ts';
import { memberAudience, memberCard } from '../profiles/index.ts';
import { deck, priorSwipe, saveSwipe, withSwipeLock } from './swipe.repository.ts';
import type { RemainingToday, SwipeAnswer, SwipeDeck, SwipeInput } from './swipe.schemas.ts';

/** What the swipe rules need of the member playing. */
export interface Swiper {
  profileId: string;
  /** Premium members swipe without a daily limit. */
  paidUser: boolean;
  /**
   * IANA zone: the member's day starts at their own midnight. A day once begun holds until it
   * ends, whatever zone the member moves to meanwhile (the likes feature keeps the day).
   */
  timeZone: string;
  /** An invisible member's likes tell nobody. */
  invisible: boolean;
  /** Who the member is and whom they seek: the deck deals only profiles that fit both ways. */
  gender: 'male' | 'female';
  seeking: 'male' | 'female' | 'both';
}

async function remainingToday(ctx: ServiceContext, swiper: Swiper): Promise<RemainingToday> {
  if (swiper.paidUser) return null;
  const { swipeLikes } = await likesToday(ctx, swiper);
  return Math.max(0, ctx.site.limits.swipeLikesPerDay - swipeLikes);
}

/**
 * `GET /api/swipe.php`: profiles of the niche the member has neither swiped nor liked, that fit
 * both ways: of a gender the member seeks, seeking someone of the member's gender.
 */
export async function swipeDeck(ctx: ServiceContext, swiper: Swiper): Promise<SwipeDeck> {
  const now = ctx.clock.now();
  const [rows, remaining] = await Promise.all([
    deck(ctx.db, ctx.network, swiper, ctx.withheldSites, memberAudience(ctx, now)),
    remainingToday(ctx, swiper),
  ]);
  return { profiles: rows.map((row) => memberCard(ctx, row, now)), remaining_today: remaining };
}

function limitReached(limit: number): DomainError {
  return new DomainError('swipe_limit_reached', {
    status: 403,
    message: 'swipe.limit_reached',
    vars: { count: limit },
    details: { limit, remaining_today: 0 },
  });
}

/**
 * `POST /api/swipe.php`: a pass keeps the profile out of the deck; a like is a like (a match
 * when mutual) and, for a free member, one of the day's few. The like is counted into the day
 * first and judged after, under the member's lock, so eight likes sent at once still make four;
 * a refusal rolls back the swipe, the like and their count.
 */
export async function swipe(ctx: ServiceContext, swiper: Swiper, input: SwipeInput): Promise<SwipeAnswer> {
  const target = await likeableProfile(ctx, swiper, input.profile);
  const now = ctx.clock.now();
  if (input.action === 'pass') {
    await saveSwipe(ctx.db, ctx.network, swiper.profileId, target.id, 'pass', now);
    return { remaining_today: await remainingToday(ctx, swiper), match: false };
  }
  const limit = swiper.paidUser ? Infinity : ctx.site.limits.swipeLikesPerDay;
  const outcome = await withSwipeLock(ctx.db, ctx.network, swiper.profileId, async (trx) => {
    const prior = await priorSwipe(trx, ctx.network, swiper.profileId, target.id);
    // Liking the same profile again is the same like: it costs nothing twice.
    const counts = prior !== 'like';
    if (counts) await saveSwipe(trx, ctx.network, swiper.profileId, target.id, 'like', now);
    const liked = await recordLike(ctx, trx, swiper, target, { swipe: counts });
    if (counts && liked.day.swipeLikes > limit) throw limitReached(limit);
    return liked;
  });
  if (outcome.added) await announceLike(ctx, swiper, target, outcome.match);
  return {
    remaining_today: swiper.paidUser ? null : Math.max(0, limit - outcome.day.swipeLikes),
    match: outcome.match,
  };
}
