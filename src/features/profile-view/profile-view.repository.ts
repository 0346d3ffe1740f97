import type { Compilable, Kysely } from 'kysely';
import { compiledOnce, compiledPerShape } from '../../db/compiled.ts';
import { PROFILE_DETAIL_COLUMNS, type Database, type ProfileDetails } from '../../db/database.ts';
import { selectInNetwork } from '../../db/query-network.ts';
import { CARD_COLUMNS, interestsOf, visibleProfiles, type CardRow } from '../profiles/index.ts';

/*
 * Every profile a member opens reads its card through the member-area rule: compiled once per
 * number of withheld sites (and whether blocks count) and run with each view's values (src/db/compiled.ts), instead of
 * building `visibleProfiles` anew for each view.
 */
const visibleCardQuery = compiledPerShape(
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
      .select([...CARD_COLUMNS]) as unknown as Compilable<CardRow>,
);

/**
 * The card row of a profile the viewer may see (the member-area rule, past blocks with
 * `pastBlocks`), or undefined.
 */
export async function visibleCardRow(
  db: Kysely<Database>,
  network: string,
  viewerProfileId: string,
  withheldSites: readonly string[],
  profileId: string,
  options: { pastBlocks?: boolean } = {},
): Promise<CardRow | undefined> {
  return visibleCardQuery.executeTakeFirst(db, {
    network,
    viewerProfileId,
    withheldSites,
    profileId,
    pastBlocks: options.pastBlocks === true,
  });
}

/** The viewer's own card row: one's own profile is shown whatever the modes it is in. */
export async function ownCardRow(
  db: Kysely<Database>,
  network: string,
  profileId: string,
): Promise<CardRow | undefined> {
  return db
    .selectFrom('profiles as p')
    .leftJoin('photos as ph', (join) =>
      join.onRef('ph.id', '=', 'p.main_photo_id').on('ph.status', '=', 'active'),
    )
    .where('p.network_id', '=', network)
    .where('p.id', '=', profileId)
    .select([...CARD_COLUMNS])
    .executeTakeFirst() as Promise<CardRow | undefined>;
}

export interface DetailsRow extends ProfileDetails {
  gender: string;
  text: string | null;
  interests: string[];
}

/* The two reads of every profile view's details, compiled once like the card. */
const detailsQuery = compiledOnce<{ network: string; profileId: string }, Omit<DetailsRow, 'interests'>>(
  ['network', 'profileId'],
  (db, v) =>
    selectInNetwork(db, 'profiles', v.network, { id: v.profileId }).select([
      'gender',
      ...PROFILE_DETAIL_COLUMNS,
      'text',
    ]) as unknown as Compilable<Omit<DetailsRow, 'interests'>>,
);

/** What the profile view adds to a card: the fields, the member's own words and interests. */
export async function profileDetails(
  db: Kysely<Database>,
  network: string,
  profileId: string,
): Promise<DetailsRow | undefined> {
  const [row, interests] = await Promise.all([
    detailsQuery.executeTakeFirst(db, { network, profileId }),
    interestsOf(db, network, profileId),
  ]);
  return row && { ...row, interests };
}
