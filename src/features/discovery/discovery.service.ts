import type { ServiceContext } from '../../server/context.ts';
import { platformError } from '../../server/errors.ts';
import { ageOn, memberAudience, memberCard, type ProfileCard } from '../profiles/index.ts';
import { hasTrafficSource, TRACKING_COOKIE } from '../tracking/index.ts';
import {
  dropFilters,
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
  readKeptFilters,
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
      /** Who the member is and seeks: a search with exactly their default filters keeps none. */
      seeker?: Seeker | undefined;
      /**
       * The filters kept when the request began (the session's read; null: none), so that a
       * search that keeps what is kept already writes nothing. Undefined: not known.
       */
      kept?: string | null | undefined;
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
 * tracking cookie and the `network` of the address (how they arrived). `visitor` is asked only
 * for a visitor: a member's search reads nothing else of the request (the built server answers
 * it without Astro's context, src/app/gateways.ts).
 */
export function searcherOf(
  member: ({ id: string; profileId: string; keptFilters?: string | null } & Partial<Seeker>) | null,
  visitor: () => { cookies: { get(name: string): { value: string } | undefined }; url: URL },
  remember: boolean,
): Searcher {
  if (!member) {
    const { cookies, url } = visitor();
    return {
      kind: 'visitor',
      trackingCookie: cookies.get(TRACKING_COOKIE)?.value,
      queryNetwork: url.searchParams.get('network') ?? undefined,
    };
  }
  return {
    kind: 'member',
    memberId: member.id,
    profileId: member.profileId,
    remember,
    kept: member.keptFilters,
    seeker:
      member.gender && member.seeking && member.birthdate
        ? { gender: member.gender, seeking: member.seeking, birthdate: member.birthdate }
        : undefined,
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
 * Keeps a member's search as their filters for the next visit. A search with exactly the
 * member's default filters (what "Reset" asks) keeps nothing: the defaults then follow the
 * member's profile if it changes.
 */
function keepFilters(
  ctx: ServiceContext,
  searcher: Extract<Searcher, { kind: 'member' }>,
  filters: SearchFilters,
  now: number,
): Promise<void> {
  const json = filtersJson(filters);
  if (searcher.seeker && json === filtersJson(defaultSearch(ctx, searcher.seeker)))
    return searcher.kept === null ? Promise.resolve() : dropFilters(ctx.db, ctx.network, searcher.memberId);
  return searcher.kept === json
    ? Promise.resolve()
    : saveFilters(ctx.db, ctx.network, searcher.memberId, json, now);
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
  // The search may read a replica (DATABASE_READ_URL): a profile a moment old may be missing.
  const reader = ctx.readDb ?? ctx.db;
  // Keeping the filters does not depend on the results: it runs beside the page's query.
  const [{ rows, count }] = await Promise.all([
    after
      ? searchPage(reader, base, where, { lastActiveAt: after.t, id: after.id }, PAGE_SIZE + 1, {
          count: after.n,
          cap: COUNT_CAP,
        }).then((page) => ({ rows: page, count: undefined }))
      : searchFirstPage(reader, base, where, PAGE_SIZE + 1, COUNT_CAP),
    !after && searcher.kind === 'member' && searcher.remember
      ? keepFilters(ctx, searcher, filters, now)
      : undefined,
  ]);
  const more = rows.length > PAGE_SIZE;
  const shown = rows.slice(0, PAGE_SIZE);
  const results = shown.map((row) => memberCard(ctx, row, now));
  const found = after
    ? after.n
    : shown.length < PAGE_SIZE
      ? shown.length
      : (count ?? (await searchCount(reader, base, where, COUNT_CAP)));
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
  const reader = ctx.readDb ?? ctx.db;
  for (const relaxed of relaxations(filters)) {
    const where = { ...sqlFilters(relaxed, now), excludeIds };
    const rows = await searchPage(reader, base, where, undefined, PAGE_SIZE);
    if (rows.length === 0) continue;
    const count =
      rows.length < PAGE_SIZE
        ? rows.length
        : Math.min(await searchCount(reader, base, where, COUNT_CAP), COUNT_CAP);
    return { results: rows.map((row) => memberCard(ctx, row, now)), count };
  }
  return { results: [], count: 0 };
}

/** What the default filters follow of a member: who they are, whom they seek, their birthdate. */
export interface Seeker {
  gender: 'male' | 'female';
  seeking: 'male' | 'female' | 'both';
  birthdate: string;
}

/** The member whose kept search is asked: who they are and seek, and their kept filters if known. */
export interface KeptSearchMember extends Seeker {
  id: string;
  /** As the session read them (null: none); undefined: read now. */
  keptFilters?: string | null;
}

/**
 * The member's kept filters (their last search), or their default filters when they kept none
 * or a reset dropped them. Kept on the server, so every device opens the same search.
 */
export async function keptSearch(
  ctx: ServiceContext,
  member: KeptSearchMember,
): Promise<{ filters: SearchFilters; kept: boolean }> {
  const saved =
    member.keptFilters === undefined
      ? await findSavedFilters(ctx.db, ctx.network, member.id)
      : (member.keptFilters ?? undefined);
  // A row that no longer parses is as good as none: the defaults.
  const filters = saved === undefined ? undefined : readKeptFilters(saved);
  return filters ? { filters, kept: true } : { filters: defaultSearch(ctx, member), kept: false };
}

/**
 * The default filters: the niche's default search (niches/<niche>.json `default_search`), turned
 * towards the member where the member is known. The gender is whom the member seeks, where the
 * niche shows that gender (a woman seeking men on the general site sees men; a gay site shows
 * men whatever the niche says); a member seeking both sees both. The age range is the niche's,
 * moved to take in the member's own age when it lies outside it (a member of 60 is not shown
 * only people under 45), always inside the niche's audience. A moved range keeps its span of
 * twice AGE_REACH, sliding inside the audience where the member's own age lies beyond it: a
 * man of 30 on a site of women over 55 searches 55 to 75, not 55 alone.
 */
export function defaultSearch(ctx: Pick<ServiceContext, 'site' | 'clock'>, seeker?: Seeker): SearchFilters {
  const niche = ctx.site.nicheConfig;
  const search = niche.default_search;
  const min = Math.max(search.min_age, SEARCH_MIN_AGE);
  const max = Math.min(search.max_age, SEARCH_MAX_AGE);
  if (!seeker) return { gender: search.gender, min_age: min, max_age: max };
  const shown = niche.audience.genders;
  const gender =
    seeker.seeking === 'both'
      ? shown.length === 1
        ? shown[0]
        : undefined
      : shown.includes(seeker.seeking)
        ? seeker.seeking
        : search.gender;
  const age = ageOn(seeker.birthdate, ctx.clock.now());
  if (age >= min && age <= max) return { gender, min_age: min, max_age: max };
  const floor = Math.max(SEARCH_MIN_AGE, niche.audience.min_age);
  const ceiling = Math.min(SEARCH_MAX_AGE, niche.audience.max_age);
  const span = 2 * AGE_REACH;
  const low = Math.min(Math.max(floor, age - AGE_REACH), Math.max(floor, ceiling - span));
  const high = Math.min(ceiling, low + span);
  return { gender, min_age: low, max_age: high };
}

/** Years either side of the member's own age that default filters reach when they must move. */
const AGE_REACH = 10;
