import {
  Fragment,
  useEffect,
  useLayoutEffect,
  useRef,
  useState,
  type KeyboardEvent,
  type SyntheticEvent,
} from 'react';
import { useStore } from '@nanostores/react';
import { isApiError } from '../../../lib/api-client.ts';
import { islandTranslator, type IslandMessages, type IslandTranslate } from '../../shell/island-i18n.ts';
import { toast } from '../../shell/toasts.ts';
import { FictionalBadge } from '../../likes/components/FictionalBadge.tsx';
import type { FictionalLabel } from '../../likes/components/labels.ts';
import {
  $conversation,
  discardMessage,
  errorText,
  loadOlder,
  openChat,
  retryMessage,
  sendMessage,
  signalTyping,
  typingDone,
  uploadChatPhoto,
  type Bubble,
  type ChatTarget,
  type OpenConversation,
} from '../chat.store.ts';
import type { ChatAllowance, Gift } from '../chat.schemas.ts';
import { Avatar } from './Avatar.tsx';
import { ChatIcon } from './chat-icons.tsx';
import { formatMoney } from '../../../lib/money.ts';
import { GiftPicker } from './GiftPicker.tsx';
import { IcebreakerModal } from './IcebreakerModal.tsx';
import { conversationPath, memberPath, type ChatLinks } from './links.ts';
import { useChatLive } from './use-chat-live.ts';
import { useBalance } from '../../accounts/components/use-user.ts';
import { withReturn } from '../../../lib/return-path.ts';
import { DayLine } from '../../shell/components/DayLine.tsx';
import { ReportDialog } from '../../reports/components/ReportDialog.tsx';

export interface ConversationProps {
  target: ChatTarget;
  messages: IslandMessages;
  fictional: FictionalLabel;
  links: ChatLinks;
  /** The member is premium: no free allowances to show. */
  premium: boolean;
  /** Conversations a free member may have (the site's limit), for the refusal's reason. */
  freeConversations: number;
  /** Open the gift picker at once (the profile's gift button). */
  giftFirst?: boolean;
  /** The page's language, for prices. */
  locale: string;
  /** The balance when the page was made; the navigation keeps it current afterwards. */
  balance: number;
  /** The page's own path: buying credits leads back here. */
  pagePath: string;
}

/** Codes whose refusal the footer explains in place, with the way out, instead of a toast. */
const EXPLAINED = new Set([
  'validation',
  'not_enough_credits',
  'free_conversation_limit',
  'premium_only',
  'blocked',
  'too_long',
]);

/**
 * Spec §2 chats-id and members-id-chat: the conversation with one profile. History loads by
 * cursor when scrolling up; new messages, typing and read state arrive live; the footer sends
 * text, a photo or a gift, and says what a message costs and what is left free before it bites.
 */
