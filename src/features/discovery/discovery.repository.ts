import { LRUCache } from 'lru-cache';
import { SqliteAdapter, sql, type Compilable, type Kysely } from 'kysely';
import { compiledOnce, compiledPerShape } from '../../db/compiled.ts';
import type { Database, Gender } from '../../db/database.ts';
import { deleteInNetwork, valueInNetwork } from '../../db/query-network.ts';
import {
  CARD_COLUMNS,
  cardsOfIds,
  publicProfiles,
  visibleProfiles,
  walkingIndex,
  type AudienceFilter,
  type CardRow,
} from '../profiles/index.ts';

/**
 * Whom a search starts from. A member: `visibleProfiles` (network, blocks both ways, invisible,
 * private, sister brands, niche). A visitor: `publicProfiles`, the rule of public pages.
 */
export type SearchBase =
  | {
      kind: 'member';
      network: string;
      viewerProfileId: string;
      withheldSites: readonly string[];
      audience: Omit<AudienceFilter, 'withheldSites'>;
    }
  | { kind: 'visitor'; network: string; audience: AudienceFilter };

/** The member's filters as SQL needs them: ages as a birthdate range. */
export interface SqlFilters {
  gender?: Gender | undefined;
  country?: string | undefined;
  region?: string | undefined;
  /** Born on or before (YYYY-MM-DD): the youngest age asked for. */
  bornOnOrBefore?: string | undefined;
  /** Born after: the oldest age asked for. */
  bornAfter?: string | undefined;
  /** Profiles already shown (similar results never repeat results). */
  excludeIds?: readonly string[] | undefined;
}

export interface Keyset {
  lastActiveAt: number;
  id: string;
}

function baseQuery(db: Kysely<Database>, base: SearchBase) {
  const query =
    base.kind === 'member'
      ? visibleProfiles(
          db,
          base.network,
          { profileId: base.viewerProfileId },
          base.withheldSites,
          base.audience,
        )
      : // The public rule joins the main photo as required (never null); the card reads it as
        // the member rule's optional photo, which is the same columns.
        (publicProfiles(db, base.network, base.audience) as unknown as ReturnType<typeof visibleProfiles>);
  // A profile without a last activity has no place in the keyset order (both dialects would sort
  // NULL differently); every profile gets one when it is written.
  return query.where('p.last_active_at', 'is not', null);
}

function filtered(db: Kysely<Database>, base: SearchBase, filters: SqlFilters) {
  let query = baseQuery(db, base);
  if (filters.gender) query = query.where('p.gender', '=', filters.gender);
  if (filters.country) query = query.where('p.country', '=', filters.country);
  if (filters.region) query = query.where('p.region', '=', filters.region);
  if (filters.bornOnOrBefore) query = query.where('p.birthdate', '<=', filters.bornOnOrBefore);
  if (filters.bornAfter) query = query.where('p.birthdate', '>', filters.bornAfter);
  if (filters.excludeIds?.length) query = query.where('p.id', 'not in', [...filters.excludeIds]);
  return query;
}

/*
 * The search's two statements are compiled once per shape of the search (which filters are set,
 * the lengths of the niche's lists, visitor or member, with or without a cursor) and run with
 * each search's values: building and compiling them anew took about as long on a first page as
 * PostgreSQL took to plan and run them. The SQL is the same as built per call.
 */
const isKind = (path: string) => path === 'base.kind';

/*
 * A page must walk an index in its own order and stop at its last row: with a country, the
 * network's (country, last activity) index; with a gender, (gender, last activity); else
 * (last activity). SQLite's planner costs by its statistics without the LIMIT (and without
 * ANALYZE, by rules of thumb): at a million profiles it took the count's covering index or the
 * place index for a search with a country and sorted every match, 80–100 ms against under 1 ms.
 * So where many profiles match, SQLite is told the index (`INDEXED BY`). Where few match (the
 * count says so), sorting them is cheap and walking a country to find them is not: they are
 * sorted (below). PostgreSQL plans by the LIMIT.
 *
 * And where few match with a gender or a country, what is sorted is their keys alone, from the
 * count's covering index (the rule's columns, the order's and the id), and only the page's rows
 * are read, by id: left to itself the planner read every match's row and main photo through the
 * gender's or the country's index to sort them (on the demo network some 200 rows for a page of
 * 20: 0.28 ms against 0.12–0.21 ms, timed alone). Without either, the planner walks the activity
 * index where the network is small, which is cheaper still (0.09 ms, where sorting the keys of
 * some 480 matches took 0.37 ms), so it keeps its choice there.
 */
