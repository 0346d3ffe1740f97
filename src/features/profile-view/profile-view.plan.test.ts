import { describe, expect, it } from 'vitest';
import { queryPlanOf } from '../../db/test-query-plan.ts';
import { ownProfileRow, viewedProfileRow } from './profile-view.repository.ts';

/*
 * Every profile a member opens reads its interests by (network, profile). SQLite took the
 * network's interest index for it, which covers the column read, and walked every interest of
 * the network to keep one profile's: milliseconds at a few hundred profiles, and more with each
 * one. The read (a subquery of the statement that reads the profile) must find the profile's rows
 * by an index that starts with both.
 */
describe("a profile's interests", () => {
  it.each([
    [
      'an other member',
      (db: Parameters<typeof ownProfileRow>[0]) => viewedProfileRow(db, 'n1', 'p0', [], 'p1', 1),
    ],
    ['the member', (db: Parameters<typeof ownProfileRow>[0]) => ownProfileRow(db, 'n1', 'p1')],
  ])('are found by (network, profile), not by walking the network, when %s opens it', async (_, read) => {
    const plan = await queryPlanOf(read, (statements) =>
      statements.find((s) => s.sql.includes('"profile_interests"'))!,
    );
    expect(plan).toMatch(/USING (COVERING )?INDEX \S+ \(network_id=\? AND profile_id=\?\)/);
  });
});
