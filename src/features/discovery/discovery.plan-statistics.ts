import type SQLite from 'better-sqlite3';
import type { CandidateQuery } from './match-finder.repository.ts';

/**
 * SQLite's statistics (`sqlite_stat1` rows) of a network of a million profiles, as ANALYZE
 * measured them on the benchmark's network: the plan tests give them to an empty database so
 * that the planner chooses as it would at that size.
 */
export const STATISTICS: [table: string, index: string, stat: string][] = [
  ['members', 'members_network_created_idx', '950000 950000 950000'],
  ['members', 'members_network_active_idx', '950000 950000 2'],
  ['members', 'members_network_confirmed_idx', '950000 950000 950000'],
  ['members', 'members_site_id_idx', '950000 950000 1'],
  ['members', 'members_status_reactivate_idx', '950000 950000 950000'],
  ['members', 'members_visibility_idx', '950000 1 1 1 1'],
  // One network and site, all active, each week's last look at its own moment (0044).
  ['members', 'members_weekly_due_idx', '950000 950000 950000 950000 2 1 1'],
  ['members', 'sqlite_autoindex_members_1', '950000 1'],
  ['members', 'sqlite_autoindex_members_2', '950000 950000 1'],
  ['photos', 'photos_blur_filename_idx', '700000 700000 700000'],
  ['photos', 'photos_blur_thumb_filename_idx', '700000 700000 700000'],
  ['photos', 'photos_filename_idx', '700000 700000 1'],
  ['photos', 'photos_match_filename_idx', '700000 700000 1'],
  ['photos', 'photos_profile_position_idx', '700000 1 1'],
  ['photos', 'photos_thumb_filename_idx', '700000 700000 1'],
  ['photos', 'sqlite_autoindex_photos_1', '700000 1'],
  ['profiles', 'profiles_active_idx', '1000000 1000000 1 1'],
  ['profiles', 'profiles_member_unique', '1000000 1'],
  ['profiles', 'profiles_search_count_country_idx', '1000000 1000000 200000 100000 6 6 6 3 1 1 1 1 1'],
  ['profiles', 'profiles_search_count_idx', '1000000 1000000 500000 27 27 27 9 3 1 1 1 1 1'],
  ['profiles', 'profiles_search_country_active_idx', '1000000 1000000 200000 1 1'],
  ['profiles', 'profiles_search_gender_active_idx', '1000000 1000000 500000 1 1'],
  ['profiles', 'profiles_search_gender_idx', '1000000 1000000 500000 27 1'],
  ['profiles', 'profiles_search_place_idx', '1000000 1000000 200000 16667 1'],
  ['profiles', 'sqlite_autoindex_profiles_1', '1000000 1'],
];

/** Which statistics a plan test runs with: a million profiles', or none (a database nobody has analysed). */
export type Statistics = 'a million profiles' | 'none';

/** Gives the planner of `sqlite` the chosen statistics and makes it read them again. */
export function applyStatistics(sqlite: SQLite.Database, statistics: Statistics): void {
  sqlite.exec('ANALYZE');
  if (statistics === 'none') sqlite.exec('DROP TABLE sqlite_stat1');
  else {
    const write = sqlite.prepare('INSERT INTO sqlite_stat1 (tbl, idx, stat) VALUES (?, ?, ?)');
    sqlite.prepare('DELETE FROM sqlite_stat1').run();
    for (const row of STATISTICS) write.run(...row);
  }
  // Makes SQLite read the statistics again.
  sqlite.exec('ANALYZE sqlite_schema');
}

/** A viewer of network n1 open to everyone of age, whom no site's choices hide anything from. */
export const OPEN_VIEWER: Pick<CandidateQuery, 'network' | 'viewerProfileId' | 'withheldSites' | 'audience'> =
  {
    network: 'n1',
    viewerProfileId: 'p1',
    withheldSites: [],
    audience: {
      genders: ['male', 'female'],
      seeking: ['male', 'female'],
      bornOnOrBefore: '2008-11-26',
      bornAfter: '1926-11-26',
      bodyTypes: [],
    },
  };
