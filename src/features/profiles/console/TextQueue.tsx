import { useCallback, useEffect, useRef, useState, type FormEvent } from 'react';
import { api, isApiError } from '../../../lib/api-client.ts';
import { islandTranslator, type IslandMessages, type IslandTranslate } from '../../shell/island-i18n.ts';
import {
  TEXT_REJECTION_REASONS,
  type QueuedText,
  type TextDecisionInput,
  type TextRejectionReason,
} from '../profiles.text-moderation.schemas.ts';

export const TEXT_QUEUE_MESSAGES = [
  'console.texts.loading',
  'console.texts.empty',
  'console.texts.field.text',
  'console.texts.field.name',
  'console.texts.pre',
  'console.texts.post',
  'console.texts.new',
  'console.texts.previous_text',
  'console.texts.none',
  'console.texts.submitted',
  'console.texts.approved',
  'console.texts.rejected',
  'console.texts.confirm_reject',
  'console.texts.reason.contact_details',
  'console.texts.reason.offensive',
  'console.texts.reason.sexual_services',
  'console.texts.reason.spam',
  'console.texts.reason.other',
  'console.queue.member',
  'console.queue.approve',
  'console.queue.reject',
  'console.queue.next',
  'console.queue.previous',
  'console.queue.reason',
  'console.queue.note',
  'console.queue.cancel',
  'console.queue.keys',
  'console.queue.position',
  'console.queue.more',
  'error.try_later',
] as const;

function failureText(error: unknown, t: IslandTranslate): string {
  return (isApiError(error) && error.message) || t('error.try_later');
}

/** Keys pressed in a field are typing, not commands. */
function typing(target: EventTarget | null): boolean {
  return (
    target instanceof HTMLElement &&
    (target.isContentEditable || ['INPUT', 'SELECT', 'TEXTAREA'].includes(target.tagName))
  );
}

/**
 * The text queue: the oldest changed profile text awaiting a decision, beside the text it
 * replaces; approve (A) or reject (X, then a reason) and move on (J next, K previous).
 */
