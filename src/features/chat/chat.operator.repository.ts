import { type Kysely, type Transaction } from 'kysely';
import type { Database } from '../../db/database.ts';
import { networksKeysetPage, type NetworksPage } from '../../db/keyset.ts';
import { PROFILE_BASICS_COLUMNS, type ProfileBasicsRow } from '../profiles/index.ts';
import { messageRows, type MessageRow } from './chat.repository.ts';

/*
 * The conversations of operator-run (fictional) profiles as the console's host inbox reads
 * them: which wait for an answer, and one conversation whole. Members' own reads stay in
 * chat.repository.ts behind the visibility rule; these are staff reads, scoped by network.
 */

type Db = Kysely<Database> | Transaction<Database>;

export interface OperatorConversationRow {
  conversation_id: string;
  network_id: string;
  operator_profile_id: string;
  operator_name: string;
  member_profile_id: string;
  member_name: string;
  member_id: string | null;
  /** The site the member joined on (null for a profile without one). */
  member_site_id: string | null;
  last_message_at: number;
  last_text: string | null;
  last_type: string;
}

function operatorConversations(db: Db) {
  return db
    .selectFrom('conversations as c')
    .innerJoin('profiles as fp', (join) =>
      join
        .on((eb) =>
          eb.or([eb('fp.id', '=', eb.ref('c.profile_a_id')), eb('fp.id', '=', eb.ref('c.profile_b_id'))]),
        )
        .on('fp.fictional', '=', 1),
    )
    .innerJoin('profiles as mp', (join) =>
      join
        .on((eb) =>
          eb.or([eb('mp.id', '=', eb.ref('c.profile_a_id')), eb('mp.id', '=', eb.ref('c.profile_b_id'))]),
        )
        .on('mp.fictional', '=', 0),
    )
    .innerJoin('messages as lm', 'lm.id', 'c.last_message_id')
    .select([
      'c.id as conversation_id',
      'c.network_id',
      'fp.id as operator_profile_id',
      'fp.name as operator_name',
      'mp.id as member_profile_id',
      'mp.name as member_name',
      'mp.member_id',
      'mp.site_id as member_site_id',
      'lm.created_at as last_message_at',
      'lm.text as last_text',
      'lm.type as last_type',
    ])
    .$castTo<OperatorConversationRow>();
}

/**
 * Conversations of operator-run profiles whose newest message is the member's (delivered, not
 * held): the longest waiting first, `limit` from after `after` (keyset on the time and id).
 */
export async function waitingOperatorConversations(
  db: Db,
  page: NetworksPage,
): Promise<OperatorConversationRow[]> {
  const query = operatorConversations(db)
    .whereRef('lm.sender_profile_id', '=', 'mp.id')
    .where('lm.held', '=', 0);
  return networksKeysetPage(
    query,
    { network: 'c.network_id', time: 'c.last_message_at', id: 'c.id' },
    'asc',
    page,
  );
}

/** One conversation of an operator-run profile, whoever wrote last; undefined for any other. */
export async function operatorConversation(
  db: Db,
  conversationId: string,
): Promise<OperatorConversationRow | undefined> {
  return operatorConversations(db).where('c.id', '=', conversationId).executeTakeFirst();
}

/** The newest `limit` delivered messages of a conversation, oldest first. */
export async function operatorThread(
  db: Db,
  network: string,
  conversationId: string,
  limit: number,
): Promise<MessageRow[]> {
  const rows = await messageRows(db)
    .where('m.network_id', '=', network)
    .where('m.conversation_id', '=', conversationId)
    .where('m.held', '=', 0)
    .orderBy('m.created_at', 'desc')
    .orderBy('m.id', 'desc')
    .limit(limit)
    .$castTo<MessageRow>()
    .execute();
  return rows.reverse();
}

export interface OperatorMemberRow extends ProfileBasicsRow {
  site_id: string | null;
  language: string | null;
  paid_user: number | null;
  member_created_at: number | null;
}

/** The member side of an operator conversation as a host needs to know it. */
export async function operatorMember(
  db: Db,
  network: string,
  profileId: string,
): Promise<OperatorMemberRow | undefined> {
  return db
    .selectFrom('profiles as p')
    .leftJoin('members as mb', 'mb.id', 'p.member_id')
    .select([
      ...PROFILE_BASICS_COLUMNS,
      'p.site_id',
      'mb.language',
      'mb.paid_user',
      'mb.created_at as member_created_at',
    ])
    .where('p.network_id', '=', network)
    .where('p.id', '=', profileId)
    .$castTo<OperatorMemberRow>()
    .executeTakeFirst();
}
