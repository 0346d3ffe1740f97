import type { ServiceContext } from '../../server/context.ts';
import { likeOutcomesByPremium, type LikeOutcomes } from './credits.claim.repository.ts';

/*
 * The premium claim of spec §9 ("premium members have a higher match chance"), measured in this
 * network instead of printed as a fixed number: the match rate (likes given that were liked back)
 * of premium members against free members, as a percentage advantage. It is shown only when both
 * groups are large enough for the figure to mean something, and only when premium members
 * actually do better; otherwise the answer is null and the page makes no numeric claim.
 */

/** Each group needs at least this many members who gave likes… */
export const CLAIM_MIN_MEMBERS = 20;
/** …and at least this many likes given, before a rate is taken as measured. */
export const CLAIM_MIN_LIKES = 200;
/** The figure is recomputed at most this often per network (it moves slowly, the query is not free). */
const CLAIM_TTL_MS = 10 * 60 * 1000;

const cache = new Map<string, { at: number; claim: number | null }>();

/** The advantage in whole percent, or null while either group's sample is too small. */
export function premiumAdvantage(outcomes: readonly LikeOutcomes[]): number | null {
  const paid = outcomes.find((o) => o.paid);
  const free = outcomes.find((o) => !o.paid);
  const measured = (g: LikeOutcomes | undefined): g is LikeOutcomes =>
    g !== undefined && g.members >= CLAIM_MIN_MEMBERS && g.likes >= CLAIM_MIN_LIKES;
  if (!measured(paid) || !measured(free) || free.matches === 0) return null;
  // (paid.matches / paid.likes) / (free.matches / free.likes) − 1, in integers until the division.
  const advantage = Math.floor(
    ((paid.matches * free.likes - paid.likes * free.matches) * 100) / (paid.likes * free.matches),
  );
  return advantage > 0 ? advantage : null;
}

export async function premiumClaim(ctx: ServiceContext): Promise<number | null> {
  const now = ctx.clock.now();
  const hit = cache.get(ctx.network);
  if (hit && now - hit.at < CLAIM_TTL_MS && now >= hit.at) return hit.claim;
  const claim = premiumAdvantage(await likeOutcomesByPremium(ctx.db, ctx.network));
  cache.set(ctx.network, { at: now, claim });
  return claim;
}
