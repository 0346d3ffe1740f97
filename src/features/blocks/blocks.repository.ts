import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.ts';
import { deleteInNetwork, selectInNetwork } from '../../db/query-network.ts';
import { CARD_COLUMNS, type CardRow } from '../profiles/index.ts';

/** A block is a pair; blocking twice keeps the first one (and its date). */
export async function insertBlock(
  db: Kysely<Database>,
  network: string,
  blocker: string,
  blocked: string,
  now: number,
): Promise<void> {
  await db
    .insertInto('blocks')
    .values({
      blocker_profile_id: blocker,
      blocked_profile_id: blocked,
      network_id: network,
      created_at: now,
    })
    .onConflict((c) => c.columns(['blocker_profile_id', 'blocked_profile_id']).doNothing())
    .execute();
}

export async function deleteBlock(
  db: Kysely<Database>,
  network: string,
  blocker: string,
  blocked: string,
): Promise<void> {
  await deleteInNetwork(db, 'blocks', network, {
    blocker_profile_id: blocker,
    blocked_profile_id: blocked,
  }).execute();
}

/** A profile of the network that a member can block: it exists there and is not switched off. */
export async function blockableProfile(
  db: Kysely<Database>,
  network: string,
  profileId: string,
): Promise<boolean> {
  const row = await selectInNetwork(db, 'profiles', network, { id: profileId, status: 'active' })
    .select('id')
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * The profiles a member blocked, as card rows, newest block first. Not through
 * `visibleProfiles`: that rule hides exactly these profiles. Still scoped to the network and to
 * active profiles, so a deleted or erased member leaves the list.
 */
export async function blockedCardRows(
  db: Kysely<Database>,
  network: string,
  blocker: string,
  limit: number,
  only?: string,
): Promise<CardRow[]> {
  let query = db
    .selectFrom('blocks as b')
    .innerJoin('profiles as p', (join) =>
      join.onRef('p.id', '=', 'b.blocked_profile_id').onRef('p.network_id', '=', 'b.network_id'),
    )
    .leftJoin('photos as ph', (join) =>
      join.onRef('ph.id', '=', 'p.main_photo_id').on('ph.status', '=', 'active'),
    )
    .where('b.network_id', '=', network)
    .where('b.blocker_profile_id', '=', blocker)
    .where('p.status', '=', 'active');
  if (only !== undefined) query = query.where('b.blocked_profile_id', '=', only);
  return query
    .select([...CARD_COLUMNS])
    .orderBy('b.created_at', 'desc')
    .orderBy('b.blocked_profile_id')
    .limit(limit)
    .execute() as Promise<CardRow[]>;
}
