import { describe, expect, it } from 'vitest';
import { queryPlanOf } from '../../db/test-query-plan.ts';
import { applyStatistics, OPEN_VIEWER, type Statistics } from '../discovery/discovery.plan-statistics.ts';
import { deck } from './swipe.repository.ts';

/*
 * The swipe deck is the most recently active profiles the member has not judged yet. It must
 * walk an activity index in its own order and stop after the deck, not read and sort every
 * profile of the genders sought: at a million profiles that sort is the whole network's half.
 */
async function planOf(seeking: 'male' | 'female' | 'both', statistics: Statistics) {
  return queryPlanOf(
    (db) =>
      deck(
        db,
        OPEN_VIEWER.network,
        { profileId: OPEN_VIEWER.viewerProfileId, gender: 'female', seeking },
        OPEN_VIEWER.withheldSites,
        OPEN_VIEWER.audience,
      ),
    (statements) => statements.at(-1)!,
    (sqlite) => applyStatistics(sqlite, statistics),
  );
}

describe.each(['a million profiles', 'none'] as const)('the swipe deck, statistics: %s', (statistics) => {
  it.each(['male', 'female', 'both'] as const)(
    'seeking %s: walks an activity index in order, with no sort',
    async (seeking) => {
      const plan = await planOf(seeking, statistics);
      expect(plan).toMatch(/^SEARCH p USING (COVERING )?INDEX profiles_(search_gender_)?active_idx /);
      expect(plan).not.toContain('TEMP B-TREE');
    },
  );
});
