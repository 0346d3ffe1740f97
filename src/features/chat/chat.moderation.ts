import type { Kysely } from 'kysely';
import type { Database, MessageType } from '../../db/database.ts';
import { messageOfPairFrom, messagesAround } from './chat.repository.ts';

/*
 * What moderation needs of conversations: whether a reported message is one the reported
 * profile sent to the reporter, and the conversation around reported messages for the
 * moderator (the console audits that reading).
 */

/** Whether `messageId` was sent by `sender` in their conversation with `reporter`. */
export async function isMessageFrom(
  db: Kysely<Database>,
  network: string,
  messageId: string,
  sender: string,
  reporter: string,
): Promise<boolean> {
  return (await messageOfPairFrom(db, network, messageId, sender, reporter)) !== undefined;
}

/** A message as a moderator reads it. */
export interface ModerationMessage {
  id: string;
  sender: string;
  type: MessageType;
  text: string | null;
  /** ISO 8601. */
  at: string;
  /** One of the messages reported. */
  reported: boolean;
}

/** About ten messages of context: five either side of each reported message. */
export async function conversationAround(
  db: Kysely<Database>,
  network: string,
  messageIds: readonly string[],
): Promise<ModerationMessage[]> {
  const rows = await messagesAround(db, network, messageIds, 5);
  return rows.map((row) => ({
    id: row.id,
    sender: row.sender_profile_id,
    type: row.type,
    text: row.text,
    at: new Date(row.created_at).toISOString(),
    reported: messageIds.includes(row.id),
  }));
}
