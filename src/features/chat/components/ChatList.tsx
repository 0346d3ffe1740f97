import { useEffect, useState } from 'react';
import { useStore } from '@nanostores/react';
import { islandTranslator, type IslandMessages, type IslandTranslate } from '../../shell/island-i18n.ts';
import { FictionalBadge } from '../../likes/components/FictionalBadge.tsx';
import type { FictionalLabel } from '../../likes/components/labels.ts';
import { $chats, errorText, refreshChats, removeChat } from '../chat.store.ts';
import type { ChatListEntry, ChatMessage } from '../chat.schemas.ts';
import { Avatar } from './Avatar.tsx';
import { badgeCount } from './badge.ts';
import { conversationPath, type ChatLinks } from './links.ts';
import { useChatLive } from './use-chat-live.ts';

export interface ChatListProps {
  messages: IslandMessages;
  fictional: FictionalLabel;
  links: ChatLinks;
}

/** What the list says of a conversation's last message. */
export function lastMessageText(message: ChatMessage | null, t: IslandTranslate): string {
  if (!message) return t('chat.ui.no_messages');
  const said =
    message.type === 'image'
      ? t('chat.ui.last_image')
      : message.type === 'gift'
        ? t('chat.ui.last_gift', { name: message.gift?.name ?? '' })
        : (message.text ?? '');
  return message.mine ? t('chat.ui.you', { text: said }) : said;
}

/**
 * Spec §2 chats: the member's conversations, newest first, each with the other profile, the
 * last message and the unread count; a chat can be removed (spec §4: at once, then on the server).
 */
export default function ChatList({ messages, fictional, links }: ChatListProps) {
  const t = islandTranslator(messages);
  const chats = useStore($chats);
  const [failed, setFailed] = useState(false);
  // The navigation may fill the chats store before this island hydrates; until it has mounted it
  // renders what the server rendered (the loading state), or React refuses the hydration.
  const [mounted, setMounted] = useState(false);
  useChatLive();

  useEffect(() => {
    setMounted(true);
    refreshChats().catch(() => setFailed(true));
  }, []);

  if (!chats || !mounted) {
    return failed ? (
      <p className="alert alert-danger" role="alert">
        {t('error.try_later')}
      </p>
    ) : (
      <p className="chat-loading text-body-secondary" role="status">
        <span className="spinner-border spinner-border-sm me-2" aria-hidden="true" />
        {t('chat.ui.loading')}
      </p>
    );
  }

  if (chats.length === 0) {
    return (
      <div className="chat-empty text-center py-5" data-testid="chat-empty">
        <p className="lead mb-3">{t('chat.ui.empty')}</p>
        <a className="btn btn-primary" href={links.members}>
          {t('chat.ui.empty_find')}
        </a>
      </div>
    );
  }

  return (
    <ul className="chat-index list-unstyled" data-ready="">
      {chats.map((chat) => (
        <ChatRow key={chat.conversation.id} chat={chat} t={t} fictional={fictional} links={links} />
      ))}
    </ul>
  );
}

function ChatRow({
  chat,
  t,
  fictional,
  links,
}: {
  chat: ChatListEntry;
  t: IslandTranslate;
  fictional: FictionalLabel;
  links: ChatLinks;
}) {
  const { profile, num_unread_messages: unread } = chat;
  const onDelete = () =>
    void removeChat(chat.conversation.id, (error) =>
      t('chat.ui.delete_failed', { error: errorText(error, t('error.try_later')) }),
    );
  return (
    <li
      className={`chat-list-item${unread > 0 ? ' is-unread' : ''}`}
      data-conversation={chat.conversation.id}
    >
      <Avatar profile={profile} size={56} lazy />
      <div className="chat-index-body">
        <p className="chat-list-name">
          <a className="stretched-link" href={conversationPath(links, chat.conversation.id)}>
            {profile.name}, {profile.age}
          </a>
          {profile.fictional && <FictionalBadge fictional={fictional} />}
        </p>
        <p className="chat-list-preview">{lastMessageText(chat.last_message, t)}</p>
      </div>
      {unread > 0 && (
        <span className="badge rounded-pill badge-unread chat-index-unread">
          {badgeCount(unread)}
          <span className="visually-hidden"> {t('chat.ui.unread', { count: unread })}</span>
        </span>
      )}
      <button type="button" className="btn btn-sm btn-link chat-index-delete" onClick={onDelete}>
        {t('chat.ui.delete')}
        <span className="visually-hidden"> {profile.name}</span>
      </button>
    </li>
  );
}
