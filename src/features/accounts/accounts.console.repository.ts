import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/database.ts';

/* The SQL of the console's member support (accounts.console.ts decides): finding members, their sessions. */

type Db = Kysely<Database> | Transaction<Database>;

function memberColumns(db: Db) {
  return db
    .selectFrom('members as m')
    .innerJoin('profiles as p', 'p.member_id', 'm.id')
    .select([
      'm.id',
      'm.network_id',
      'm.site_id',
      'm.email',
      'm.status',
      'm.language',
      'm.paid_user',
      'm.credits',
      'm.created_at',
      'm.confirmed_at',
      'm.deleted_at',
      'm.last_active_at',
      'p.id as profile_id',
      'p.name',
    ]);
}

export type SupportMemberRow = NonNullable<Awaited<ReturnType<typeof findMemberByProfile>>>;

/** A member by their public (profile) id, whatever the network (the caller checks it). */
export async function findMemberByProfile(db: Db, profileId: string) {
  return memberColumns(db).where('p.id', '=', profileId).executeTakeFirst();
}

/**
 * Members of `networks` matching `term`: the e-mail exactly or by its start, the name by its
 * start, the public id or an order's id exactly. At most `limit`, newest first.
 */
export async function searchMembersIn(
  db: Db,
  networks: readonly string[] | 'all',
  term: string,
  limit: number,
) {
  if (networks !== 'all' && networks.length === 0) return [];
  // No escape clause both dialects agree on: a wildcard typed in the term is dropped, not matched.
  const prefix = `${term.replace(/[\\%]/g, '')}%`;
  let query = memberColumns(db).where((eb) =>
    eb.or([
      eb('m.email', '=', term.toLowerCase()),
      eb('m.email', 'like', prefix.toLowerCase()),
      eb('p.name', 'like', prefix),
      eb('p.id', '=', term),
      eb('m.id', 'in', eb.selectFrom('orders').select('member_id').where('id', '=', term)),
    ]),
  );
  if (networks !== 'all') query = query.where('m.network_id', 'in', [...networks]);
  return query.orderBy('m.created_at', 'desc').limit(limit).execute();
}

/** The member's live sessions, newest first: when, and from which browser; never the token's hash. */
export async function sessionsOfMember(db: Db, network: string, memberId: string, now: number) {
  return db
    .selectFrom('sessions')
    .select(['site_id', 'created_at', 'last_seen_at', 'expires_at', 'user_agent'])
    .where('network_id', '=', network)
    .where('member_id', '=', memberId)
    .where('expires_at', '>', now)
    .orderBy('last_seen_at', 'desc')
    .limit(50)
    .execute();
}

/** Whether an e-mail address is taken by another account of the network. */
export async function emailTaken(db: Db, network: string, email: string, memberId: string): Promise<boolean> {
  const row = await db
    .selectFrom('members')
    .select('id')
    .where('network_id', '=', network)
    .where('email', '=', email)
    .where('id', '!=', memberId)
    .executeTakeFirst();
  return row !== undefined;
}

export async function setEmail(trx: Transaction<Database>, network: string, memberId: string, email: string) {
  await trx
    .updateTable('members')
    .set({ email })
    .where('network_id', '=', network)
    .where('id', '=', memberId)
    .execute();
}
