import { sql, type Compilable, type Kysely } from 'kysely';
import { compiledPerShape, compiledProfileRead } from '../../db/compiled.ts';
import { PROFILE_DETAIL_COLUMNS, type Database, type ProfileDetails } from '../../db/database.ts';
import { likeOf } from '../likes/index.ts';
import { blockOf, CARD_COLUMNS, packedInterests, visibleProfiles, type CardRow } from '../profiles/index.ts';

/**
 * What the profile view adds to a card: the fields the member filled in, their own words and
 * their interests (packed: `unpackInterests`).
 */
export interface ProfileRow extends CardRow, ProfileDetails {
  text: string | null;
  interests: string | null;
}

/**
 * A profile as another member opens it: its row, and what lies between the two, read in the
 * same statement (each statement costs a member request more than its SQL: one instead of four).
 * The flags are 0 or 1 on SQLite, booleans on PostgreSQL.
 */
export interface ViewedProfileRow extends ProfileRow {
  blocked_by_viewer: number | boolean;
  blocked_by_them: number | boolean;
  liked: number | boolean;
  liked_by: number | boolean;
  /** A like of the profile for the viewer that the viewer has not seen yet (opening it clears it). */
  liked_by_unseen: number | boolean;
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
 * Every profile a member opens reads its card through the member-area rule (past blocks: a block
 * is answered, not hidden): compiled once per number of withheld sites and run with each view's
 * values (src/db/compiled.ts), instead of building `visibleProfiles` anew for each view.
 */
const viewedProfileQuery = compiledPerShape(
  (
    db,
    v: {
      network: string;
      viewerProfileId: string;
      withheldSites: readonly string[];
      profileId: string;
      now: number;
    },
  ) => {
    const viewer = sql.val(v.viewerProfileId);
    const viewed = sql.ref<string>('p.id');
    return visibleProfiles(db, v.network, { profileId: v.viewerProfileId }, v.withheldSites, undefined, {
      pastBlocks: true,
    })
      .where('p.id', '=', v.profileId)
      .select([...PROFILE_COLUMNS])
      .select((eb) => [
        packedInterests(db, v.network, viewed).as('interests'),
        eb.exists(blockOf(db, v.network, viewer, viewed)).as('blocked_by_viewer'),
        eb.exists(blockOf(db, v.network, viewed, viewer)).as('blocked_by_them'),
        eb.exists(likeOf(db, v.network, viewer, viewed, v.now)).as('liked'),
        eb.exists(likeOf(db, v.network, viewed, viewer, v.now)).as('liked_by'),
        eb
          .exists(likeOf(db, v.network, viewed, viewer, v.now).where('lo.seen_at', 'is', null))
          .as('liked_by_unseen'),
      ]) as unknown as Compilable<ViewedProfileRow>;
  },
);

/**
 * A profile the viewer may see (the member-area rule, past blocks), with the blocks and likes
 * between the two as of `now`; or undefined.
 */
export async function viewedProfileRow(
  db: Kysely<Database>,
  network: string,
  viewerProfileId: string,
  withheldSites: readonly string[],
  profileId: string,
  now: number,
): Promise<ViewedProfileRow | undefined> {
  return viewedProfileQuery.executeTakeFirst(db, { network, viewerProfileId, withheldSites, profileId, now });
}

/**
 * The viewer's own profile row: one's own profile is shown whatever the modes it is in. Asked on
 * every view of it: compiled once.
 */
export const ownProfileRow = compiledProfileRead((db, v) =>
  db
    .selectFrom('profiles as p')
    .leftJoin('photos as ph', (join) =>
      join.onRef('ph.id', '=', 'p.main_photo_id').on('ph.status', '=', 'active'),
    )
    .where('p.network_id', '=', v.network)
    .where('p.id', '=', v.profileId)
    .select([...PROFILE_COLUMNS])
    .select(packedInterests(db, v.network, sql.ref<string>('p.id')).as('interests'))
    .$castTo<ProfileRow>(),
);
