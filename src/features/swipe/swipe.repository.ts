import { SqliteAdapter, type Compilable, type Kysely, type Transaction } from 'kysely';
import { compiledPerShape } from '../../db/compiled.ts';
import type { Database, Gender, Seeking, SwipeAction } from '../../db/database.ts';
import { deleteInNetworkNaming, updateInNetwork, valueInNetwork } from '../../db/query-network.ts';
import { CARD_COLUMNS, visibleProfiles, walkingIndex, type CardRow, type Viewer } from '../profiles/index.ts';

/* The swipes table, and the deck: visible profiles of the niche the member has not judged yet. */

type Db = Kysely<Database> | Transaction<Database>;

/** Profiles dealt at once; the page asks again when the member reaches the end. */
export const DECK_SIZE = 20;

/** Who deals the deck: the member's profile, gender and whom they seek. */
export interface DeckViewer extends Viewer {
  gender: Gender;
  seeking: Seeking;
}

/*
 * The deck's query is built and compiled once per shape (how many genders are sought, how many
 * sites are withheld), not on every swipe page: Kysely's building cost more than SQLite's answer.
 */
const deckQuery = compiledPerShape(
  (
    db,
    q: {
      network: string;
      viewer: Viewer;
      withheldSites: readonly string[];
      audience: NonNullable<Parameters<typeof visibleProfiles>[4]>;
      sought: readonly Gender[];
      gender: Gender;
    },
  ) => {
    const me = q.viewer.profileId;
    // The profiles the member has judged already: swiped either way, or liked elsewhere.
    const judged = db
      .selectFrom('swipes')
      .select('target_profile_id as id')
      .where('profile_id', '=', me)
      .union(db.selectFrom('likes').select('liked_profile_id as id').where('liker_profile_id', '=', me));
    const query = visibleProfiles(db, q.network, q.viewer, q.withheldSites, q.audience)
      .where('p.id', 'not in', judged)
      .where('p.gender', 'in', [...q.sought])
      .where('p.seeking', 'in', [q.gender, 'both'])
      .select([...CARD_COLUMNS])
      // Most recently active first, both keys descending: the order of the activity indexes.
      .orderBy('p.last_active_at', 'desc')
      .orderBy('p.id', 'desc')
      .limit(DECK_SIZE) as unknown as Compilable<CardRow>;
    if (!(db.getExecutor().adapter instanceof SqliteAdapter)) return query;
    /*
     * SQLite costs by its statistics without the LIMIT: it took the gender and age index and
     * read and sorted every profile of the genders sought (twice the deck's time on the demo
     * network, and half of a million-profile network). Told the activity index (of the one
     * gender sought, or of all), it reads in order and stops after the deck (swipe.plan.test.ts).
     */
    const index = q.sought.length === 1 ? 'profiles_search_gender_active_idx' : 'profiles_active_idx';
    return walkingIndex(query, index, 'swipe: the deck');
  },
);

export async function deck(
  db: Db,
  network: string,
  viewer: DeckViewer,
  withheldSites: readonly string[],
  audience: NonNullable<Parameters<typeof visibleProfiles>[4]>,
): Promise<CardRow[]> {
  const sought: Gender[] = viewer.seeking === 'both' ? ['male', 'female'] : [viewer.seeking];
  return deckQuery.execute(db, {
    network,
    viewer: { profileId: viewer.profileId },
    withheldSites,
    audience,
    sought,
    gender: viewer.gender,
  });
}

/** The member's earlier decision about a profile, if any. */
export async function priorSwipe(
  db: Db,
  network: string,
  profileId: string,
  targetId: string,
): Promise<SwipeAction | undefined> {
  return valueInNetwork(
    db,
    'swipes',
    network,
    { profile_id: profileId, target_profile_id: targetId },
    'action',
  );
}

/** Records a decision; a like replaces an earlier pass (and counts today). */
export async function saveSwipe(
  db: Db,
  network: string,
  profileId: string,
  targetId: string,
  action: SwipeAction,
  now: number,
): Promise<void> {
  await db
    .insertInto('swipes')
    .values({
      profile_id: profileId,
      target_profile_id: targetId,
      network_id: network,
      action,
      created_at: now,
    })
    .onConflict((conflict) =>
      action === 'like'
        ? conflict.columns(['profile_id', 'target_profile_id']).doUpdateSet({ action, created_at: now })
        : conflict.columns(['profile_id', 'target_profile_id']).doNothing(),
    )
    .execute();
}

/**
 * Runs `work` in a transaction that holds the member's profile row: parallel swipe likes of one
 * member queue here, so two swipes of one profile are one decision and one count. The no-op update takes PostgreSQL's row lock (as `FOR UPDATE` would) and
 * SQLite's write lock, in one statement both dialects speak.
 */
export async function withSwipeLock<T>(
  db: Kysely<Database>,
  network: string,
  profileId: string,
  work: (trx: Transaction<Database>) => Promise<T>,
): Promise<T> {
  return db.transaction().execute(async (trx) => {
    await updateInNetwork(trx, 'profiles', network, { id: profileId })
      .set((eb) => ({ updated_at: eb.ref('updated_at') }))
      .execute();
    return work(trx);
  });
}

/** Erasure: the profile's decisions and others' decisions about it. */
export async function eraseSwipes(db: Db, network: string, profileId: string): Promise<void> {
  await deleteInNetworkNaming(
    db,
    'swipes',
    network,
    ['profile_id', 'target_profile_id'],
    profileId,
  ).execute();
}
