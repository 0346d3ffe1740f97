import { describe, expect, it } from 'vitest';
import { queryPlanOf } from '../../db/test-query-plan.ts';
import { findCandidates, sharedInterests, type CandidateQuery } from './match-finder.repository.ts';
import { applyStatistics, OPEN_VIEWER, type Statistics } from './discovery.plan-statistics.ts';

/*
 * The match finder's pool is the most recently active profiles that fit both ways. At a million
 * profiles it must walk an activity index in its own order and stop after the pool, not sort
 * every match (see discovery.plan.test.ts for the search's own pages).
 */
const query = (sought: CandidateQuery['sought']): CandidateQuery => ({
  ...OPEN_VIEWER,
  sought,
  gender: 'female',
  bornOnOrBefore: '2001-11-26',
  bornAfter: '1975-11-26',
  limit: 200,
});

async function planOf(sought: CandidateQuery['sought'], statistics: Statistics) {
  return queryPlanOf(
    (db) => findCandidates(db, query(sought)),
    (statements) => statements.at(-1)!,
    (sqlite) => applyStatistics(sqlite, statistics),
  );
}

describe.each(['a million profiles', 'none'] as const)(
  'the match finder pool, statistics: %s',
  (statistics) => {
    it.each([
      ['one gender sought', ['male'] as const, 'profiles_search_gender_active_idx'],
      ['both genders sought', ['male', 'female'] as const, 'profiles_active_idx'],
    ])('%s: walks %s in activity order, with no sort', async (_name, sought, index) => {
      const plan = await planOf([...sought], statistics);
      expect(plan).toMatch(new RegExp(`^SEARCH p USING (COVERING )?INDEX ${index} `));
      expect(plan).not.toContain('TEMP B-TREE');
    });
  },
);

describe.each(['a million profiles', 'none'] as const)(
  'the interests in common with the pool, statistics: %s',
  (statistics) => {
    it("reads each candidate's interests in one range, not a seek per interest", async () => {
      const plan = await queryPlanOf(
        (db) => sharedInterests(db, OPEN_VIEWER.network, OPEN_VIEWER.viewerProfileId, ['a', 'b', 'c']),
        (statements) => statements.at(-1)!,
        (sqlite) => applyStatistics(sqlite, statistics),
      );
      expect(plan).toMatch(
        /^SEARCH theirs USING COVERING INDEX profile_interests_profile_idx \(network_id=\? AND profile_id=\?\)$/m,
      );
      expect(plan).not.toContain('profile_id=? AND interest=?');
    });
  },
);
