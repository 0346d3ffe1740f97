import { readableTimes, type PrivacyHook } from '../../server/privacy.ts';
import { exportMemberTables, type AnyMemberRows } from '../../server/privacy-tables.ts';
import {
  blankMessagesOf,
  chatPhotosOf,
  conversationsOf,
  eraseChatEventsOf,
  eraseChatPhotos,
} from './chat.repository.ts';

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
 * The member's conversations (their side of each), what they wrote and the pictures they sent;
 * never the other side's words. Conversations and their members' rows stay on erasure, and so
 * do the messages' rows with their content blanked: the other side's history keeps its shape.
 * The pictures go (rows now, files after the commit), and so do the stored `message` and `read`
 * events of the member's conversations on both sides, which would otherwise replay their words
 * to a reconnecting browser.
 */
export const chatPrivacy: PrivacyHook = {
  owner: 'chat',
  tables: ['conversations', 'conversation_members', 'messages', 'chat_photos'],
  async export(db, subject, view) {
    const { network, profileId } = subject;
    if (!profileId)
      return { conversations: [], chat_photos: [], ...(await exportMemberTables(db, messagesSent, subject)) };
    const photos = await chatPhotosOf(db, network, profileId);
    return {
      conversations: readableTimes(await conversationsOf(db, network, profileId)),
      ...(await exportMemberTables(db, messagesSent, subject)),
      chat_photos: readableTimes(photos.map((p) => ({ ...p, url: view.mediaUrl(p.filename) }))),
    };
  },
  async erase(trx, { network, profileId }) {
    if (!profileId) return [];
    await blankMessagesOf(trx, network, profileId);
    await eraseChatEventsOf(trx, network, profileId);
    return eraseChatPhotos(trx, network, profileId);
  },
};
