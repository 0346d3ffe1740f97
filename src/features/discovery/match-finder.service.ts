import type { ServiceContext } from '../../server/context.ts';
import { ageOn, memberAudience, memberCard, ONLINE_WINDOW_MS } from '../profiles/index.ts';
import { readKeptFilters, type SearchFilters } from './discovery.schemas.ts';
import { defaultSearch, type Seeker } from './discovery.service.ts';
import {
  findCandidates,
  findMatcherSelf,
  sharedInterests,
  type CandidateRow,
} from './match-finder.repository.ts';
import {
  encodeMatchCursor,
  MATCH_PAGE,
  MATCH_POOL,
  type MatchAnswer,
  type MatchCard,
  type MatchReasons,
} from './match-finder.schemas.ts';

/** Who asks for matches: the session's member. */
export interface Matcher extends Seeker {
  profileId: string;
  country: string;
  /**
   * The profile's place and the member's kept filters as the session read them (null: none):
   * with them the finder reads nothing else of the member. Undefined: read now.
   */
  region?: string | null;
  city?: string | null;
  keptFilters?: string | null;
}

const DAY_MS = 24 * 60 * 60 * 1000;

/** The date `years` years before `now`, as YYYY-MM-DD (ages compare as birthdates). */
function yearsBefore(now: number, years: number): string {
  const date = new Date(now);
  date.setUTCFullYear(date.getUTCFullYear() - years);
  return date.toISOString().slice(0, 10);
}

/** Filters kept as JSON, or undefined where there are none (or they no longer parse). */
function parsedFilters(json: string | null): Readonly<SearchFilters> | undefined {
  return json === null ? undefined : readKeptFilters(json);
}

/**
 * How well a candidate fits, as points: interests in common weigh most, then whether the
 * member's age is what the candidate looks for, how near they live, and how recently the
 * candidate was here; a smaller age gap breaks ties. Seeking both ways and the member's own age
 * wish are not points: a candidate who fails them is not in the pool.
 */
export function matchScore(reasons: MatchReasons, ageGap: number, lastActiveAgoMs: number): number {
  const interests = 2 * Math.min(reasons.shared_interests, 5);
  const age = reasons.age_fits ? 4 : 0;
  const near = reasons.near ? { city: 4, region: 3, country: 2 }[reasons.near] : 0;
  const recent =
    lastActiveAgoMs < ONLINE_WINDOW_MS
      ? 3
      : lastActiveAgoMs < DAY_MS
        ? 2
        : lastActiveAgoMs < 7 * DAY_MS
          ? 1
          : 0;
  return interests + age + near + recent - Math.min(ageGap, 30) / 10;
}

/**
 * `/match-finder` and `GET /api/match-finder.php`: the profiles that fit the member both ways
 * (whom each seeks, and the member's age wish), ranked by how well they fit: interests in
 * common, whether the member's age is what they look for (their kept filters, else their
 * defaults), distance (city, region, country) and recent activity. The pool is the
 * `MATCH_POOL` most recently active of them, so a request reads three bounded statements
 * whatever the size of the network; pages go through the ranked pool.
 */
export async function findMatches(ctx: ServiceContext, matcher: Matcher, after = 0): Promise<MatchAnswer> {
  const now = ctx.clock.now();
  const self =
    matcher.keptFilters !== undefined && matcher.region !== undefined && matcher.city !== undefined
      ? { region: matcher.region, city: matcher.city, filters: matcher.keptFilters }
      : await findMatcherSelf(ctx.db, ctx.network, matcher.profileId);
  const wish = parsedFilters(self?.filters ?? null) ?? defaultSearch(ctx, matcher);
  const defaults = defaultSearch(ctx, matcher);
  const minAge = wish.min_age ?? defaults.min_age ?? 18;
  const maxAge = wish.max_age ?? defaults.max_age ?? 99;
  const candidates = await findCandidates(ctx.db, {
    network: ctx.network,
    viewerProfileId: matcher.profileId,
    withheldSites: ctx.withheldSites,
    audience: memberAudience(ctx, now),
    sought: matcher.seeking === 'both' ? ['male', 'female'] : [matcher.seeking],
    gender: matcher.gender,
    bornOnOrBefore: yearsBefore(now, minAge),
    bornAfter: yearsBefore(now, maxAge + 1),
    limit: MATCH_POOL,
  });
  const shared = await sharedInterests(
    ctx.db,
    ctx.network,
    matcher.profileId,
    candidates.map((row) => row.id),
  );
  const myAge = ageOn(matcher.birthdate, now);
  const ranked = candidates
    .map((row) => {
      const reasons = reasonsFor(ctx, row, { ...self, country: matcher.country }, myAge, shared);
      const ageGap = Math.abs(ageOn(row.birthdate, now) - myAge);
      return { row, reasons, score: matchScore(reasons, ageGap, now - (row.last_active_at ?? 0)) };
    })
    .sort(
      (a, b) =>
        b.score - a.score ||
        (b.row.last_active_at ?? 0) - (a.row.last_active_at ?? 0) ||
        (a.row.id < b.row.id ? 1 : -1),
    );
  const page = ranked.slice(after, after + MATCH_PAGE);
  const results: MatchCard[] = page.map(({ row, reasons }) => ({ ...memberCard(ctx, row, now), reasons }));
  const end = after + page.length;
  return { results, next: end < ranked.length && end < MATCH_POOL ? encodeMatchCursor(end) : null };
}

function reasonsFor(
  ctx: ServiceContext,
  row: CandidateRow,
  me: { region?: string | null; city?: string | null; country: string },
  myAge: number,
  shared: ReadonlyMap<string, number>,
): MatchReasons {
  // What the candidate looks for: the filters they kept, else the defaults a search gives them.
  const theirs =
    parsedFilters(row.kept_filters) ??
    defaultSearch(ctx, { gender: row.gender, seeking: row.seeking, birthdate: row.birthdate });
  const age_fits =
    (theirs.min_age === undefined || myAge >= theirs.min_age) &&
    (theirs.max_age === undefined || myAge <= theirs.max_age);
  const sameCountry = row.country === me.country;
  const near =
    sameCountry && me.city && row.city && me.city.toLowerCase() === row.city.toLowerCase()
      ? 'city'
      : sameCountry && me.region && row.region === me.region
        ? 'region'
        : sameCountry
          ? 'country'
          : null;
  return { shared_interests: shared.get(row.id) ?? 0, near, age_fits };
}
