import type { Kysely, Transaction } from 'kysely';
import type { Database } from './database.ts';
import { selectInNetwork } from './query-network.ts';

/*
 * Lookups between an account and its profile that several features make (likes, chat, the
 * privacy hooks) before they turn to their own tables.
 */

type Db = Kysely<Database> | Transaction<Database>;

/** The profile of an account (it has one at most), if it has one. */
export async function profileOfMember(
  db: Db,
  network: string,
  memberId: string,
): Promise<string | undefined> {
  const row = await selectInNetwork(db, 'profiles', network, { member_id: memberId })
    .select('id')
    .executeTakeFirst();
  return row?.id;
}
