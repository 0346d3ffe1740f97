import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/database.ts';

/** Likes given and matches made by members' profiles in a network, split by premium or free. */
export interface LikeOutcomes {
  paid: boolean;
  members: number;
  likes: number;
  matches: number;
}

/**
 * One pass over the network's likes: each like given by a member's profile, whether it was liked
 * back (a match), grouped by the liker's premium flag. Operator profiles (no member) are left out:
 * the claim is about members.
 */
export async function likeOutcomesByPremium(db: Kysely<Database>, network: string): Promise<LikeOutcomes[]> {
  const rows = await db
    .selectFrom('likes as l')
    .innerJoin('profiles as p', 'p.id', 'l.liker_profile_id')
    .innerJoin('members as m', 'm.id', 'p.member_id')
    .leftJoin('likes as back', (join) =>
      join
        .onRef('back.liker_profile_id', '=', 'l.liked_profile_id')
        .onRef('back.liked_profile_id', '=', 'l.liker_profile_id')
        .onRef('back.network_id', '=', 'l.network_id'),
    )
    .select([
      'm.paid_user as paid',
      sql<number | string>`count(distinct m.id)`.as('members'),
      sql<number | string>`count(*)`.as('likes'),
      sql<number | string>`count(back.liker_profile_id)`.as('matches'),
    ])
    .where('l.network_id', '=', network)
    .where('m.network_id', '=', network)
    .groupBy('m.paid_user')
    .execute();
  return rows.map((r) => ({
    paid: Number(r.paid) === 1,
    members: Number(r.members),
    likes: Number(r.likes),
    matches: Number(r.matches),
  }));
}
