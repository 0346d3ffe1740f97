import type { ServiceContext } from '../../server/context.ts';
import { platformError } from '../../server/errors.ts';
import { memberAudience, memberCard, type ProfileCard } from '../profiles/index.ts';
import { hasTrafficSource, TRACKING_COOKIE } from '../tracking/index.ts';
import {
  findSavedFilters,
  saveFilters,
  searchCount,
  searchFirstPage,
  searchPage,
  type SearchBase,
  type SqlFilters,
} from './discovery.repository.ts';
import {
  COUNT_CAP,
  encodeCursor,
  FEW_RESULTS,
  PAGE_SIZE,
  savedFiltersSchema,
  SEARCH_MAX_AGE,
  SEARCH_MIN_AGE,
  type SearchAnswer,
  type SearchFilters,
  type SearchQuery,
} from './discovery.schemas.ts';

/** Who searches: a member (their account and profile), or a visitor and how they arrived. */
export type Searcher =
  | {
      kind: 'member';
      memberId: string;
      profileId: string;
      /**
       * Keep these filters as the member's last search (for /match-finder): a search the member
       * made, not a page that opened with the niche's defaults or the saved filters themselves.
       */
      remember?: boolean | undefined;
    }
  | {
      kind: 'visitor';
      /** The tracking cookie and a `network` on the request, for `logged_out_search_trafficsource`. */
      trackingCookie?: string | undefined;
      queryNetwork?: string | undefined;
    };

/** The date `years` years before `now`, as YYYY-MM-DD (ages compare as birthdates). */
function yearsBefore(now: number, years: number): string {
  const date = new Date(now);
  date.setUTCFullYear(date.getUTCFullYear() - years);
  return date.toISOString().slice(0, 10);
}

/**
 * Who asks, as a page or the endpoint knows it: the session's member, or a visitor with the
 * tracking cookie and the `network` of the address (how they arrived).
 */
export function searcherOf(
  member: { id: string; profileId: string } | null,
  visitor: { cookies: { get(name: string): { value: string } | undefined }; url: URL },
  remember: boolean,
): Searcher {
  return member
    ? { kind: 'member', memberId: member.id, profileId: member.profileId, remember }
    : {
        kind: 'visitor',
        trackingCookie: visitor.cookies.get(TRACKING_COOKIE)?.value,
        queryNetwork: visitor.url.searchParams.get('network') ?? undefined,
      };
}

/** Whether a visitor may search here (spec §6): where the site allows it, or came from a partner where that suffices. */
async function visitorMaySearch(
  ctx: ServiceContext,
  searcher: Extract<Searcher, { kind: 'visitor' }>,
): Promise<boolean> {
  if (ctx.site.loggedOutSearch) return true;
  if (!ctx.site.loggedOutSearchTrafficsource) return false;
  return hasTrafficSource(ctx, searcher.trackingCookie, searcher.queryNetwork);
}

function baseFor(ctx: ServiceContext, searcher: Searcher, now: number): SearchBase {
  const audience = memberAudience(ctx, now);
  return searcher.kind === 'member'
    ? {
        kind: 'member',
        network: ctx.network,
        viewerProfileId: searcher.profileId,
        withheldSites: ctx.withheldSites,
        audience,
      }
    : { kind: 'visitor', network: ctx.network, audience: { ...audience, withheldSites: ctx.withheldSites } };
}

function sqlFilters(filters: SearchFilters, now: number): SqlFilters {
  return {
    gender: filters.gender,
    country: filters.country,
    region: filters.country ? filters.countryregion : undefined,
    bornOnOrBefore: filters.min_age !== undefined ? yearsBefore(now, filters.min_age) : undefined,
    bornAfter: filters.max_age !== undefined ? yearsBefore(now, filters.max_age + 1) : undefined,
  };
}

/**
 * The ways a search with few results is widened, each on top of the one before (spec §3
 * similar results): any region of the country, then five years more at each end of the age
 * range, then any country.
 */
function relaxations(filters: SearchFilters): SearchFilters[] {
  const steps: SearchFilters[] = [];
  let current = filters;
  if (current.countryregion) steps.push((current = { ...current, countryregion: undefined }));
  if (current.min_age !== undefined || current.max_age !== undefined)
    steps.push(
      (current = {
        ...current,
        min_age: current.min_age !== undefined ? Math.max(SEARCH_MIN_AGE, current.min_age - 5) : undefined,
        max_age: current.max_age !== undefined ? Math.min(SEARCH_MAX_AGE, current.max_age + 5) : undefined,
      }),
    );
  if (current.country) steps.push({ ...current, country: undefined, countryregion: undefined });
  return steps;
}

