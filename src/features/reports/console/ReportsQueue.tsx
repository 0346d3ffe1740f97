import { useCallback, useEffect, useRef, useState } from 'react';
import { islandTranslator, type IslandMessages, type IslandTranslate } from '../../shell/island-i18n.ts';
import { api, failureText } from '../../staff/components/console-client.ts';
import { FailureAlert, LoadingLine } from '../../staff/components/ConsoleTable.tsx';
import { usePagedList } from '../../staff/components/use-filtered-list.ts';
import type { Decision, QueueDetail, QueuePage } from '../reports.schemas.ts';
import { REPORT_REASON_MESSAGES } from '../components/report-messages.ts';
import { reasonText } from './reason-text.ts';
import { LabelledTextarea } from '../../staff/components/LabelledControl.tsx';

export const REPORTS_QUEUE_MESSAGES = [
  'console.reports.queue',
  'console.reports.loading',
  'console.reports.empty',
  'console.reports.keys',
  'console.reports.kind.report',
  'console.reports.kind.complaint',
  'console.reports.count',
  'console.reports.profile',
  'console.reports.no_profile',
  'console.reports.age',
  'console.reports.fictional',
  'console.reports.hidden',
  'console.reports.photos',
  'console.reports.text',
  'console.reports.about',
  'console.reports.conversation',
  'console.reports.no_conversation_right',
  'console.reports.from_reported',
  'console.reports.from_reporter',
  'console.reports.reported_message',
  'console.reports.history',
  'console.reports.no_history',
  'console.reports.note',
  'console.reports.dismiss',
  'console.reports.resolve',
  'console.reports.decided',
  'console.reports.sanction',
  'console.reports.more',
  'console.reports.select',
  'console.reports.status',
  'console.reports.site',
  ...REPORT_REASON_MESSAGES,
  'complaint.category.fake_profile',
  'complaint.category.harassment',
  'complaint.category.inappropriate_content',
  'complaint.category.underage',
  'complaint.category.scam',
  'complaint.category.payment',
  'complaint.category.privacy',
  'complaint.category.technical',
  'complaint.category.other',
  'error.try_later',
] as const;

function when(iso: string): string {
  return new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });
}

/** The queue's decisions: the key that takes each (also shown on its button), its words and its style. */
const DECISION_KEYS = [
  { decision: 'dismiss', key: 'd', label: 'console.reports.dismiss', style: 'btn-outline-secondary' },
  { decision: 'resolved', key: 'r', label: 'console.reports.resolve', style: 'btn-primary' },
] as const satisfies readonly { decision: Decision; key: string; label: string; style: string }[];

/** Typing in a field is typing, not a command of the queue. */
function typingIn(target: EventTarget | null): boolean {
  return target instanceof HTMLElement && /^(INPUT|TEXTAREA|SELECT)$/.test(target.tagName);
}

/**
 * The moderators' queue: open reports and complaints, most severe first, then oldest; the chosen
 * item's context beside it (the profile and its photos, the conversation around reported
 * messages, earlier reports and decisions), and the decision. Keys: j/↓ next, k/↑ previous,
 * d dismiss, r resolved.
 */
