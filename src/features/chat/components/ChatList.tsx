import {
  useEffect,
  useId,
  useRef,
  useState,
  type KeyboardEvent as ReactKeyboardEvent,
  type ReactNode,
} from 'react';
import { useStore } from '@nanostores/react';
import { useIslandData, type IslandData } from '../../../lib/island-json.ts';
import {
  islandLocale,
  islandTranslator,
  type IslandMessages,
  type IslandTranslate,
} from '../../shell/island-i18n.ts';
import { dayLabel, sameDay } from '../../../lib/day-label.ts';
import { FictionalBadge } from '../../likes/components/FictionalBadge.tsx';
import type { FictionalLabel } from '../../likes/components/labels.ts';
import { $chats, errorText, removeChat, showChats } from '../chat.store.ts';
import type { ChatListEntry, ChatMessage } from '../chat.schemas.ts';
import { Avatar } from './Avatar.tsx';
import { badgeCount } from './badge.ts';
import { conversationPath, type ChatLinks } from './links.ts';
import { useChatLive } from './use-chat-live.ts';

export interface ChatListProps {
  messages: IslandMessages;
  fictional: IslandData<FictionalLabel>;
  links: IslandData<ChatLinks>;
  /** The list the page was rendered with: shown at once, then kept current by the store. */
  initial: IslandData<ChatListEntry[]>;
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
 * When a conversation's last message came: its time today, else its day ("Yesterday",
 * "Saturday", "23 November"), by the reader's clock and time zone in the page's language.
 */
export function lastMessageWhen(at: Date, now: Date, locale: string | undefined): string {
  return sameDay(at, now)
    ? at.toLocaleTimeString(locale, { hour: '2-digit', minute: '2-digit' })
    : dayLabel(at, now, locale);
}

/**
 * Spec §2 chats: the member's conversations, newest first, each with the other profile, the
 * last message and the unread count; a chat can be removed (spec §4: at once, then on the server).
 */
export default function ChatList({ messages, ...data }: ChatListProps) {
  const initial = useIslandData(data.initial);
  const fictional = useIslandData(data.fictional);
  const links = useIslandData(data.links);
  const t = islandTranslator(messages);
  const stored = useStore($chats);
  // The navigation may fill the chats store before this island hydrates; until it has mounted it
  // renders what the server rendered (the page's list), or React refuses the hydration.
  const [mounted, setMounted] = useState(false);
  useChatLive();

  useEffect(() => {
    setMounted(true);
    // The page came with the list: the store takes it, unless the navigation filled it already.
    if ($chats.get() === null) showChats(initial);
  }, [initial]);

  const chats = (mounted ? stored : null) ?? initial;

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
        <ChatRow
          key={chat.conversation.id}
          chat={chat}
          t={t}
          fictional={fictional}
          links={links}
          // The server knows neither the reader's clock nor zone: times show once the list runs.
          when={mounted ? { now: new Date(), locale: islandLocale(messages) } : null}
        />
      ))}
    </ul>
  );
}

function ChatRow({
  chat,
  t,
  fictional,
  links,
  when,
}: {
  chat: ChatListEntry;
  t: IslandTranslate;
  fictional: FictionalLabel;
  links: ChatLinks;
  /** The reader's clock and the page's language, in the browser; null where the page is rendered. */
  when: { now: Date; locale: string | undefined } | null;
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
        <div className="chat-list-top">
          <p className="chat-list-name">
            <a className="stretched-link" href={conversationPath(links, chat.conversation.id)}>
              <span className="given-name">{profile.name},</span> {profile.age}
            </a>
          </p>
          {when && chat.last_message && (
            <time className="chat-list-time" dateTime={new Date(chat.last_message.created_at).toISOString()}>
              {lastMessageWhen(new Date(chat.last_message.created_at), when.now, when.locale)}
            </time>
          )}
        </div>
        {/* A line of its own, so a long name can never push the label out of sight. */}
        {profile.fictional && (
          <p className="chat-list-label">
            <FictionalBadge fictional={fictional} />
          </p>
        )}
        <p className="chat-list-preview">{lastMessageText(chat.last_message, t)}</p>
      </div>
      {unread > 0 && (
        <span className="badge rounded-pill badge-unread chat-index-unread">
          {badgeCount(unread)}
          <span className="visually-hidden"> {t('chat.ui.unread', { count: unread })}</span>
        </span>
      )}
      <RowMenu label={t('chat.ui.actions', { name: profile.name })}>
        {(close) => (
          <button
            type="button"
            role="menuitem"
            className="dropdown-item chat-index-delete"
            onClick={() => {
              close();
              onDelete();
            }}
          >
            {t('chat.ui.delete')}
          </button>
        )}
      </RowMenu>
    </li>
  );
}

/**
 * A row's actions behind one button (the menu-button pattern of the ARIA practices): the button
 * says it opens a menu and whether it is open; Enter, Space or Arrow Down open it on its first
 * item, Escape closes it and gives the focus back, and a click or focus elsewhere closes it.
 */
function RowMenu({ label, children }: { label: string; children: (close: () => void) => ReactNode }) {
  const [open, setOpen] = useState(false);
  const id = useId();
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);

  const items = () => [...(root.current?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? [])];
  const close = (refocus: boolean) => {
    setOpen(false);
    if (refocus) button.current?.focus();
  };

  useEffect(() => {
    if (!open) return;
    items()[0]?.focus();
    const away = (event: Event) => {
      if (!root.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', away);
    document.addEventListener('focusin', away);
    return () => {
      document.removeEventListener('pointerdown', away);
      document.removeEventListener('focusin', away);
    };
  }, [open]);

  const onButtonKey = (event: ReactKeyboardEvent) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      setOpen(true);
    }
  };
  const onMenuKey = (event: ReactKeyboardEvent) => {
    const list = items();
    const at = list.indexOf(document.activeElement as HTMLElement);
    if (event.key === 'Escape') {
      event.preventDefault();
      close(true);
    } else if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      const step = event.key === 'ArrowDown' ? 1 : -1;
      list[(at + step + list.length) % list.length]?.focus();
    } else if (event.key === 'Tab') {
      setOpen(false);
    }
  };

  return (
    <div className="chat-index-menu" ref={root}>
      <button
        ref={button}
        type="button"
        className="btn btn-sm btn-link chat-index-menu-button"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? id : undefined}
        aria-label={label}
        onClick={() => setOpen((was) => !was)}
        onKeyDown={onButtonKey}
      >
        <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
          <path
            fill="currentColor"
            d="M12 4a2 2 0 1 1 0 4 2 2 0 0 1 0-4Zm0 6a2 2 0 1 1 0 4 2 2 0 0 1 0-4Zm0 6a2 2 0 1 1 0 4 2 2 0 0 1 0-4Z"
          />
        </svg>
      </button>
      {open && (
        <div
          id={id}
          role="menu"
          aria-label={label}
          className="dropdown-menu show chat-index-menu-list"
          onKeyDown={onMenuKey}
        >
          {children(() => close(true))}
        </div>
      )}
    </div>
  );
}
