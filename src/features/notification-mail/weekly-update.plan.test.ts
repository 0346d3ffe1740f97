import { describe, expect, it } from 'vitest';
import { queryPlanOf } from '../../db/test-query-plan.ts';
import { applyStatistics } from '../discovery/discovery.plan-statistics.ts';
import { weeklyCandidates } from './notification-mail.repository.ts';

/*
 * The weekly update pages through a site's members by id: each page walks that site's members
 * from where the last ended (migration 0043), never every member of the database, with the
 * statistics of a million members or none.
 */
describe.each(['a million profiles', 'none'] as const)(
  'a page of weekly candidates, statistics: %s',
  (statistics) => {
    it('walks the site’s members by id from the last page’s end, with no sort', async () => {
      const plan = await queryPlanOf(
        (db) => weeklyCandidates(db, 'n1', 's1', Date.parse('2026-12-01T00:00:00Z'), 'm0', 500),
        (statements) => statements[0]!,
        (sqlite) => applyStatistics(sqlite, statistics),
      );
      expect(plan).toBe('SEARCH m USING INDEX members_site_id_idx (site_id=? AND id>?)');
    });
  },
);
