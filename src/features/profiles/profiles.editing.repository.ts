import { sql, type Expression, type Kysely, type Updateable } from 'kysely';
import { compiledOnce, compiledProfileRead } from '../../db/compiled.ts';
import type { Database, PROFILE_DETAIL_COLUMNS, ProfileDetails, ProfilesTable } from '../../db/database.ts';
import { deleteInNetwork, updateInNetwork } from '../../db/query-network.ts';
import { dropTextChange, putTextChange, type TextChange } from './profiles.text-review.repository.ts';

/* The member's own profile: read for the editor, written in one transaction. */

/** What a profile says of itself: who it is, whom it seeks, where, and its own text. */
export interface ProfileBasicsRow {
  id: string;
  name: string;
  gender: string;
  seeking: string;
  birthdate: string;
  country: string;
  region: string | null;
  city: string | null;
  text: string | null;
}

/** The columns of `ProfileBasicsRow`, of the profiles a query reads as `p`. */
export const PROFILE_BASICS_COLUMNS = [
  'p.id',
  'p.name',
  'p.gender',
  'p.seeking',
  'p.birthdate',
  'p.country',
  'p.region',
  'p.city',
  'p.text',
] as const;

export interface OwnProfileRow extends ProfileBasicsRow, ProfileDetails {
  filename: string | null;
  thumb_filename: string | null;
  match_filename: string | null;
  photo_status: string | null;
  interests: string[];
}

/** Interest keys are words of letters (the catalogue's): a comma joins them unambiguously. */
const INTEREST_SEPARATOR = ',';

/**
 * A profile's interests packed into one text, as a subquery for a column of the statement that
 * reads the profile (one statement fewer per view; `unpackInterests` reads it back).
 * `string_agg` is both dialects' (SQLite 3.44 on).
 */
export function packedInterests(db: Kysely<Database>, network: string, profile: Expression<string>) {
  return db
    .selectFrom('profile_interests as pin')
    .select(
      sql<string | null>`string_agg(${sql.ref('pin.interest')}, ${sql.lit(INTEREST_SEPARATOR)})`.as('packed'),
    )
    .where('pin.network_id', '=', network)
    .where('pin.profile_id', '=', profile);
}

/** The interests `packedInterests` packed (none: null). */
export function unpackInterests(packed: string | null): string[] {
  return packed ? packed.split(INTEREST_SEPARATOR) : [];
}

/*
 * The own profile with its interests packed in one statement, compiled once: the profile
 * editor's page asks it on every request, and Kysely's building cost more than SQLite's answer.
 */
const ownProfileQuery = compiledOnce<
  { network: string; profileId: string },
  Omit<OwnProfileRow, 'interests'> & { interests: string | null }
>(['network', 'profileId'], (db, v) =>
  db
    .selectFrom('profiles as p')
    .leftJoin('photos as ph', (join) =>
      join.onRef('ph.id', '=', 'p.main_photo_id').onRef('ph.network_id', '=', 'p.network_id'),
    )
    .select([
      ...PROFILE_BASICS_COLUMNS,
      'p.sexuality',
      'p.hair_color',
      'p.eye_color',
      'p.body_type',
      'p.relationship_status',
      'p.tattoos',
      'ph.filename',
      'ph.thumb_filename',
      'ph.match_filename',
      'ph.status as photo_status',
    ])
    .select(packedInterests(db, v.network, sql.ref<string>('p.id')).as('interests'))
    .where('p.network_id', '=', v.network)
    .where('p.id', '=', v.profileId)
    .$castTo<Omit<OwnProfileRow, 'interests'> & { interests: string | null }>(),
);

/** The profile of `profileId` in the network (the session's own), with main photo and interests. */
export async function findOwnProfile(
  db: Kysely<Database>,
  network: string,
  profileId: string,
): Promise<OwnProfileRow | undefined> {
  const row = await ownProfileQuery.executeTakeFirst(db, { network, profileId });
  if (!row) return undefined;
  return { ...row, interests: unpackInterests(row.interests) };
}

export type ProfileChanges = Pick<
  Updateable<ProfilesTable>,
  'seeking' | (typeof PROFILE_DETAIL_COLUMNS)[number] | 'country' | 'region' | 'city' | 'text'
>;

/**
 * Writes the changed columns and, when given, the whole list of interests and the text's
 * review (queued, or withdrawn when the text was cleared), in one transaction:
 * a reader never sees the new attributes with the old interests, nor a profile without any
 * interests halfway through the swap. False when the network has no such profile.
 */
export async function saveOwnProfile(
  db: Kysely<Database>,
  network: string,
  profileId: string,
  changes: ProfileChanges,
  interests: readonly string[] | undefined,
  now: number,
  textReview?: TextChange | 'drop',
): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const updated = await updateInNetwork(trx, 'profiles', network, { id: profileId })
      .set({ ...changes, updated_at: now })
      .executeTakeFirst();
    // Not of this network: touch nothing, not even its interests.
    if (Number(updated.numUpdatedRows) === 0) return false;
    // The change and its place in the text queue are one write (text_moderation).
    if (textReview === 'drop') await dropTextChange(trx, network, profileId, 'text');
    else if (textReview) await putTextChange(trx, network, textReview, now);
    if (interests === undefined) return true;
    await deleteInNetwork(trx, 'profile_interests', network, { profile_id: profileId }).execute();
    if (interests.length)
      await trx
        .insertInto('profile_interests')
        .values(interests.map((interest) => ({ profile_id: profileId, network_id: network, interest })))
        .execute();
    return true;
  });
}

/** What the "enrich profile" alert asks about: a main photo, interests, own words. */
type ProfileGapsRow = { main_photo_id: string | null; text: string | null; interest: string | null };

/*
 * Compiled once: the member search's page asks it on every request (its nudge to fill the
 * profile in), and Kysely's building cost more than SQLite's answer.
 */
export const findProfileGaps = compiledProfileRead<ProfileGapsRow>((db, v) =>
  db
    .selectFrom('profiles as p')
    .select((eb) => [
      'p.main_photo_id',
      'p.text',
      eb
        .selectFrom('profile_interests as pi')
        .select('pi.interest')
        .where('pi.network_id', '=', v.network)
        .whereRef('pi.profile_id', '=', 'p.id')
        .limit(1)
        .as('interest'),
    ])
    .where('p.network_id', '=', v.network)
    .where('p.id', '=', v.profileId),
);
