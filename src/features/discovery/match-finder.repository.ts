import { sql, SqliteAdapter, type Compilable, type Kysely } from 'kysely';
import { compiledPerShape, compiledProfileRead } from '../../db/compiled.ts';
import type { Database, Gender, Seeking } from '../../db/database.ts';
import {
  CARD_COLUMNS,
  visibleProfiles,
  walkingIndex,
  type AudienceFilter,
  type CardRow,
} from '../profiles/index.ts';

/* The match finder's reads: the member's own place and kept filters, the candidates, their interests in common. */

/** The member's place and kept filters (JSON), as the matcher compares them. */
export interface MatcherSelf {
  region: string | null;
  city: string | null;
  filters: string | null;
}

export const findMatcherSelf = compiledProfileRead<MatcherSelf>((db, { network, profileId }) =>
  db
    .selectFrom('profiles as me')
    .leftJoin('search_filters as sf', (join) =>
      join.onRef('sf.member_id', '=', 'me.member_id').on('sf.network_id', '=', network),
    )
    .select(['me.region', 'me.city', 'sf.filters'])
    .where('me.network_id', '=', network)
    .where('me.id', '=', profileId),
);

/** A candidate: a card with whom the profile seeks and the filters its member kept (JSON), if any. */
export interface CandidateRow extends CardRow {
  seeking: Seeking;
  kept_filters: string | null;
}

/** Who asks for matches, and what a candidate must be: the two-way fit the ranking starts from. */
export interface CandidateQuery {
  network: string;
  viewerProfileId: string;
  withheldSites: readonly string[];
  audience: Omit<AudienceFilter, 'withheldSites'>;
  /** Genders the member seeks. */
  sought: readonly Gender[];
  /** The member's gender: a candidate must seek it (or both). */
  gender: Gender;
  /** The member's age wish as a birthdate range. */
  bornOnOrBefore: string;
  bornAfter: string;
  limit: number;
}

/*
 * The pool's query is built and compiled once per shape (how many genders are sought, how many
 * sites are withheld): Kysely built it on every request, a fifth of a match finder call's CPU.
 */
const candidatesQuery = compiledPerShape((db, q: CandidateQuery): Compilable<CandidateRow> => {
  const query = visibleProfiles(db, q.network, { profileId: q.viewerProfileId }, q.withheldSites, q.audience)
    .leftJoin('search_filters as sf', (join) =>
      join.onRef('sf.member_id', '=', 'p.member_id').on('sf.network_id', '=', q.network),
    )
    .where('p.last_active_at', 'is not', null)
    .where('p.gender', 'in', [...q.sought])
    .where('p.seeking', 'in', [q.gender, 'both'])
    .where('p.birthdate', '<=', q.bornOnOrBefore)
    .where('p.birthdate', '>', q.bornAfter)
    .select([...CARD_COLUMNS, 'p.seeking', 'sf.filters as kept_filters'])
    .orderBy('p.last_active_at', 'desc')
    .orderBy('p.id', 'desc')
    .limit(q.limit) as unknown as Compilable<CandidateRow>;
  if (!(db.getExecutor().adapter instanceof SqliteAdapter)) return query;
  /*
   * SQLite costs by its statistics without the LIMIT: at a million profiles it took the gender
   * and age index and sorted every match. Told the activity index (of the one gender sought, or
   * of all), it reads the pool's rows in order and stops (match-finder.plan.test.ts).
   */
  const index = q.sought.length === 1 ? 'profiles_search_gender_active_idx' : 'profiles_active_idx';
  return walkingIndex(query, index, 'match finder: the pool');
});

/**
 * The visible profiles that fit both ways (of a gender the member seeks, seeking the member's
 * gender, of an age the member wishes), most recently active first: the bounded pool the
 * matcher ranks. The order walks the activity index, so the pool costs the same at any size of
 * network; blocks, invisible and private modes and sister brands hold as `visibleProfiles` says.
 */
export async function findCandidates(db: Kysely<Database>, q: CandidateQuery): Promise<CandidateRow[]> {
  return candidatesQuery.execute(db, q);
}

const sharedInterestsQuery = compiledPerShape(
  (db, q: { network: string; profileId: string; candidates: readonly string[] }) => {
    /*
     * SQLite would seek every candidate's row of each of the member's interests (a seek per
     * pair); told not to use the index for the interest (a unary plus), it reads each
     * candidate's few interests in one range and tests them against the member's, built once:
     * two fifths less time at the demo's six interests a member (match-finder.plan.test.ts).
     * PostgreSQL gets the statement as before: it has no unary plus for text.
     */
    const interest =
      db.getExecutor().adapter instanceof SqliteAdapter
        ? sql<string>`+${sql.ref('theirs.interest')}`
        : sql<string>`${sql.ref('theirs.interest')}`;
    return db
      .selectFrom('profile_interests as theirs')
      .select((eb) => ['theirs.profile_id', eb.fn.countAll<number | string | bigint>().as('n')])
      .where('theirs.network_id', '=', q.network)
      .where('theirs.profile_id', 'in', [...q.candidates])
      .where(interest, 'in', (eb) =>
        eb
          .selectFrom('profile_interests as mine')
          .select('mine.interest')
          .where('mine.network_id', '=', q.network)
          .where('mine.profile_id', '=', q.profileId),
      )
      .groupBy('theirs.profile_id');
  },
);

/** How many interests each of `candidates` shares with the member (absent: none). */
export async function sharedInterests(
  db: Kysely<Database>,
  network: string,
  profileId: string,
  candidates: readonly string[],
): Promise<Map<string, number>> {
  if (candidates.length === 0) return new Map();
  const rows = await sharedInterestsQuery.execute(db, { network, profileId, candidates });
  return new Map(rows.map((row) => [row.profile_id, Number(row.n)]));
}