function filtersOf(input: SearchQuery): SearchFilters {
  const { gender, country, countryregion, min_age, max_age } = input;
  return { gender, country, countryregion, min_age, max_age };
}

/** The filters as stored: only those set, in a fixed order (an unchanged search writes nothing). */
function filtersJson(filters: SearchFilters): string {
  const { gender, country, countryregion, min_age, max_age } = filters;
  return JSON.stringify({ gender, country, countryregion, min_age, max_age });
}

/**
 * `GET /api/members.php`: a page of the members the searcher may see that match the filters,
 * most recently active first; 20 a page behind an opaque cursor, so page 500 costs what page 1
 * does. The first page counts (up to 1,000, then says "1000 or more") and, when few match,
 * adds similar results found with relaxed filters; later pages carry the first page's count in
 * their cursor instead of counting again. A member's own search also keeps its filters for
 * /match-finder. A visitor searches only where the site allows it.
 */
export async function searchMembers(
  ctx: ServiceContext,
  searcher: Searcher,
  input: SearchQuery,
): Promise<SearchAnswer> {
  if (searcher.kind === 'visitor' && !(await visitorMaySearch(ctx, searcher)))
    throw platformError('authentication_required');
  const now = ctx.clock.now();
  const base = baseFor(ctx, searcher, now);
  const filters = filtersOf(input);
  const where = sqlFilters(filters, now);
  const after = input.after;
  // Keeping the filters does not depend on the results: it runs beside the page's query.
  const [{ rows, count }] = await Promise.all([
    after
      ? searchPage(ctx.db, base, where, { lastActiveAt: after.t, id: after.id }, PAGE_SIZE + 1, {
          count: after.n,
          cap: COUNT_CAP,
        }).then((page) => ({ rows: page, count: undefined }))
      : searchFirstPage(ctx.db, base, where, PAGE_SIZE + 1, COUNT_CAP),
    !after && searcher.kind === 'member' && searcher.remember
      ? saveFilters(ctx.db, ctx.network, searcher.memberId, filtersJson(filters), now)
      : undefined,
  ]);
  const more = rows.length > PAGE_SIZE;
  const shown = rows.slice(0, PAGE_SIZE);
  const results = shown.map((row) => memberCard(ctx, row, now));
  const found = after
    ? after.n
    : shown.length < PAGE_SIZE
      ? shown.length
      : (count ?? (await searchCount(ctx.db, base, where, COUNT_CAP)));
  const numResults = Math.min(found, COUNT_CAP);
  const last = shown.at(-1);
  const answer: SearchAnswer = {
    results,
    numResults,
    numResults_capped: found > COUNT_CAP,
    page: input.page,
    next: more && last ? encodeCursor({ t: last.last_active_at!, id: last.id, n: found }) : null,
    similar_results: [],
    similar_numResults: 0,
  };
  if (!after && found < FEW_RESULTS) {
    const similar = await similarResults(ctx, base, filters, results, now);
    answer.similar_results = similar.results;
    answer.similar_numResults = similar.count;
  }
  return answer;
}

/** The first relaxation that finds someone new, without those already in the results. */
async function similarResults(
  ctx: ServiceContext,
  base: SearchBase,
  filters: SearchFilters,
  results: readonly ProfileCard[],
  now: number,
): Promise<{ results: ProfileCard[]; count: number }> {
  const excludeIds = results.map((card) => card.id);
  for (const relaxed of relaxations(filters)) {
    const where = { ...sqlFilters(relaxed, now), excludeIds };
    const rows = await searchPage(ctx.db, base, where, undefined, PAGE_SIZE);
    if (rows.length === 0) continue;
    const count =
      rows.length < PAGE_SIZE
        ? rows.length
        : Math.min(await searchCount(ctx.db, base, where, COUNT_CAP), COUNT_CAP);
    return { results: rows.map((row) => memberCard(ctx, row, now)), count };
  }
  return { results: [], count: 0 };
}

/** The member's last used filters (for /match-finder), or the niche's default search. */
export async function savedSearch(ctx: ServiceContext, memberId: string): Promise<SearchFilters> {
  const saved = await findSavedFilters(ctx.db, ctx.network, memberId);
  if (saved === undefined) return defaultSearch(ctx);
  try {
    return savedFiltersSchema.parse(JSON.parse(saved));
  } catch {
    return defaultSearch(ctx);
  }
}

/** The niche's default filters (niches/<niche>.json `default_search`). */
export function defaultSearch(ctx: Pick<ServiceContext, 'site'>): SearchFilters {
  const search = ctx.site.nicheConfig.default_search;
  return {
    gender: search.gender,
    min_age: search.min_age,
    max_age: Math.min(search.max_age, SEARCH_MAX_AGE),
  };
}