const WALKED_INDEX = {
  country: 'profiles_search_country_active_idx',
  gender: 'profiles_search_gender_active_idx',
  any: 'profiles_active_idx',
} as const;
function walking<R>(query: Compilable<R>, filters: SqlFilters): Compilable<R> {
  return walkingIndex(
    query,
    WALKED_INDEX[filters.country ? 'country' : filters.gender ? 'gender' : 'any'],
    'search: the page',
  );
}

const pageQuery = compiledPerShape(
  (
    db,
    {
      base,
      filters,
      after,
      limit,
      many,
    }: { base: SearchBase; filters: SqlFilters; after?: Keyset; limit: number; many: boolean },
  ) => {
    let query = filtered(db, base, filters);
    if (after)
      query = query.where(sql<boolean>`(p.last_active_at, p.id) < (${after.lastActiveAt}, ${after.id})`);
    const sqlite = db.getExecutor().adapter instanceof SqliteAdapter;
    if (!many && sqlite && (filters.gender || filters.country)) {
      const keys = query
        .select('p.id')
        .orderBy('p.last_active_at', 'desc')
        .orderBy('p.id', 'desc')
        .limit(limit);
      return cardsOfIds(db, keys) as unknown as Compilable<CardRow>;
    }
    const page = query
      .select([...CARD_COLUMNS])
      .orderBy('p.last_active_at', 'desc')
      .orderBy('p.id', 'desc')
      .limit(limit) as unknown as Compilable<CardRow>;
    return many && sqlite ? walking(page, filters) : page;
  },
  isKind,
);

/**
 * One page of results, most recently active first, then by id (both descending, so one index
 * walk serves the order and the keyset). `after` is where the previous page ended: a row value
 * comparison that SQLite and PostgreSQL both answer from the index, at any depth. `matches`: how
 * many profiles match, when counted (up to the count's cap); unknown counts as many.
 */
export async function searchPage(
  db: Kysely<Database>,
  base: SearchBase,
  filters: SqlFilters,
  after: Keyset | undefined,
  limit: number,
  matches?: { count: number; cap: number },
): Promise<CardRow[]> {
  const many = !matches || matches.count > matches.cap;
  return pageQuery.execute(
    db,
    after ? { base, filters, after, limit, many } : { base, filters, limit, many },
  );
}

const countQuery = compiledPerShape(
  (db, { base, filters, cap }: { base: SearchBase; filters: SqlFilters; cap: number }) =>
    db
      .selectFrom(filtered(db, base, filters).select('p.id').limit(cap).as('found'))
      .select((eb) => eb.fn.countAll<number | string | bigint>().as('n')),
  isKind,
);

/**
 * How many profiles match, counting no further than `cap` + 1: a LIMIT inside the count, so a
 * network of a million costs what a thousand do.
 */
export async function searchCount(
  db: Kysely<Database>,
  base: SearchBase,
  filters: SqlFilters,
  cap: number,
): Promise<number> {
  const row = await countQuery.executeTakeFirst(db, { base, filters, cap: cap + 1 });
  return Number(row?.n ?? 0);
}

/*
 * PostgreSQL's first page and its count in one statement: the count (up to `cap` matches) is an
 * uncorrelated subquery in the page's select list, which PostgreSQL runs once (an InitPlan), and
 * the page walks its index in order as it does alone. Two statements side by side cost two
 * round trips, two plans and two of the pool's connections; under load every statement wakes
 * another server process, and at 200 searches a second on two cores those switches, not the
 * count, were most of a request's time.
 */
const firstPageQuery = compiledPerShape(
  (
    db,
    { base, filters, limit, cap }: { base: SearchBase; filters: SqlFilters; limit: number; cap: number },
  ) =>
    filtered(db, base, filters)
      .select([...CARD_COLUMNS])
      .select(() =>
        db
          .selectFrom(filtered(db, base, filters).select(['p.id', 'p.listing']).limit(cap).as('found'))
          // The count and how many of the counted are public (the floor below), in one scan.
          .select(
            sql<
              Array<number | string>
            >`array[count(*), count(*) filter (where ${sql.ref('found.listing')} = 'public')]`.as('n'),
          )
          .as('matches'),
      )
      .orderBy('p.last_active_at', 'desc')
      .orderBy('p.id', 'desc')
      .limit(limit) as unknown as Compilable<CardRow & { matches: Array<number | string> | null }>,
  isKind,
);