export default function TextQueue({ messages }: { messages: IslandMessages }) {
  const t = islandTranslator(messages);
  const [texts, setTexts] = useState<QueuedText[]>([]);
  const [next, setNext] = useState<string | null>(null);
  const [index, setIndex] = useState(0);
  const [loading, setLoading] = useState(true);
  const [busy, setBusy] = useState(false);
  const [rejecting, setRejecting] = useState(false);
  const [reason, setReason] = useState<TextRejectionReason>('contact_details');
  const [note, setNote] = useState('');
  const [error, setError] = useState('');
  const [notice, setNotice] = useState('');
  const reasonRef = useRef<HTMLSelectElement>(null);

  const load = useCallback(
    async (cursor?: string) => {
      setLoading(true);
      setError('');
      try {
        const page = await api('GET /console/api/texts.php', undefined, { query: cursor ? { cursor } : {} });
        setTexts((shown) => {
          const known = new Set(shown.map((p) => p.id));
          return cursor ? [...shown, ...page.texts.filter((p) => !known.has(p.id))] : page.texts;
        });
        setNext(page.next);
      } catch (failure) {
        setError(failureText(failure, t));
      } finally {
        setLoading(false);
      }
    },
    [messages],
  );

  useEffect(() => {
    void load();
  }, [load]);

  const current = texts[Math.min(index, texts.length - 1)];

  useEffect(() => {
    if (!loading && next && texts.length - index <= 3) void load(next);
  }, [texts.length, index, next, loading, load]);

  useEffect(() => {
    if (rejecting) reasonRef.current?.focus();
  }, [rejecting]);

  async function decide(body: TextDecisionInput) {
    if (!current || busy) return;
    setBusy(true);
    setError('');
    try {
      await api('PUT /console/api/texts.php', body);
      setNotice(t(body.decision === 'approve' ? 'console.texts.approved' : 'console.texts.rejected'));
    } catch (failure) {
      setError(failureText(failure, t));
    } finally {
      setBusy(false);
    }
    setRejecting(false);
    setNote('');
    setTexts((shown) => shown.filter((p) => p.id !== body.id));
    setIndex((i) => Math.max(0, Math.min(i, texts.length - 2)));
  }

  function reject(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!current) return;
    void decide({ id: current.id, decision: 'reject', reason, ...(note.trim() && { note: note.trim() }) });
  }

  useEffect(() => {
    function onKey(event: KeyboardEvent) {
      if (event.key === 'Escape' && rejecting) {
        setRejecting(false);
        return;
      }
      if (typing(event.target) || event.ctrlKey || event.metaKey || event.altKey || !current) return;
      const key = event.key.toLowerCase();
      if (key === 'a' && !rejecting) void decide({ id: current.id, decision: 'approve' });
      else if (key === 'x') setRejecting(true);
      else if (key === 'j') setIndex((i) => Math.min(i + 1, texts.length - 1));
      else if (key === 'k') setIndex((i) => Math.max(i - 1, 0));
      else return;
      event.preventDefault();
    }
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  });

  const position = texts.length ? Math.min(index, texts.length - 1) + 1 : 0;
  return (
    <div className="text-queue">
      <p className="text-body-secondary small">
        {t('console.queue.keys')} <kbd>A</kbd> {t('console.queue.approve')} · <kbd>X</kbd>{' '}
        {t('console.queue.reject')} · <kbd>J</kbd> {t('console.queue.next')} · <kbd>K</kbd>{' '}
        {t('console.queue.previous')}
      </p>
      <div role="alert" className={error ? 'alert alert-danger' : 'visually-hidden'}>
        {error}
      </div>
      <div role="status" className="visually-hidden">
        {notice}
      </div>
      {loading && texts.length === 0 && (
        <p role="status" className="text-body-secondary" data-testid="text-queue-loading">
          <span className="spinner-border spinner-border-sm me-2" aria-hidden="true" />
          {t('console.texts.loading')}
        </p>
      )}
      {!loading && texts.length === 0 && !error && (
        <p className="alert alert-light border" data-testid="text-queue-empty">
          {t('console.texts.empty')}
        </p>
      )}
      {current && (
        <div className="row g-4" data-testid="text-queue-current" data-text={current.id}>
          <div className="col-md-7 col-xl-8">
            <section aria-labelledby="text-queue-new" className="card mb-3">
              <div className="card-body">
                <h2 className="h6 card-title" id="text-queue-new">
                  {t('console.texts.new')}: {t(`console.texts.field.${current.field}`)}
                </h2>
                <p className="card-text text-break mb-0">{current.value}</p>
              </div>
            </section>
            <section aria-labelledby="text-queue-previous" className="card bg-body-tertiary">
              <div className="card-body">
                <h2 className="h6 card-title text-body-secondary" id="text-queue-previous">
                  {t('console.texts.previous_text')}
                </h2>
                <p className="card-text text-break mb-0 text-body-secondary">
                  {current.previous ?? t('console.texts.none')}
                </p>
              </div>
            </section>
          </div>
          <div className="col-md-5 col-xl-4">
            <p className="h5">
              {t('console.queue.member', { name: current.member.name, age: current.member.age })}
            </p>
            <p className="mb-1 text-body-secondary small">
              {t('console.texts.submitted', {
                date: current.submitted_at.replace('T', ' ').slice(0, 16),
                site: current.site_name,
              })}
            </p>
            <p>
              <span
                className={`badge text-wrap text-start ${current.mode === 'pre' ? 'text-bg-warning' : 'text-bg-info'}`}
              >
                {t(current.mode === 'pre' ? 'console.texts.pre' : 'console.texts.post')}
              </span>
            </p>
            <p className="small text-body-secondary">
              {t('console.queue.position', { index: position, count: texts.length })}
              {next ? '+' : ''}
            </p>
            {!rejecting ? (
              <div className="d-flex flex-wrap gap-2 mb-3">
                <button
                  type="button"
                  className="btn btn-success"
                  disabled={busy}
                  aria-keyshortcuts="a"
                  onClick={() => void decide({ id: current.id, decision: 'approve' })}
                >
                  {t('console.queue.approve')} <kbd>A</kbd>
                </button>
                <button
                  type="button"
                  className="btn btn-danger"
                  disabled={busy}
                  aria-keyshortcuts="x"
                  onClick={() => setRejecting(true)}
                >
                  {t('console.queue.reject')} <kbd>X</kbd>
                </button>
              </div>
            ) : (
              <form className="card card-body mb-3" onSubmit={reject} aria-label={t('console.queue.reject')}>
                <label className="form-label" htmlFor="text-reject-reason">
                  {t('console.queue.reason')}
                </label>
                <select
                  id="text-reject-reason"
                  ref={reasonRef}
                  className="form-select mb-2"
                  value={reason}
                  onChange={(e) => setReason(e.target.value as TextRejectionReason)}
                >
                  {TEXT_REJECTION_REASONS.map((r) => (
                    <option key={r} value={r}>
                      {t(`console.texts.reason.${r}`)}
                    </option>
                  ))}
                </select>
                <label className="form-label" htmlFor="text-reject-note">
                  {t('console.queue.note')}
                </label>
                <textarea
                  id="text-reject-note"
                  className="form-control mb-3"
                  rows={2}
                  maxLength={500}
                  required={reason === 'other'}
                  value={note}
                  onChange={(e) => setNote(e.target.value)}
                />
                <div className="d-flex gap-2">
                  <button type="submit" className="btn btn-danger" disabled={busy}>
                    {t('console.texts.confirm_reject')}
                  </button>
                  <button
                    type="button"
                    className="btn btn-outline-secondary"
                    onClick={() => setRejecting(false)}
                  >
                    {t('console.queue.cancel')}
                  </button>
                </div>
              </form>
            )}
            <div className="d-flex gap-2">
              <button
                type="button"
                className="btn btn-outline-secondary btn-sm"
                aria-keyshortcuts="k"
                disabled={position <= 1}
                onClick={() => setIndex((i) => Math.max(i - 1, 0))}
              >
                {t('console.queue.previous')} <kbd>K</kbd>
              </button>
              <button
                type="button"
                className="btn btn-outline-secondary btn-sm"
                aria-keyshortcuts="j"
                disabled={position >= texts.length}
                onClick={() => setIndex((i) => Math.min(i + 1, texts.length - 1))}
              >
                {t('console.queue.next')} <kbd>J</kbd>
              </button>
            </div>
          </div>
        </div>
      )}
      {!loading && next && texts.length === 0 && (
        <button type="button" className="btn btn-outline-primary" onClick={() => void load(next)}>
          {t('console.queue.more')}
        </button>
      )}
    </div>
  );
}
