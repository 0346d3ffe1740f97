import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database } from '../../db/database.ts';

/*
 * Conversations and messages. For now only what a member's export and erasure need; the chat
 * capability (conversations, sending, the event stream) builds the rest here.
 */

type Db = Kysely<Database> | Transaction<Database>;

/** The conversations the profile takes part in, as its side sees them (whom with, read, removed). */
export async function conversationsOf(db: Db, network: string, profileId: string) {
  return db
    .selectFrom('conversation_members as cm')
    .innerJoin('conversations as c', 'c.id', 'cm.conversation_id')
    .select((eb) => [
      'c.id as conversation_id',
      eb
        .case()
        .when('c.profile_a_id', '=', profileId)
        .then(eb.ref('c.profile_b_id'))
        .else(eb.ref('c.profile_a_id'))
        .end()
        .as('with_profile_id'),
      'c.created_at as started_at',
      'c.last_message_at',
      'cm.created_at',
      'cm.unread_count',
      'cm.last_read_at',
      'cm.deleted_at',
    ])
    .where('cm.network_id', '=', network)
    .where('cm.profile_id', '=', profileId)
    .orderBy('c.created_at')
    .execute();
}

/** Blanks the content of every message the profile wrote (the rows keep the other side's history whole). */
export async function blankMessagesOf(trx: Transaction<Database>, network: string, profileId: string) {
  // A message's content is written once and never edited, so the typed builder refuses an
  // update of it; erasure is the one exception.
  await sql`update messages set text = null, photo_id = null where network_id = ${network} and sender_profile_id = ${profileId}`.execute(
    trx,
  );
}
