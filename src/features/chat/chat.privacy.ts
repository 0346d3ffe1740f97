import { readableTimes, type PrivacyHook } from '../../server/privacy.ts';
import { exportMemberTables, type AnyMemberRows } from '../../server/privacy-tables.ts';
import { blankMessagesOf, conversationsOf } from './chat.repository.ts';

const messagesSent: readonly AnyMemberRows[] = [
  {
    table: 'messages',
    column: 'sender_profile_id',
    by: 'profile',
    exportAs: 'messages_sent',
    select: ['conversation_id', 'type', 'text', 'gift_id', 'credits_spent', 'created_at', 'read_at'],
    orderBy: 'created_at',
  },
];

/**
 * The member's conversations (their side of each) and what they wrote; never the other side's
 * words. Conversations and their members' rows stay on erasure, and so do the
 * messages' rows with their content blanked: the other side's history keeps its shape.
 */
export const chatPrivacy: PrivacyHook = {
  owner: 'chat',
  tables: ['conversations', 'conversation_members', 'messages'],
  async export(db, subject) {
    const { network, profileId } = subject;
    return {
      conversations: profileId ? readableTimes(await conversationsOf(db, network, profileId)) : [],
      ...(await exportMemberTables(db, messagesSent, subject)),
    };
  },
  async erase(trx, { network, profileId }) {
    if (profileId) await blankMessagesOf(trx, network, profileId);
  },
};
