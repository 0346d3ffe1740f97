import { Fragment, useEffect, useRef, useState, type SubmitEvent } from 'react';
import { FailureAlert } from '../../staff/components/ConsoleTable.tsx';
import { api, apiClient, isApiError } from '../../../lib/api-client.ts';
import { islandLocale, islandTranslator, type IslandMessages } from '../../shell/island-i18n.ts';
import { fullPlace } from '../../../lib/place-name.ts';
import { DayLine } from '../../shell/components/DayLine.tsx';
import { failureText } from '../../staff/components/console-client.ts';
import { LabelledInput, LabelledTextarea } from '../../staff/components/LabelledControl.tsx';
import { heldClaim, useInboxLive, type InboxLiveEvents } from './inbox-live.ts';
import type { InboxConversation as Conversation } from '../host-inbox.schemas.ts';
import { BusySubmit } from '../../staff/components/BusySubmit.tsx';

type ThreadMessage = Conversation['messages'][number];

export const INBOX_CONVERSATION_MESSAGES = [
  'console.inbox.loading',
  'console.inbox.back',
  'console.inbox.refresh',
  'console.inbox.member_profile',
  'console.inbox.age',
  'console.inbox.place',
  'console.inbox.language',
  'console.inbox.site',
  'console.inbox.premium',
  'console.inbox.about',
  'console.inbox.thread',
  'console.inbox.as_profile',
  'console.inbox.fictional',
  'console.inbox.asks_if_real',
  'console.inbox.mark',
  'console.inbox.claimed_by_other',
  'console.inbox.claim',
  'console.inbox.claimed_by_you',
  'console.inbox.reply',
  'console.inbox.send',
  'console.inbox.image',
  'console.inbox.send_image',
  'console.inbox.honest_title',
  'console.inbox.honest_hint',
  'console.inbox.send_honest',
  'console.inbox.sent',
  'console.inbox.live',
  'console.inbox.reconnecting',
  'console.inbox.new_message',
  'console.inbox.typing',
  'console.busy',
  'error.try_later',
] as const;

const TYPING_EVERY_MS = 3000;
/** How long the member's "typing…" shows after their last typing signal. */
const TYPING_SHOWN_MS = 5000;

