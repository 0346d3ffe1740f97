import { describe, expect, it } from 'vitest';
import { queryPlanOf } from '../../db/test-query-plan.ts';
import { searchPage, type SearchBase, type SqlFilters } from './discovery.repository.ts';
import { applyStatistics, OPEN_VIEWER, type Statistics } from './discovery.plan-statistics.ts';

/*
 * SQLite picks a page's index by its statistics. With those of a million profiles (ANALYZE's
 * rows as measured on the benchmark's network), a search with a country took the count's
 * covering index or the place index and sorted every match (80–100 ms); where many match, a page
 * must walk an index in its own order and stop at the last row it needs, with statistics or
 * without (a database nobody has analysed). Where few match, the planner sorts them.
 */
const base: SearchBase = { kind: 'member', ...OPEN_VIEWER };
const ages = { bornOnOrBefore: '2001-11-26', bornAfter: '1975-11-26' };

async function planOf(
  filters: SqlFilters,
  statistics: Statistics,
  matches?: { count: number; cap: number },
): Promise<string> {
  return queryPlanOf(
    (db) => searchPage(db, base, filters, undefined, 21, matches),
    (statements) => statements.at(-1)!,
    (sqlite) => applyStatistics(sqlite, statistics),
  );
}

const CASES: [string, SqlFilters, string][] = [
  ['the default search', { gender: 'female', ...ages }, 'profiles_search_gender_active_idx'],
  ['a country', { gender: 'female', country: 'DE', ...ages }, 'profiles_search_country_active_idx'],
  [
    'a country and a region',
    { gender: 'female', country: 'DE', region: 'R3', ...ages },
    'profiles_search_country_active_idx',
  ],
  ['a country without a gender', { country: 'DE', ...ages }, 'profiles_search_country_active_idx'],
  ['no gender nor country', { ...ages }, 'profiles_active_idx'],
];

describe.each(['a million profiles', 'none'] as const)(
  'a SQLite search page, statistics: %s',
  (statistics) => {
    it.each(CASES)(
      '%s, many matches: walks %s in the page order, with no sort',
      async (_name, filters, index) => {
        const plan = await planOf(filters, statistics, { count: 1001, cap: 1000 });
        expect(plan).toMatch(new RegExp(`^SEARCH p USING (COVERING )?INDEX ${index} `));
        expect(plan).not.toContain('TEMP B-TREE');
        // A page behind a cursor whose count is unknown walks as well.
        expect(await planOf(filters, statistics)).toBe(plan);
      },
    );

    it.each(CASES.filter(([, filters]) => filters.gender || filters.country))(
      '%s, few matches: sorts their keys from a covering index and reads only the page by id',
      async (_name, filters) => {
        const plan = await planOf(filters, statistics, { count: 12, cap: 1000 });
        expect(plan).toMatch(/^SEARCH p USING INDEX sqlite_autoindex_profiles_1 \(id=\?\)/);
        expect(plan).toMatch(/LIST SUBQUERY \d+\n\s*SEARCH p USING COVERING INDEX /);
      },
    );

    it('a country with few matches: the planner chooses (sorting them is cheap)', async () => {
      const plan = await planOf({ gender: 'female', country: 'DE', ...ages }, statistics, {
        count: 12,
        cap: 1000,
      });
      expect(plan).not.toContain('profiles_search_country_active_idx');
    });
  },
);
