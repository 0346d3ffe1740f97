import type { ServiceContext } from '../../server/context.ts';
import { DomainError } from '../../server/errors.ts';
import { announceLike, likeableProfile, recordLike } from '../likes/index.ts';
import { memberAudience, memberCard } from '../profiles/index.ts';
import { startOfDay } from './swipe.day.ts';
import { deck, likesSince, priorSwipe, saveSwipe, withSwipeLock } from './swipe.repository.ts';
import type { RemainingToday, SwipeAnswer, SwipeDeck, SwipeInput } from './swipe.schemas.ts';

/** What the swipe rules need of the member playing. */
export interface Swiper {
  profileId: string;
  /** Premium members swipe without a daily limit. */
  paidUser: boolean;
  /** IANA zone: the member's day starts at their own midnight. */
  timeZone: string;
}

async function remainingToday(ctx: ServiceContext, swiper: Swiper, now: number): Promise<RemainingToday> {
  if (swiper.paidUser) return null;
  const used = await likesSince(ctx.db, ctx.network, swiper.profileId, startOfDay(now, swiper.timeZone));
  return Math.max(0, ctx.site.limits.swipeLikesPerDay - used);
}

/** `GET /api/swipe.php`: profiles of the niche the member has neither swiped nor liked. */
export async function swipeDeck(ctx: ServiceContext, swiper: Swiper): Promise<SwipeDeck> {
  const now = ctx.clock.now();
  const [rows, remaining] = await Promise.all([
    deck(ctx.db, ctx.network, swiper, ctx.withheldSites, memberAudience(ctx, now)),
    remainingToday(ctx, swiper, now),
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
 * when mutual) and, for a free member, one of the day's few. The count and the like happen
 * under the member's lock, so eight likes sent at once still make four.
 */
export async function swipe(ctx: ServiceContext, swiper: Swiper, input: SwipeInput): Promise<SwipeAnswer> {
  const target = await likeableProfile(ctx, swiper, input.profile);
  const now = ctx.clock.now();
  if (input.action === 'pass') {
    await saveSwipe(ctx.db, ctx.network, swiper.profileId, target.id, 'pass', now);
    return { remaining_today: await remainingToday(ctx, swiper, now), match: false };
  }
  const limit = swiper.paidUser ? Infinity : ctx.site.limits.swipeLikesPerDay;
  const since = startOfDay(now, swiper.timeZone);
  const outcome = await withSwipeLock(ctx.db, ctx.network, swiper.profileId, async (trx) => {
    const prior = await priorSwipe(trx, ctx.network, swiper.profileId, target.id);
    const used = await likesSince(trx, ctx.network, swiper.profileId, since);
    // Liking the same profile again is the same like: it costs nothing twice.
    if (prior !== 'like') {
      if (used >= limit) return { refused: true as const };
      await saveSwipe(trx, ctx.network, swiper.profileId, target.id, 'like', now);
    }
    const liked = await recordLike(ctx, trx, swiper, target);
    return { refused: false as const, ...liked, used: prior === 'like' ? used : used + 1 };
  });
  if (outcome.refused) throw limitReached(limit);
  if (outcome.added) await announceLike(ctx, swiper, target, outcome.match);
  return {
    remaining_today: swiper.paidUser ? null : Math.max(0, limit - outcome.used),
    match: outcome.match,
  };
}