/*
 * Most first pages of a large network count "1,000 or more", and a member's count asks the
 * viewer's rules (blocks both ways, private profiles the viewer is linked to) of every one of the
 * thousand matches: thousands of index probes a search. What two members of one site may see of a
 * search differs by little, though: the matching public profiles, less the viewer (one) and those
 * on the other side of the viewer's blocks (one a block at most), plus private profiles linked to
 * the viewer. So the count also says how many of the profiles it counted are public, kept
 * briefly per network, site rules and filters as a floor; a later member whose floor, less the
 * viewer and the viewer's blocks, is still past the cap is past it too, and is not counted. The
 * page itself is always the viewer's own; only a count that is past the cap anyway is skipped,
 * and a floor at most `LISTED_FLOOR_MS` old may count a profile that left meanwhile. On both
 * databases: PostgreSQL then reads the viewer's blocks and the page instead of the page with its
 * count.
 */
const LISTED_FLOOR_MS = 10_000;
/** Counted past the cap, so that a floor still clears it after a viewer's few blocks. */
const LISTED_MARGIN = 100;
const listedFloors = new LRUCache<string, number>({ max: 10_000, ttl: LISTED_FLOOR_MS });

/** The floor's key: everything a search's public matches depend on, nothing of the viewer. */
function floorKey(base: Extract<SearchBase, { kind: 'member' }>, filters: SqlFilters): string | undefined {
  if (filters.excludeIds?.length) return undefined;
  return JSON.stringify([base.network, base.withheldSites, base.audience, filters]);
}

const listedCountQuery = compiledPerShape(
  (db, { base, filters, cap }: { base: SearchBase; filters: SqlFilters; cap: number }) =>
    db
      .selectFrom(filtered(db, base, filters).select(['p.id', 'p.listing']).limit(cap).as('found'))
      .select((eb) => [
        eb.fn.countAll<number | string | bigint>().as('n'),
        eb.fn
          .sum<number | string | bigint | null>(
            sql`case when ${sql.ref('found.listing')} = 'public' then 1 else 0 end`,
          )
          .as('listed'),
      ]),
  isKind,
);

/** Blocks on either side of `profileId`: each hides one profile from the viewer at most. */
const viewerBlocksQuery = compiledOnce(
  ['network', 'profileId'],
  (db, v: { network: string; profileId: string }) =>
    db
      .selectFrom('blocks as b')
      .select((eb) => eb.fn.countAll<number | string | bigint>().as('n'))
      .where('b.network_id', '=', v.network)
      .where((eb) =>
        eb.or([eb('b.blocker_profile_id', '=', v.profileId), eb('b.blocked_profile_id', '=', v.profileId)]),
      ),
);

/**
 * A member's count for a first page on SQLite (up to `cap` + 1): past the cap from the floor when
 * it tells, else counted, keeping the floor it then gives.
 */
async function memberFirstPageCount(
  db: Kysely<Database>,
  base: Extract<SearchBase, { kind: 'member' }>,
  filters: SqlFilters,
  cap: number,
): Promise<number> {
  if (await floorPastCap(db, base, filters, cap)) return cap + 1;
  const row = await listedCountQuery.executeTakeFirst(db, { base, filters, cap: cap + 1 + LISTED_MARGIN });
  keepFloor(base, filters, Number(row?.listed ?? 0));
  return Math.min(Number(row?.n ?? 0), cap + 1);
}

/** Whether the floor of this search, less the viewer and the viewer's blocks, is past `cap`. */
async function floorPastCap(
  db: Kysely<Database>,
  base: Extract<SearchBase, { kind: 'member' }>,
  filters: SqlFilters,
  cap: number,
): Promise<boolean> {
  const key = floorKey(base, filters);
  const floor = key === undefined ? undefined : listedFloors.get(key);
  if (floor === undefined || floor <= cap + 1) return false;
  const blocks = await viewerBlocksQuery.executeTakeFirst(db, {
    network: base.network,
    profileId: base.viewerProfileId,
  });
  return floor - 1 - Number(blocks?.n ?? 0) > cap;
}

function keepFloor(base: Extract<SearchBase, { kind: 'member' }>, filters: SqlFilters, listed: number): void {
  const key = floorKey(base, filters);
  if (key !== undefined) listedFloors.set(key, listed);
}