export default function Conversation({
  target,
  messages,
  fictional,
  links,
  premium,
  freeConversations,
  giftFirst = false,
  locale,
  balance: initialBalance,
  pagePath,
}: ConversationProps) {
  const t = islandTranslator(messages);
  const open = useStore($conversation);
  const balance = useBalance(initialBalance);
  const [loadError, setLoadError] = useState<{ code: string; message: string } | null>(null);
  const [refusal, setRefusal] = useState<{ code: string; message: string } | null>(null);
  useChatLive();

  useEffect(() => {
    openChat(target).catch((error: unknown) =>
      setLoadError({
        code: isApiError(error) ? error.code : 'network_error',
        message: errorText(error, t('error.try_later')),
      }),
    );
    return () => $conversation.set(null);
  }, []);

  // What arrived while the page was in the background is read when the member looks again.
  useEffect(() => {
    const onVisible = () => {
      const current = $conversation.get();
      if (
        document.visibilityState === 'visible' &&
        current?.conversation &&
        current.messages.some((m) => !m.mine && !m.read)
      )
        openChat({ conversation: current.conversation }).catch(() => {});
    };
    document.addEventListener('visibilitychange', onVisible);
    return () => document.removeEventListener('visibilitychange', onVisible);
  }, []);

  // The address of a chat with a profile becomes the conversation's once it exists (a reload
  // or a shared link then opens the same conversation).
  const conversationId = open?.conversation;
  useEffect(() => {
    if (conversationId && 'profile' in target)
      history.replaceState(history.state, '', conversationPath(links, conversationId));
  }, [conversationId]);

  if (loadError) {
    return (
      <div className="chat-window chat-screen">
        <div className="container py-4">
          <h1 className="visually-hidden">{t('chat.ui.title')}</h1>
          <p className="alert alert-warning" role="alert" data-testid="chat-load-error">
            {loadError.message}
          </p>
          <a href={links.chats}>{t('chat.ui.back')}</a>
        </div>
      </div>
    );
  }
  if (!open) {
    return (
      <div className="chat-window chat-screen">
        <h1 className="visually-hidden">{t('chat.ui.title')}</h1>
        <p className="chat-loading container py-4 text-body-secondary" role="status">
          <span className="spinner-border spinner-border-sm me-2" aria-hidden="true" />
          {t('chat.ui.loading')}
        </p>
      </div>
    );
  }

  const onSendError = (error: unknown) => {
    const code = isApiError(error) ? error.code : 'network_error';
    if (EXPLAINED.has(code)) setRefusal({ code, message: errorText(error, t('error.try_later')) });
    else toast(errorText(error, t('chat.ui.not_sent')), { closeLabel: t('toast.close') });
  };

  return (
    <div className="chat-window chat-screen" data-ready="">
      <ChatHeader open={open} t={t} fictional={fictional} links={links} />
      <MessageList
        open={open}
        t={t}
        links={links}
        premium={premium}
        locale={locale}
        onSendError={onSendError}
      />
      <ChatFooter
        open={open}
        t={t}
        links={links}
        balance={balance}
        buyCredits={withReturn(
          links.credits,
          open.conversation ? conversationPath(links, open.conversation) : pagePath,
        )}
        premium={premium}
        freeConversations={freeConversations}
        giftFirst={giftFirst}
        locale={locale}
        refusal={refusal}
        clearRefusal={() => setRefusal(null)}
        onSendError={onSendError}
      />
    </div>
  );
}

function ChatHeader({
  open,
  t,
  fictional,
  links,
}: {
  open: OpenConversation;
  t: IslandTranslate;
  fictional: FictionalLabel;
  links: ChatLinks;
}) {
  const { profile } = open;
  return (
    <header className="chat-header">
      <a
        className="btn btn-sm btn-outline-secondary chat-back"
        href={links.chats}
        aria-label={t('chat.ui.back')}
      >
        <span aria-hidden="true">‹</span>
        <span className="chat-back-label" aria-hidden="true">
          {' '}
          {t('chat.ui.back')}
        </span>
      </a>
      <Avatar profile={profile} size={40} className="chat-header-avatar" />
      <div className="chat-header-who">
        <h1 className="chat-header-name h6 mb-0">
          <a href={memberPath(links, profile.id)}>
            {profile.name}, {profile.age}
          </a>
        </h1>
        {profile.fictional && (
          <p className="chat-header-fictional mb-0" data-testid="chat-fictional">
            <FictionalBadge fictional={fictional} /> <small>{fictional.warning}</small>
          </p>
        )}
      </div>
    </header>
  );
}

