import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.ts';
import { deleteInNetwork, existsInNetwork } from '../../db/query-network.ts';
import { CARD_COLUMNS, visibleProfiles, type CardRow } from '../profiles/index.ts';

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
  return existsInNetwork(db, 'profiles', network, { id: profileId, status: 'active' });
}

/**
 * The profiles a member blocked that the member would see were there no block (the member-area
 * rule past blocks: network, active, not invisible, private only towards whom it liked or wrote
 * to, not withheld from this site), as card rows, newest block first. A block of a profile the
 * member may not see is kept but shows nothing of it, its live `online` state least of all.
 */
export async function blockedCardRows(
  db: Kysely<Database>,
  network: string,
  blocker: string,
  withheldSites: readonly string[],
  limit: number,
  only?: string,
): Promise<CardRow[]> {
  let query = visibleProfiles(db, network, { profileId: blocker }, withheldSites, undefined, {
    pastBlocks: true,
  }).innerJoin('blocks as b', (join) =>
    join
      .onRef('b.blocked_profile_id', '=', 'p.id')
      .onRef('b.network_id', '=', 'p.network_id')
      .on('b.blocker_profile_id', '=', blocker),
  );
  if (only !== undefined) query = query.where('b.blocked_profile_id', '=', only);
  return query
    .select([...CARD_COLUMNS])
    .orderBy('b.created_at', 'desc')
    .orderBy('b.blocked_profile_id')
    .limit(limit)
    .execute() as Promise<CardRow[]>;
}