/**
 * A first page and its count (up to `cap` + 1); for a member whose floor (above) tells, the page
 * alone. PostgreSQL answers both in one statement (see `firstPageQuery`); an empty page has no row
 * to carry the count, and then none match. SQLite answers one statement after the other on its
 * one connection: there the count (a covering index, at most `cap` + 1 entries) goes first and
 * tells the page whether to walk its index in order or let the planner sort the few matches.
 */
export async function searchFirstPage(
  db: Kysely<Database>,
  base: SearchBase,
  filters: SqlFilters,
  limit: number,
  cap: number,
): Promise<{ rows: CardRow[]; count: number }> {
  if (db.getExecutor().adapter instanceof SqliteAdapter) {
    const count =
      base.kind === 'member'
        ? await memberFirstPageCount(db, base, filters, cap)
        : await searchCount(db, base, filters, cap);
    return { rows: await searchPage(db, base, filters, undefined, limit, { count, cap }), count };
  }
  const member = base.kind === 'member' ? base : undefined;
  if (member && (await floorPastCap(db, member, filters, cap))) {
    const count = cap + 1;
    return { rows: await searchPage(db, base, filters, undefined, limit, { count, cap }), count };
  }
  const found = await firstPageQuery.execute(db, {
    base,
    filters,
    limit,
    cap: cap + 1 + (member ? LISTED_MARGIN : 0),
  });
  const rows = found.map(({ matches: _count, ...row }) => row);
  const [matches, listed] = found[0]?.matches ?? [0, 0];
  if (member && found.length) keepFloor(member, filters, Number(listed));
  return { rows, count: Math.min(Number(matches), cap + 1) };
}

/**
 * The member's kept filters (JSON) as a subquery of `memberColumn`, for a column of the
 * statement that reads the session (every search page and the match finder start from them).
 */
export function keptFiltersOf(db: Kysely<Database>, network: string, memberColumn: string) {
  return db
    .selectFrom('search_filters as ksf')
    .select('ksf.filters')
    .where('ksf.network_id', '=', network)
    .where('ksf.member_id', '=', sql.ref<string>(memberColumn));
}

/** The member's last used filters (JSON), if any. */
export async function findSavedFilters(
  db: Kysely<Database>,
  network: string,
  memberId: string,
): Promise<string | undefined> {
  return valueInNetwork(db, 'search_filters', network, { member_id: memberId }, 'filters');
}

/*
 * Keeping the filters is one statement that, for an unchanged search (most of them: every page
 * of results asks again), touches no row. A plain upsert whose update condition fails still
 * locks the existing row, and on PostgreSQL a lock is a write: the search became a transaction
 * whose commit waits for the WAL to reach the disk (about 4 ms here, the largest part of a first
 * page's worst times). So the row is proposed only when no row with these filters exists; the
 * conflict clause still settles two searches racing to write.
 */
const saveFiltersQuery = compiledOnce<
  { network: string; memberId: string; filters: string; now: number },
  never
>(['network', 'memberId', 'filters', 'now'], (db, v) =>
  db
    .insertInto('search_filters')
    .columns(['member_id', 'network_id', 'filters', 'updated_at'])
    .expression(
      db
        .selectNoFrom([
          sql<string>`cast(${v.memberId} as text)`.as('member_id'),
          sql<string>`cast(${v.network} as text)`.as('network_id'),
          sql<string>`cast(${v.filters} as text)`.as('filters'),
          sql<number>`cast(${v.now} as bigint)`.as('updated_at'),
        ])
        .where((w) =>
          w.not(
            w.exists(
              w
                .selectFrom('search_filters as saved')
                .select('saved.member_id')
                .where('saved.member_id', '=', v.memberId)
                .where('saved.filters', '=', v.filters),
            ),
          ),
        ),
    )
    .onConflict((oc) =>
      oc
        .column('member_id')
        .doUpdateSet({ filters: v.filters, updated_at: v.now })
        .where('search_filters.filters', '!=', v.filters),
    ),
);

/** Keeps the member's last used filters; writes (and locks) nothing when they did not change. */
export async function saveFilters(
  db: Kysely<Database>,
  network: string,
  memberId: string,
  filters: string,
  now: number,
): Promise<void> {
  await saveFiltersQuery.execute(db, { network, memberId, filters, now });
}

/** Drops the member's kept filters (a reset to the defaults); nothing to do when none are kept. */
export async function dropFilters(db: Kysely<Database>, network: string, memberId: string): Promise<void> {
  await deleteInNetwork(db, 'search_filters', network, { member_id: memberId }).execute();
}
