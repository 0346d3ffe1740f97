import type { Kysely } from 'kysely';
import type { Database, MemberStatus } from '../../db/database.ts';

/**
 * The status of the account whose photo `mainFile` is (its main size's stored name), or null
 * for an operator's profile; undefined when no photo has that name.
 */
export async function photoOwnerStatus(
  db: Kysely<Database>,
  network: string,
  mainFile: string,
): Promise<MemberStatus | null | undefined> {
  const row = await db
    .selectFrom('photos as ph')
    .innerJoin('profiles as p', 'p.id', 'ph.profile_id')
    .leftJoin('members as m', 'm.id', 'p.member_id')
    .select('m.status')
    .where('ph.network_id', '=', network)
    .where('ph.filename', '=', mainFile)
    .executeTakeFirst();
  return row ? row.status : undefined;
}