function MessageList({
  open,
  t,
  links,
  premium,
  locale,
  onSendError,
}: {
  open: OpenConversation;
  t: IslandTranslate;
  links: ChatLinks;
  premium: boolean;
  /** The page's language: the days' and times' words. */
  locale: string;
  onSendError: (error: unknown) => void;
}) {
  const scroller = useRef<HTMLDivElement>(null);
  const stickToEnd = useRef(true);
  const heightBefore = useRef<number | null>(null);
  const [now, setNow] = useState(() => Date.now());
  const typing = open.typingUntil > now;
  // One report dialog for the thread: the message being reported, if any.
  const [reporting, setReporting] = useState<string | null>(null);

  // The typing line goes away by itself when no further signal comes.
  useEffect(() => {
    if (open.typingUntil <= Date.now()) return;
    const timer = setTimeout(() => setNow(Date.now()), open.typingUntil - Date.now() + 50);
    setNow(Date.now());
    return () => clearTimeout(timer);
  }, [open.typingUntil]);

  useLayoutEffect(() => {
    const element = scroller.current;
    if (!element) return;
    if (heightBefore.current !== null) {
      // Older messages went in above: the ones being read stay where they were.
      element.scrollTop += element.scrollHeight - heightBefore.current;
      heightBefore.current = null;
    } else if (stickToEnd.current) element.scrollTop = element.scrollHeight;
  }, [open.messages, typing]);

  const older = () => {
    if (!open.before || open.loadingOlder) return;
    heightBefore.current = scroller.current?.scrollHeight ?? null;
    loadOlder().catch(() => {
      heightBefore.current = null;
      toast(t('error.try_later'), { closeLabel: t('toast.close') });
    });
  };

  // A footer that grows (a refusal, the credits warning, the keyboard) shrinks the thread: the
  // newest messages, with their "Not sent" state, stay in sight instead of sliding under it.
  useEffect(() => {
    const element = scroller.current;
    if (!element || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(() => {
      if (stickToEnd.current) element.scrollTop = element.scrollHeight;
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, []);

  const onScroll = () => {
    const element = scroller.current;
    if (!element) return;
    stickToEnd.current = element.scrollHeight - element.scrollTop - element.clientHeight < 80;
    if (element.scrollTop < 120) older();
  };

  return (
    <div className="chat-thread" ref={scroller} onScroll={onScroll} data-testid="chat-messages">
      {open.historyLimited && !open.before && (
        <p className="chat-history-limit alert alert-info" data-testid="chat-history-limit">
          {t('chat.ui.history_limited')}{' '}
          {!premium && <a href={links.premium}>{t('chat.ui.see_all_premium')}</a>}
        </p>
      )}
      {open.before && (
        <p className="text-center my-2">
          <button
            type="button"
            className="btn btn-sm btn-link"
            onClick={older}
            disabled={open.loadingOlder}
            aria-busy={open.loadingOlder || undefined}
          >
            {open.loadingOlder ? (
              <>
                <span className="spinner-border spinner-border-sm me-2" aria-hidden="true" />
                {t('chat.ui.loading')}
              </>
            ) : (
              t('chat.ui.load_older')
            )}
          </button>
        </p>
      )}
      {open.messages.length === 0 && !(open.allowance?.conversation_limit_reached && !open.conversation) && (
        <p className="chat-start text-center text-body-secondary my-4">
          {t('chat.ui.start', { name: open.profile.name })}
        </p>
      )}
      <ol
        className="chat-bubbles list-unstyled"
        aria-label={t('chat.ui.history', { name: open.profile.name })}
      >
        {open.messages.map((message, i) => {
          const previous = open.messages[i - 1];
          return (
            <Fragment key={message.client_id ?? message.id}>
              <DayLine
                at={new Date(message.created_at)}
                previous={previous && new Date(previous.created_at)}
                locale={locale}
                className="chat-day"
              />
              <MessageBubble
                message={message}
                locale={locale}
                t={t}
                onSendError={onSendError}
                onReport={setReporting}
              />
            </Fragment>
          );
        })}
      </ol>
      <ReportDialog
        open={reporting !== null}
        onClose={() => setReporting(null)}
        profile={{ id: open.profile.id, name: open.profile.name }}
        message={reporting ?? undefined}
        t={t}
      />
      {typing && (
        <p className="chat-typing" aria-hidden="true">
          <span />
          <span />
          <span />
        </p>
      )}
      <p className="visually-hidden" aria-live="polite" data-testid="chat-typing">
        {typing ? t('chat.ui.typing', { name: open.profile.name }) : ''}
      </p>
    </div>
  );
}

function MessageBubble({
  message,
  locale,
  t,
  onSendError,
  onReport,
}: {
  message: Bubble;
  locale: string;
  t: IslandTranslate;
  onSendError: (error: unknown) => void;
  onReport: (messageId: string) => void;
}) {
  const [revealed, setRevealed] = useState(false);
  const time = new Date(message.created_at);
  const clock = time.toLocaleTimeString(locale, { hour: '2-digit', minute: '2-digit' });
  return (
    <li
      className={`chat-message chat-message-${message.type}${message.mine ? ' is-mine' : ''}${message.failed ? ' is-failed' : ''}`}
      data-message={message.id}
      data-pending={message.pending || undefined}
    >
      {message.type === 'text' && <p className="chat-bubble">{message.text}</p>}
      {message.type === 'image' && message.photo && (
        <ChatImage
          message={message}
          revealed={revealed || message.mine}
          reveal={() => setRevealed(true)}
          t={t}
        />
      )}
      {message.type === 'gift' && message.gift && (
        <figure className="chat-gift-message mb-0">
          <img src={message.gift.image} alt="" width={96} height={96} />
          <figcaption>{t('chat.ui.gift_message', { name: message.gift.name })}</figcaption>
        </figure>
      )}
      <p className="chat-time">
        <time dateTime={time.toISOString()}>{clock}</time>
        {message.mine && <MessageState message={message} t={t} onSendError={onSendError} />}
        {!message.mine && (
          <button
            type="button"
            className="btn btn-link btn-sm p-0 ms-2 chat-report"
            data-action="report-message"
            onClick={() => onReport(message.id)}
          >
            {t('reports.action_message')}
          </button>
        )}
      </p>
    </li>
  );
}

/** A received picture arrives blurred; tapping shows it (the sender sees their own at once). */
function ChatImage({
  message,
  revealed,
  reveal,
  t,
}: {
  message: Bubble;
  revealed: boolean;
  reveal: () => void;
  t: IslandTranslate;
}) {
  const photo = message.photo!;
  if (revealed)
    return (
      <a href={photo.filename} target="_blank" rel="noopener" className="chat-image-link">
        <img
          className="chat-image"
          src={photo.thumb_filename}
          alt={t('chat.ui.image_alt')}
          width={240}
          height={240}
        />
      </a>
    );
  return (
    <button type="button" className="chat-image-blurred" onClick={reveal} data-testid="chat-image-blurred">
      <img className="chat-image" src={photo.blurred} alt="" width={240} height={240} />
      <span className="chat-image-tap">{t('chat.ui.image_tap')}</span>
    </button>
  );
}

function MessageState({
  message,
  t,
  onSendError,
}: {
  message: Bubble;
  t: IslandTranslate;
  onSendError: (error: unknown) => void;
}) {
  if (message.pending)
    return (
      <span className="chat-state" data-state="pending">
        {t('chat.ui.sending')}
      </span>
    );
  if (message.failed) {
    const clientId = message.client_id!;
    return (
      <span className="chat-state chat-state-failed" data-state="failed">
        {t('chat.ui.not_sent')}{' '}
        <button
          type="button"
          className="btn btn-link btn-sm p-0 align-baseline"
          onClick={() => retryMessage(clientId).catch(onSendError)}
        >
          {t('chat.ui.retry')}
        </button>{' '}
        <button
          type="button"
          className="btn btn-link btn-sm p-0 align-baseline"
          onClick={() => discardMessage(clientId)}
        >
          {t('chat.ui.discard')}
        </button>
      </span>
    );
  }
  if (message.held)
    return (
      <span className="chat-state" data-state="held">
        {t('chat.ui.held')}
      </span>
    );
  return (
    <span className="chat-state" data-state={message.read ? 'read' : 'sent'}>
      {message.read ? t('chat.ui.read') : t('chat.ui.sent')}
    </span>
  );
}

/**
 * Why a send was refused, in the footer: never over the thread, so the message and its "Not
 * sent" state stay visible above it. It can be put away.
 */
function Refusal({
  refusal,
  t,
  links,
  buyCredits,
  onClose,
}: {
  refusal: { code: string; message: string };
  t: IslandTranslate;
  links: ChatLinks;
  buyCredits: string;
  onClose: () => void;
}) {
  return (
    <div className="alert alert-warning chat-refusal" role="alert" data-code={refusal.code}>
      <p className="mb-0">
        {refusal.message}{' '}
        {refusal.code === 'not_enough_credits' && <a href={buyCredits}>{t('chat.ui.buy_credits')}</a>}
        {(refusal.code === 'free_conversation_limit' || refusal.code === 'premium_only') && (
          <a href={links.premium}>{t('chat.ui.go_premium')}</a>
        )}
      </p>
      <button type="button" className="btn-close" aria-label={t('chat.ui.close')} onClick={onClose} />
    </div>
  );
}

/**
 * Said before sending: the next text costs more than the balance. The composer knows both (the
 * allowance counts free messages, the navigation keeps the balance live).
 */
function CreditsShort({
  cost,
  balance,
  t,
  buyCredits,
}: {
  cost: number;
  balance: number;
  t: IslandTranslate;
  buyCredits: string;
}) {
  return (
    <p className="chat-short" role="status" data-testid="chat-short">
      {t('chat.ui.short', { cost, balance })} <a href={buyCredits}>{t('chat.ui.buy_credits')}</a>
    </p>
  );
}

/** What a text costs in credits, and at least in money where the site sells credits there. */
function costText(allowance: ChatAllowance, t: IslandTranslate, locale: string | undefined): string {
  const credits = t('chat.ui.cost', { count: allowance.costs.text });
  const price = allowance.message_price;
  if (!price || allowance.costs.text === 0) return credits;
  return `${credits} (${t('chat.ui.price', { price: formatMoney(price.costs, price.currency, locale) })})`;
}

/** What sending costs and what is left free, said before it bites. */
function Allowance({
  allowance,
  t,
  locale,
  hasConversation,
  balance,
}: {
  allowance: ChatAllowance;
  t: IslandTranslate;
  locale: string | undefined;
  hasConversation: boolean;
  balance: number;
}) {
  const parts: string[] = [t('chat.ui.balance', { count: balance })];
  const free = allowance.free_messages_left;
  if (free !== null && free > 0) parts.push(t('chat.ui.free_messages_left', { count: free }));
  else parts.push(costText(allowance, t, locale));
  if (!hasConversation && allowance.free_conversations_left !== null)
    parts.push(t('chat.ui.free_conversations_left', { count: allowance.free_conversations_left }));
  return (
    <p className="chat-allowance" data-testid="chat-allowance">
      {parts.join(' · ')}
    </p>
  );
}

function ChatFooter({
  open,
  t,
  links,
  premium,
  freeConversations,
  giftFirst,
  locale,
  refusal,
  clearRefusal,
  onSendError,
  balance,
  buyCredits,
}: {
  open: OpenConversation;
  t: IslandTranslate;
  links: ChatLinks;
  balance: number;
  buyCredits: string;
  premium: boolean;
  freeConversations: number;
  giftFirst: boolean;
  locale: string;
  refusal: { code: string; message: string } | null;
  clearRefusal: () => void;
  onSendError: (error: unknown) => void;
}) {
  const [text, setText] = useState('');
  const [giftsOpen, setGiftsOpen] = useState(giftFirst);
  const [uploading, setUploading] = useState(false);
  const input = useRef<HTMLTextAreaElement>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const allowance = open.allowance;
  const limit = allowance?.message_length ?? 1000;
  const left = limit - text.length;
  const limitReached =
    !open.conversation && open.messages.length === 0 && allowance?.conversation_limit_reached;
  const photoShort = allowance !== null && balance < allowance.costs.image;
  const [icebreakers, setIcebreakers] = useState(
    !giftFirst && !open.conversation && open.messages.length === 0 && !limitReached,
  );

  // From the form's submit or from Enter in the text: neither default (a page load, a new line).
  const submit = (event?: SyntheticEvent) => {
    event?.preventDefault();
    const said = text.trim();
    if (!said || left < 0) return;
    clearRefusal();
    setText('');
    typingDone();
    sendMessage({ type: 'text', text: said }).catch(onSendError);
    input.current?.focus();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    // Enter sends, Shift+Enter starts a new line (as in every messenger).
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) submit(event);
  };

  const sendGift = (gift: Gift) => {
    setGiftsOpen(false);
    clearRefusal();
    sendMessage({ type: 'gift', gift }).catch(onSendError);
  };

  const sendImage = async (file: File | undefined) => {
    if (!file) return;
    clearRefusal();
    setUploading(true);
    try {
      const photo = await uploadChatPhoto(file);
      await sendMessage({ type: 'image', photo, preview: URL.createObjectURL(file) });
    } catch (error) {
      onSendError(error);
    } finally {
      setUploading(false);
      if (fileInput.current) fileInput.current.value = '';
    }
  };

  if (limitReached) {
    return (
      <footer className="chat-footer">
        <div className="alert alert-warning mb-0" role="alert" data-code="free_conversation_limit">
          {t('chat.ui.conversation_limit', { count: freeConversations })}{' '}
          <a href={links.premium}>{t('chat.ui.go_premium')}</a>
        </div>
      </footer>
    );
  }

  return (
    <footer className="chat-footer">
      {refusal && (
        <Refusal refusal={refusal} t={t} links={links} buyCredits={buyCredits} onClose={clearRefusal} />
      )}
      {allowance && !refusal && balance < allowance.costs.text && (
        <CreditsShort cost={allowance.costs.text} balance={balance} t={t} buyCredits={buyCredits} />
      )}
      {allowance && !premium && (
        <Allowance
          allowance={allowance}
          t={t}
          locale={locale}
          hasConversation={!!open.conversation}
          balance={balance}
        />
      )}
      {allowance && premium && (
        <p className="chat-allowance" data-testid="chat-allowance">
          {t('chat.ui.balance', { count: balance })} · {costText(allowance, t, locale)}
        </p>
      )}
      <form className="chat-composer" onSubmit={submit}>
        <button
          type="button"
          className="btn btn-outline-secondary chat-tool"
          onClick={() => setGiftsOpen(true)}
          aria-label={t('chat.ui.gift')}
          title={t('chat.ui.gift')}
        >
          <ChatIcon name="gift" />
        </button>
        <label
          className={`btn btn-outline-secondary chat-tool${photoShort ? ' disabled' : ''}`}
          title={photoShort ? `${t('chat.ui.image')}: ${t('chat.ui.not_enough')}` : t('chat.ui.image')}
        >
          <ChatIcon name="camera" />
          <span className="visually-hidden">
            {t('chat.ui.image')}
            {photoShort && `: ${t('chat.ui.not_enough')}`}
          </span>
          <input
            ref={fileInput}
            type="file"
            accept="image/jpeg,image/png,image/webp"
            className="visually-hidden"
            // A picture the balance cannot pay is said before it is picked, not after the upload.
            disabled={uploading || photoShort}
            data-testid="chat-image-input"
            onChange={(event) => void sendImage(event.target.files?.[0])}
          />
        </label>
        <div className="chat-text-field">
          <label className="visually-hidden" htmlFor="chat-text">
            {t('chat.ui.input_label')}
          </label>
          <textarea
            id="chat-text"
            ref={input}
            className={`form-control${left < 0 ? ' is-invalid' : ''}`}
            rows={1}
            value={text}
            placeholder={t('chat.ui.placeholder')}
            aria-describedby="chat-text-left"
            onChange={(event) => {
              setText(event.target.value);
              if (event.target.value) signalTyping();
            }}
            onKeyDown={onKeyDown}
          />
          <small id="chat-text-left" className={`chat-text-left${left < 0 ? ' text-danger' : ''}`}>
            {left < 0 ? t('chat.ui.chars_over', { count: -left }) : t('chat.ui.chars_left', { count: left })}
          </small>
        </div>
        <button
          type="submit"
          className="btn btn-primary chat-send"
          disabled={!text.trim() || left < 0 || uploading}
        >
          <ChatIcon name="send" />
          <span className="visually-hidden-phone">{t('chat.ui.send')}</span>
        </button>
      </form>
      <GiftPicker
        open={giftsOpen}
        t={t}
        balance={balance}
        buyCredits={buyCredits}
        onClose={() => setGiftsOpen(false)}
        onPick={sendGift}
      />
      <IcebreakerModal
        open={icebreakers}
        t={t}
        name={open.profile.name}
        onClose={() => {
          setIcebreakers(false);
          input.current?.focus();
        }}
        onPick={(line) => {
          setIcebreakers(false);
          setText(line);
          requestAnimationFrame(() => input.current?.focus());
        }}
      />
    </footer>
  );
}
