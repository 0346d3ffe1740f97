/* STUB (issue 10, profile view helper): the likes helper owns this file; MERGER: take theirs. */
import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.ts';
import { visibleProfiles } from '../profiles/index.ts';

/** The likes between two profiles, either way. */
export async function likesBetween(db: Kysely<Database>, network: string, a: string, b: string) {
  return db
    .selectFrom('likes')
    .select(['liker_profile_id', 'liked_profile_id'])
    .where('network_id', '=', network)
    .where((eb) =>
      eb.or([
        eb.and([eb('liker_profile_id', '=', a), eb('liked_profile_id', '=', b)]),
        eb.and([eb('liker_profile_id', '=', b), eb('liked_profile_id', '=', a)]),
      ]),
    )
    .execute();
}

export async function markSeen(
  db: Kysely<Database>,
  network: string,
  viewer: string,
  liker: string,
  now: number,
): Promise<void> {
  await db
    .updateTable('likes')
    .set({ seen_at: now })
    .where('network_id', '=', network)
    .where('liker_profile_id', '=', liker)
    .where('liked_profile_id', '=', viewer)
    .where('seen_at', 'is', null)
    .execute();
}

export async function insertLike(
  db: Kysely<Database>,
  network: string,
  liker: string,
  liked: string,
  now: number,
): Promise<void> {
  await db
    .insertInto('likes')
    .values({
      liker_profile_id: liker,
      liked_profile_id: liked,
      network_id: network,
      created_at: now,
      seen_at: null,
    })
    .onConflict((c) => c.columns(['liker_profile_id', 'liked_profile_id']).doNothing())
    .execute();
}

export async function deleteLike(db: Kysely<Database>, network: string, liker: string, liked: string) {
  await db
    .deleteFrom('likes')
    .where('network_id', '=', network)
    .where('liker_profile_id', '=', liker)
    .where('liked_profile_id', '=', liked)
    .execute();
}

/** Whether the viewer may see (and so like) the profile. */
export async function canSee(
  db: Kysely<Database>,
  network: string,
  viewer: string,
  other: string,
  withheldSites: readonly string[],
): Promise<boolean> {
  const row = await visibleProfiles(db, network, { profileId: viewer }, withheldSites)
    .select('p.id')
    .where('p.id', '=', other)
    .executeTakeFirst();
  return row !== undefined;
}