export default function ReportsQueue({
  messages,
  siteNames = {},
}: {
  messages: IslandMessages;
  /** The names of the sites staff read, by id (an id without one shows as it is). */
  siteNames?: Record<string, string>;
}) {
  const t = islandTranslator(messages);
  const siteName = (id: string) => siteNames[id] ?? id;
  const { items, setItems, next, loading, error, setError, load } = usePagedList(
    async (query) => (await api('GET /console/api/reports.php', undefined, { query })) as QueuePage,
    t,
  );
  const [index, setIndex] = useState(0);
  const [detail, setDetail] = useState<QueueDetail | null>(null);
  const [detailLoading, setDetailLoading] = useState(false);
  const [note, setNote] = useState('');
  const [deciding, setDeciding] = useState(false);
  const [status, setStatus] = useState('');
  const current = items[index];
  const busy = useRef(false);

  useEffect(() => {
    void load({});
  }, []);

  useEffect(() => {
    setDetail(null);
    setNote('');
    if (!current) return;
    let stale = false;
    setDetailLoading(true);
    api('GET /console/api/reports.php', undefined, { query: { id: current.id, kind: current.kind } })
      .then((answer) => {
        if (!stale) setDetail(answer as QueueDetail);
      })
      .catch((failure: unknown) => {
        if (!stale) setError(failureText(failure, t));
      })
      .finally(() => {
        if (!stale) setDetailLoading(false);
      });
    return () => {
      stale = true;
    };
  }, [current?.kind, current?.id]);

  const decide = useCallback(
    async (decision: Decision) => {
      if (!current || busy.current) return;
      busy.current = true;
      setDeciding(true);
      setError('');
      try {
        await api('PUT /console/api/reports.php', {
          id: current.id,
          kind: current.kind,
          decision,
          ...(note.trim() && { note: note.trim() }),
        });
        setStatus(
          t('console.reports.decided', {
            outcome: t(decision === 'dismiss' ? 'console.reports.dismiss' : 'console.reports.resolve'),
          }),
        );
        setItems((shown) => shown.filter((item) => !(item.id === current.id && item.kind === current.kind)));
        setIndex((i) => Math.max(0, Math.min(i, items.length - 2)));
      } catch (failure) {
        setError(failureText(failure, t));
      } finally {
        busy.current = false;
        setDeciding(false);
      }
    },
    [current, note, items.length],
  );

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.altKey || event.ctrlKey || event.metaKey || typingIn(event.target)) return;
      if (event.key === 'j' || event.key === 'ArrowDown')
        setIndex((i) => Math.min(i + 1, Math.max(items.length - 1, 0)));
      else if (event.key === 'k' || event.key === 'ArrowUp') setIndex((i) => Math.max(i - 1, 0));
      else {
        const chosen = DECISION_KEYS.find((d) => d.key === event.key);
        if (!chosen) return;
        void decide(chosen.decision);
      }
      event.preventDefault();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [items.length, decide]);

  return (
    <div className="row g-3">
      <p className="col-12 small text-body-secondary mb-0" id="queue-keys">
        {t('console.reports.keys')}
      </p>
      <p className="col-12 visually-hidden" role="status" aria-live="polite">
        {status}
      </p>
      <FailureAlert error={error} spacing="col-12 mb-0" />
      <section className="col-md-5 col-xl-4" aria-labelledby="queue-title">
        <h2 className="h5" id="queue-title">
          {t('console.reports.queue')}
        </h2>
        {loading && items.length === 0 ? (
          <LoadingLine text={t('console.reports.loading')} />
        ) : items.length === 0 ? (
          <p className="alert alert-success" data-testid="queue-empty">
            {t('console.reports.empty')}
          </p>
        ) : (
          <ol className="list-group" data-testid="queue">
            {items.map((item, i) => (
              <li key={`${item.kind}:${item.id}`} className="list-group-item p-0">
                <button
                  type="button"
                  className={`btn w-100 text-start rounded-0 p-2${i === index ? ' active btn-primary' : ''}`}
                  aria-current={i === index ? 'true' : undefined}
                  aria-describedby="queue-keys"
                  data-item={item.id}
                  onClick={() => setIndex(i)}
                >
                  <span
                    className={`badge me-2 ${item.severity === 0 ? 'text-bg-danger' : 'text-bg-secondary'}`}
                  >
                    {reasonText(t, item.kind, item.reason)}
                  </span>
                  <span className="fw-semibold">{item.profile_name ?? '—'}</span>
                  <span className="d-block small">
                    {t(
                      item.kind === 'report'
                        ? 'console.reports.kind.report'
                        : 'console.reports.kind.complaint',
                    )}{' '}
                    · {siteName(item.site)} · <time dateTime={item.created_at}>{when(item.created_at)}</time>
                  </span>
                </button>
              </li>
            ))}
          </ol>
        )}
        {next && (
          <button
            type="button"
            className="btn btn-outline-secondary mt-2"
            disabled={loading}
            onClick={() => void load({}, next)}
          >
            {t('console.reports.more')}
          </button>
        )}
      </section>
      <section
        className="col-md-7 col-xl-8"
        aria-label={t('console.reports.select')}
        data-testid="queue-detail"
      >
        {!current ? (
          items.length > 0 && <p className="text-body-secondary">{t('console.reports.select')}</p>
        ) : detailLoading || !detail ? (
          <LoadingLine text={t('console.reports.loading')} />
        ) : (
          <Detail {...{ detail, t, note, setNote, deciding, decide, siteName }} />
        )}
      </section>
    </div>
  );
}

