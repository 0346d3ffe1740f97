import { describe, expect, it } from 'vitest';
import { queryPlanOf } from '../../db/test-query-plan.ts';
import { applyStatistics } from '../discovery/discovery.plan-statistics.ts';
import { weeklyDue } from './notification-mail.repository.ts';

/*
 * The weekly update reads the members due a look, in the order they fell due, from where the last
 * page ended (migration 0044): a range of one index with no sort, never every member of the site,
 * with the statistics of a million members or none.
 */
describe.each(['a million profiles', 'none'] as const)(
  'a page of members due a weekly look, statistics: %s',
  (statistics) => {
    const now = Date.parse('2026-12-01T00:00:00Z');
    it('reads the due range of the index, with no sort', async () => {
      const plan = await queryPlanOf(
        (db) => weeklyDue(db, 'n1', 's1', now, undefined, 500),
        (statements) => statements[0]!,
        (sqlite) => applyStatistics(sqlite, statistics),
      );
      expect(plan).toBe(
        'SEARCH members USING COVERING INDEX members_weekly_due_idx (network_id=? AND site_id=? AND status=? AND weekly_looked_at<?)',
      );
    });
    it('goes on from the last page’s end in the same range, with no sort', async () => {
      const plan = await queryPlanOf(
        (db) => weeklyDue(db, 'n1', 's1', now, { lookedAt: 5, createdAt: 6, id: 'm0' }, 500),
        (statements) => statements[0]!,
        (sqlite) => applyStatistics(sqlite, statistics),
      );
      expect(plan).toBe(
        'SEARCH members USING COVERING INDEX members_weekly_due_idx (network_id=? AND site_id=? AND status=? AND (weekly_looked_at,created_at,id)>(?,?,?) AND weekly_looked_at<?)',
      );
    });
  },
);
