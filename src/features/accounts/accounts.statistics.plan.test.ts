import { describe, expect, it } from 'vitest';
import { queryPlanOf } from '../../db/test-query-plan.ts';
import { applyStatistics } from '../discovery/discovery.plan-statistics.ts';
import { dailyActiveMembers, dailySignups } from './accounts.statistics.ts';

/*
 * A day's signups for the statistics (the rollup of every closed day, the console's live
 * today) read the network's members of that day through the (network, signup time) index, not
 * every member of the sites through the index of a site's members by id (migration 0043), with
 * the statistics of a million members or none. A day's active members read them through the
 * (network, last activity) index (migration 0045), not every member of the network.
 */
describe.each(['a million profiles', 'none'] as const)('a day’s signups, statistics: %s', (statistics) => {
  it('walk the members of that day only', async () => {
    const day = Date.parse('2026-12-01T00:00:00Z');
    const plan = await queryPlanOf(
      (db) =>
        dailySignups({ db }, { network: 'n1', sites: ['s1', 's2', 's3'], from: day, to: day + 86_400_000 }),
      (statements) => statements.at(-1)!,
      (sqlite) => applyStatistics(sqlite, statistics),
    );
    expect(plan).toMatch(
      /^SEARCH m USING INDEX members_network_created_idx \(network_id=\? AND created_at>\? AND created_at<\?\)/,
    );
  });

  it('count the members active that day only', async () => {
    const day = Date.parse('2026-12-01T00:00:00Z');
    const plan = await queryPlanOf(
      (db) =>
        dailyActiveMembers(
          { db },
          { network: 'n1', sites: ['s1', 's2', 's3'], from: day, to: day + 86_400_000 },
        ),
      (statements) => statements.at(-1)!,
      (sqlite) => applyStatistics(sqlite, statistics),
    );
    expect(plan).toMatch(
      /^SEARCH m USING INDEX members_network_active_idx \(network_id=\? AND last_active_at>\? AND last_active_at<\?\)/,
    );
  });
});