function Detail({
  detail,
  t,
  note,
  setNote,
  deciding,
  decide,
  siteName,
}: {
  detail: QueueDetail;
  t: IslandTranslate;
  siteName: (id: string) => string;
  note: string;
  setNote: (note: string) => void;
  deciding: boolean;
  decide: (decision: Decision) => Promise<void>;
}) {
  const { item, profile, conversation, history } = detail;
  return (
    <article className="card">
      <div className="card-body">
        <h2 className="h5 card-title">
          {reasonText(t, item.kind, item.reason)}{' '}
          <span className="small text-body-secondary">
            {t(item.kind === 'report' ? 'console.reports.kind.report' : 'console.reports.kind.complaint')} ·{' '}
            {t('console.reports.site', { site: siteName(item.site) })}
          </span>
        </h2>
        {item.count > 1 && <p className="mb-1">{t('console.reports.count', { count: item.count })}</p>}
        {item.text && (
          <>
            <h3 className="h6 mt-3">{t('console.reports.text')}</h3>
            <p className="text-pre-wrap" style={{ whiteSpace: 'pre-wrap' }}>
              {item.text}
            </p>
          </>
        )}
        <h3 className="h6 mt-3">{t('console.reports.profile')}</h3>
        {profile ? (
          <div data-testid="report-profile">
            <p className="mb-1">
              <strong>{profile.name}</strong>, {t('console.reports.age', { age: profile.age })} ·{' '}
              {[profile.city, profile.country].filter(Boolean).join(', ')} · <code>{profile.id}</code>
            </p>
            {profile.fictional && <p className="badge text-bg-info">{t('console.reports.fictional')}</p>}
            {profile.hidden_pending_review && (
              <p className="badge text-bg-warning ms-1">{t('console.reports.hidden')}</p>
            )}
            {profile.text && (
              <>
                <h4 className="h6 mt-2">{t('console.reports.about')}</h4>
                <p style={{ whiteSpace: 'pre-wrap' }}>{profile.text}</p>
              </>
            )}
            {profile.photos.length > 0 && (
              <>
                <h4 className="h6 mt-2">{t('console.reports.photos')}</h4>
                <ul className="list-unstyled d-flex flex-wrap gap-2">
                  {profile.photos.map((photo) => (
                    <li key={photo.id}>
                      <img
                        src={photo.url}
                        alt={`${profile.name} (${photo.status}${photo.main ? ', main' : ''})`}
                        width={120}
                        height={120}
                        className="rounded object-fit-cover"
                        loading="lazy"
                      />
                    </li>
                  ))}
                </ul>
              </>
            )}
          </div>
        ) : (
          <p>{t('console.reports.no_profile')}</p>
        )}
        {item.message_ids.length > 0 && (
          <>
            <h3 className="h6 mt-3">{t('console.reports.conversation')}</h3>
            {conversation ? (
              <ol className="list-unstyled border rounded p-2" data-testid="report-conversation">
                {conversation.map((m) => (
                  <li
                    key={m.id}
                    className={`mb-2${m.reported ? ' border-start border-danger border-3 ps-2' : ''}`}
                  >
                    <span className="small fw-semibold">
                      {t(
                        m.from === 'reported'
                          ? 'console.reports.from_reported'
                          : 'console.reports.from_reporter',
                      )}
                    </span>{' '}
                    <time className="small text-body-secondary" dateTime={m.at}>
                      {when(m.at)}
                    </time>
                    {m.reported && (
                      <span className="badge text-bg-danger ms-2">
                        {t('console.reports.reported_message')}
                      </span>
                    )}
                    <p className="mb-0" style={{ whiteSpace: 'pre-wrap' }}>
                      {m.text ?? `[${m.type}]`}
                    </p>
                  </li>
                ))}
              </ol>
            ) : (
              <p>{t('console.reports.no_conversation_right')}</p>
            )}
          </>
        )}
        <h3 className="h6 mt-3">{t('console.reports.history')}</h3>
        {history.length === 0 ? (
          <p>{t('console.reports.no_history')}</p>
        ) : (
          <ul className="small" data-testid="report-history">
            {history.map((h) => (
              <li key={`${h.kind}:${h.id}`}>
                <time dateTime={h.created_at}>{when(h.created_at)}</time>: {reasonText(t, h.kind, h.reason)} —{' '}
                {t('console.reports.status', { status: h.status })}
                {h.outcome && <> ({h.outcome})</>}
              </li>
            ))}
          </ul>
        )}
        <LabelledTextarea
          id="decision-note"
          label={t('console.reports.note')}
          className="mt-3"
          rows={2}
          maxLength={2000}
          value={note}
          onChange={(event) => setNote(event.target.value)}
        />
        <div className="d-flex flex-wrap gap-2 mt-3">
          {DECISION_KEYS.map(({ decision, key, label, style }) => (
            <button
              key={decision}
              type="button"
              className={`btn ${style}`}
              disabled={deciding}
              aria-keyshortcuts={key}
              onClick={() => void decide(decision)}
            >
              {t(label)} <kbd>{key}</kbd>
            </button>
          ))}
          {profile && item.kind === 'report' && (
            <a
              className="btn btn-outline-danger"
              href={`/console/sanctions/new?member=${encodeURIComponent(profile.id)}&report=${encodeURIComponent(item.id)}`}
            >
              {t('console.reports.sanction')}
            </a>
          )}
        </div>
      </div>
    </article>
  );
}
