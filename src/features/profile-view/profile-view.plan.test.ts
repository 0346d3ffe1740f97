import { describe, expect, it } from 'vitest';
import { queryPlanOf } from '../../db/test-query-plan.ts';
import { interestsOf } from '../profiles/index.ts';

/*
 * Every profile a member opens reads its interests by (network, profile). SQLite took the
 * network's interest index for it, which covers the column read, and walked every interest of
 * the network to keep one profile's: milliseconds at a few hundred profiles, and more with each
 * one. The read must find the profile's rows by an index that starts with both.
 */
describe("a profile's interests", () => {
  it('are found by (network, profile), not by walking the network', async () => {
    const plan = await queryPlanOf(
      (db) => interestsOf(db, 'n1', 'p1'),
      (statements) => statements.find((s) => s.sql.includes('"profile_interests"'))!,
    );
    expect(plan).toMatch(/USING (COVERING )?INDEX \S+ \(network_id=\? AND profile_id=\?\)/);
  });
});