/** The thread with `message` in its place (by time), once: an event may repeat what a read had. */
function withMessage(thread: readonly ThreadMessage[], message: ThreadMessage): ThreadMessage[] {
  if (thread.some((m) => m.id === message.id)) return [...thread];
  const next = [...thread, message];
  next.sort((a, b) => a.created_at - b.created_at || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  return next;
}

/**
 * The conversation after a live message: in the thread, and the honest-answer rule followed as
 * the server follows it (the server refuses any other reply all the same): a member's question
 * whether the profile is real waits until the profile sends the honest answer's words.
 */
function applyMessage(data: Conversation, message: ThreadMessage): Conversation {
  let { honest } = data;
  if (!message.mine && message.asks_if_real && !honest.required)
    honest = { ...honest, required: true, question: message.id };
  else if (message.mine && honest.required && message.text === honest.text)
    honest = { ...honest, required: false, question: null };
  return { ...data, messages: withMessage(data.messages, message), honest };
}

function clientId(): string {
  return crypto.randomUUID();
}

/**
 * One conversation of an operator-run profile for a host: the member's profile, the whole
 * thread and the composer that answers as the profile. While the member's question whether the
 * profile is real waits, the composer offers only the honest answer (the site's fictional
 * warning, not editable). Opening claims the conversation; leaving the page gives it up.
 */
/** A language's name in the console's language ("German" for `de`), its code where Intl has none. */
function languageName(code: string, locale: string | undefined): string {
  try {
    return new Intl.DisplayNames(locale, { type: 'language' }).of(code) ?? code;
  } catch {
    return code;
  }
}

export default function InboxConversation({
  messages,
  conversation,
  live,
}: {
  messages: IslandMessages;
  conversation: string;
  /** The staff member may answer (a host): the conversation follows the live stream. */
  live: boolean;
}) {
  const t = islandTranslator(messages);
  const locale = islandLocale(messages);
  const [data, setData] = useState<Conversation | null>(null);
  const [error, setError] = useState('');
  const [text, setText] = useState('');
  const [busy, setBusy] = useState(false);
  const [notice, setNotice] = useState('');
  const [announcement, setAnnouncement] = useState('');
  const [typingUntil, setTypingUntil] = useState(0);
  const [now, setNow] = useState(() => Date.now());
  const lastTyping = useRef(0);
  const fileInput = useRef<HTMLInputElement>(null);
  // Live messages that came while a read was on its way: merged into its answer.
  const loading = useRef(false);
  const pending = useRef<ThreadMessage[]>([]);

  async function load() {
    setError('');
    setNotice('');
    loading.current = true;
    pending.current = [];
    try {
      const read = await apiClient.get<Conversation>(
        `/console/api/inbox.php?conversation=${encodeURIComponent(conversation)}`,
      );
      setData(pending.current.reduce(applyMessage, read));
    } catch (failure) {
      setError(failureText(failure, t));
    } finally {
      loading.current = false;
      pending.current = [];
    }
  }

  const onMessage = ({ conversation: id, message }: InboxLiveEvents['message']) => {
    if (id !== conversation) return;
    if (loading.current) pending.current.push(message);
    setData((before) => before && applyMessage(before, message));
    if (!message.mine) {
      setTypingUntil(0);
      setNow(Date.now());
      const words = message.type === 'text' ? (message.text ?? '') : `[${t('console.inbox.image')}]`;
      setAnnouncement(t('console.inbox.new_message', { name: data?.member.name ?? '', text: words }));
    }
  };

  const state = useInboxLive(
    live ? `/console/api/inbox-events.php?conversation=${encodeURIComponent(conversation)}` : null,
    {
      message: onMessage,
      typing: ({ conversation: id }) => {
        if (id !== conversation) return;
        setNow(Date.now());
        setTypingUntil(Date.now() + TYPING_SHOWN_MS);
      },
      claim: ({ conversation: id, claim }) => {
        if (id !== conversation) return;
        setNow(Date.now());
        setData((before) => before && { ...before, claim });
      },
    },
    () => void load(),
  );

  // What lapses by itself is shown lapsed when it does: the member's "typing…", a claim left idle.
  const claimEnds = data?.claim?.expires_at ?? 0;
  useEffect(() => {
    const at = Date.now();
    const next = Math.min(...[typingUntil, claimEnds].filter((end) => end > at));
    if (!Number.isFinite(next)) return;
    const timer = setTimeout(() => setNow(Date.now()), next - at + 50);
    return () => clearTimeout(timer);
  }, [typingUntil, claimEnds, now]);

  useEffect(() => {
    // A live page reads once its stream is open (then nothing falls between the two).
    if (!live) void load();
    // Leaving gives the conversation back to the other hosts at once, not after 10 minutes.
    const release = () =>
      void fetch('/console/api/inbox-claim.php', {
        method: 'DELETE',
        keepalive: true,
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ conversation }),
      }).catch(() => undefined);
    window.addEventListener('pagehide', release);
    return () => window.removeEventListener('pagehide', release);
  }, [conversation]);

  function typed(value: string) {
    setText(value);
    const at = Date.now();
    if (at - lastTyping.current < TYPING_EVERY_MS || value.trim() === '') return;
    lastTyping.current = at;
    void api('POST /console/api/inbox-typing.php', { conversation }).catch(() => undefined);
  }

  async function send(body: { type: 'text' | 'image'; text?: string; photo?: string; honest?: boolean }) {
    setBusy(true);
    setError('');
    setNotice('');
    try {
      const answer = await api('POST /console/api/inbox.php', {
        conversation,
        client_id: clientId(),
        ...body,
      });
      setData(
        (before) =>
          before && {
            ...before,
            messages: withMessage(before.messages, { ...answer.message, asks_if_real: false }),
            honest: answer.honest ? { ...before.honest, required: false, question: null } : before.honest,
            claim: before.claim ?? { staff: '', mine: true, expires_at: Date.now() + 600_000 },
          },
      );
      if (body.type === 'text' && !body.honest) setText('');
      setNotice(t('console.inbox.sent'));
    } catch (failure) {
      setError(failureText(failure, t));
      if (isApiError(failure) && failure.status === 409) void load();
    } finally {
      setBusy(false);
    }
  }

  async function sendImage() {
    const file = fileInput.current?.files?.[0];
    if (!file) return;
    setBusy(true);
    setError('');
    try {
      const form = new FormData();
      form.append('photo', file);
      const response = await fetch(
        `/console/api/inbox-photo.php?conversation=${encodeURIComponent(conversation)}`,
        {
          method: 'POST',
          body: form,
        },
      );
      const answer = (await response.json()) as { photo?: { id: string }; message?: string };
      if (!response.ok || !answer.photo) throw new Error(answer.message ?? t('error.try_later'));
      setBusy(false);
      await send({ type: 'image', photo: answer.photo.id });
      if (fileInput.current) fileInput.current.value = '';
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : t('error.try_later'));
      setBusy(false);
    }
  }

  async function mark(message: string) {
    try {
      await api('POST /console/api/inbox-mark.php', { conversation, message });
      await load();
    } catch (failure) {
      setError(failureText(failure, t));
    }
  }

  async function claim() {
    try {
      await api('POST /console/api/inbox-claim.php', { conversation });
      await load();
    } catch (failure) {
      setError(failureText(failure, t));
    }
  }

  function submit(event: SubmitEvent) {
    event.preventDefault();
    if (text.trim()) void send({ type: 'text', text });
  }

  if (!data)
    return error ? (
      <p className="alert alert-danger" role="alert">
        {error}
      </p>
    ) : (
      <p role="status">{t('console.inbox.loading')}</p>
    );

  const m = data.member;
  const holder = heldClaim(data.claim, now);
  const takenByOther = holder !== null && !holder.mine;
  return (
    <div className="row g-4" data-testid="inbox-conversation" data-ready="">
      <aside className="col-lg-4">
        <section className="card">
          <div className="card-body">
            <h2 className="h5">{t('console.inbox.member_profile')}</h2>
            <p className="fw-semibold mb-1" data-testid="inbox-member-name">
              {m.name}
            </p>
            <dl className="small mb-0">
              <dt>{t('console.inbox.age')}</dt>
              <dd>{m.age}</dd>
              <dt>{t('console.inbox.place')}</dt>
              <dd>{fullPlace(m, locale ?? 'en', () => m.region_name ?? undefined)}</dd>
              {m.site_name && (
                <>
                  <dt>{t('console.inbox.site')}</dt>
                  <dd data-testid="inbox-member-site">{m.site_name}</dd>
                </>
              )}
              <dt>{t('console.inbox.language')}</dt>
              <dd>{languageName(m.language, locale)}</dd>
              {m.premium && <dd>{t('console.inbox.premium')}</dd>}
              {m.text && (
                <>
                  <dt>{t('console.inbox.about')}</dt>
                  <dd className="text-break">{m.text}</dd>
                </>
              )}
            </dl>
          </div>
        </section>
      </aside>
      <section className="col-lg-8">
        <h2 className="h5">
          {t('console.inbox.as_profile', { name: data.profile.name })}{' '}
          <span className="badge text-bg-warning">{t('console.inbox.fictional')}</span>
        </h2>
        <div className="mb-2 d-flex gap-3 align-items-center" data-testid="inbox-live" data-state={state}>
          {state === 'live' ? (
            <span className="badge text-bg-success">{t('console.inbox.live')}</span>
          ) : (
            <>
              {live && <span className="small text-body-secondary">{t('console.inbox.reconnecting')}</span>}
              <button type="button" className="btn btn-sm btn-outline-secondary" onClick={() => void load()}>
                {t('console.inbox.refresh')}
              </button>
            </>
          )}
        </div>
        {/* New messages of the member are read out politely; the thread itself stays quiet. */}
        <p className="visually-hidden" aria-live="polite" data-testid="inbox-announce">
          {announcement}
        </p>
        {takenByOther && (
          <div className="alert alert-warning d-flex gap-3 align-items-center" role="status">
            <span>{t('console.inbox.claimed_by_other', { staff: holder.staff })}</span>
            <button type="button" className="btn btn-sm btn-outline-dark" onClick={() => void claim()}>
              {t('console.inbox.claim')}
            </button>
          </div>
        )}
        <ol
          className="list-unstyled bg-white border rounded p-3"
          aria-label={t('console.inbox.thread')}
          data-testid="inbox-thread"
        >
          {data.messages.map((message, i) => {
            // The host's own clock and zone, as the member's chat shows the member theirs.
            const at = new Date(message.created_at);
            const previous = data.messages[i - 1];
            return (
              <Fragment key={message.id}>
                <DayLine
                  at={at}
                  previous={previous && new Date(previous.created_at)}
                  locale={locale}
                  className="text-center small fw-semibold text-body-secondary my-2"
                />
                <li
                  className={`mb-2 d-flex flex-column ${message.mine ? 'align-items-end' : 'align-items-start'}`}
                  data-mine={message.mine ? '' : undefined}
                >
                  <span
                    className={`d-inline-block px-3 py-2 rounded ${message.mine ? 'text-bg-primary' : 'bg-body-secondary'}`}
                  >
                    {message.type === 'image'
                      ? `[${t('console.inbox.image')}]`
                      : message.type === 'gift'
                        ? `🎁 ${message.gift?.name ?? ''}`
                        : message.text}
                  </span>
                  <small className="text-body-secondary">
                    <time dateTime={at.toISOString()}>
                      {at.toLocaleTimeString(locale, { hour: '2-digit', minute: '2-digit' })}
                    </time>
                    {message.asks_if_real && (
                      <span className="badge text-bg-danger ms-2" data-testid="inbox-asks-if-real">
                        {t('console.inbox.asks_if_real')}
                      </span>
                    )}
                    {!message.mine && !message.asks_if_real && (
                      <button
                        type="button"
                        className="btn btn-link btn-sm p-0 ms-2"
                        onClick={() => void mark(message.id)}
                      >
                        {t('console.inbox.mark')}
                      </button>
                    )}
                  </small>
                </li>
              </Fragment>
            );
          })}
        </ol>
        <p className="small text-body-secondary" data-testid="inbox-typing">
          {typingUntil > now ? t('console.inbox.typing', { name: m.name }) : '\u00a0'}
        </p>
        {notice && (
          <p className="text-success small" role="status">
            {notice}
          </p>
        )}
        <FailureAlert error={error} />
        {data.honest.required ? (
          <section className="card border-danger" data-testid="inbox-honest">
            <div className="card-body">
              <h3 className="h6">{t('console.inbox.honest_title')}</h3>
              <p className="small text-body-secondary">{t('console.inbox.honest_hint')}</p>
              <blockquote className="border-start ps-3" data-testid="inbox-honest-text">
                {data.honest.text}
              </blockquote>
              <button
                type="button"
                className="btn btn-danger"
                disabled={busy || takenByOther}
                onClick={() => void send({ type: 'text', honest: true })}
              >
                {t('console.inbox.send_honest')}
              </button>
            </div>
          </section>
        ) : (
          <form onSubmit={submit} className="d-flex flex-column gap-2" data-testid="inbox-composer">
            <LabelledTextarea
              id="inbox-reply"
              label={t('console.inbox.reply')}
              labelClassName="form-label mb-0"
              rows={3}
              value={text}
              disabled={takenByOther}
              onChange={(event) => typed(event.target.value)}
            />
            <div className="d-flex gap-2 align-items-center flex-wrap">
              <BusySubmit busy={busy} busyText={t('console.busy')} disabled={takenByOther || !text.trim()}>
                {t('console.inbox.send')}
              </BusySubmit>
              <LabelledInput
                id="inbox-image"
                label={t('console.inbox.image')}
                compact
                ref={fileInput}
                type="file"
                accept="image/jpeg,image/png,image/webp"
                disabled={takenByOther}
              />
              <button
                type="button"
                className="btn btn-outline-primary btn-sm"
                disabled={busy || takenByOther}
                onClick={() => void sendImage()}
              >
                {t('console.inbox.send_image')}
              </button>
            </div>
          </form>
        )}
      </section>
    </div>
  );
}
