import type { Compilable, Kysely } from 'kysely';
import { compiledPerShape } from '../../db/compiled.ts';
import { PROFILE_DETAIL_COLUMNS, type Database, type ProfileDetails } from '../../db/database.ts';
import { CARD_COLUMNS, visibleProfiles, type CardRow } from '../profiles/index.ts';

/** What the profile view adds to a card: the fields the member filled in and their own words. */
export interface ProfileRow extends CardRow, ProfileDetails {
  text: string | null;
}

/**
 * The card's columns and the profile view's own, read in the one statement that finds the
 * profile (its interests are a second table).
 */
const PROFILE_COLUMNS = [
  ...CARD_COLUMNS,
  ...PROFILE_DETAIL_COLUMNS.map((column) => `p.${column}` as const),
  'p.text',
] as const;

/*
 * Every profile a member opens reads its card through the member-area rule: compiled once per
 * number of withheld sites (and whether blocks count) and run with each view's values (src/db/compiled.ts), instead of
 * building `visibleProfiles` anew for each view.
 */
const visibleProfileQuery = compiledPerShape(
  (
    db,
    v: {
      network: string;
      viewerProfileId: string;
      withheldSites: readonly string[];
      profileId: string;
      pastBlocks: boolean;
    },
  ) =>
    visibleProfiles(db, v.network, { profileId: v.viewerProfileId }, v.withheldSites, undefined, {
      pastBlocks: v.pastBlocks,
    })
      .where('p.id', '=', v.profileId)
      .select([...PROFILE_COLUMNS]) as unknown as Compilable<ProfileRow>,
);

/**
 * The profile row of a profile the viewer may see (the member-area rule, past blocks with
 * `pastBlocks`), or undefined.
 */
export async function visibleProfileRow(
  db: Kysely<Database>,
  network: string,
  viewerProfileId: string,
  withheldSites: readonly string[],
  profileId: string,
  options: { pastBlocks?: boolean } = {},
): Promise<ProfileRow | undefined> {
  return visibleProfileQuery.executeTakeFirst(db, {
    network,
    viewerProfileId,
    withheldSites,
    profileId,
    pastBlocks: options.pastBlocks === true,
  });
}

/** The viewer's own profile row: one's own profile is shown whatever the modes it is in. */
export async function ownProfileRow(
  db: Kysely<Database>,
  network: string,
  profileId: string,
): Promise<ProfileRow | undefined> {
  return db
    .selectFrom('profiles as p')
    .leftJoin('photos as ph', (join) =>
      join.onRef('ph.id', '=', 'p.main_photo_id').on('ph.status', '=', 'active'),
    )
    .where('p.network_id', '=', network)
    .where('p.id', '=', profileId)
    .select([...PROFILE_COLUMNS])
    .executeTakeFirst() as Promise<ProfileRow | undefined>;
}
