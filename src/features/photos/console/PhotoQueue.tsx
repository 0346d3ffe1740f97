import { useCallback, useEffect, useRef, useState, type FormEvent } from 'react';
import { api, isApiError } from '../../../lib/api-client.ts';
import { islandTranslator, type IslandMessages, type IslandTranslate } from '../../shell/island-i18n.ts';
import type { PhotoDecisionInput, QueuedPhoto } from '../photos.moderation.schemas.ts';
import { PHOTO_REJECTION_REASONS, type PhotoRejectionReason } from '../photos.types.ts';

export const PHOTO_QUEUE_MESSAGES = [
  'console.photos.loading',
  'console.photos.empty',
  'console.photos.list',
  'console.photos.pending',
  'console.photos.post',
  'console.queue.member',
  'console.photos.uploaded',
  'console.queue.approve',
  'console.queue.reject',
  'console.queue.next',
  'console.queue.previous',
  'console.queue.reason',
  'console.queue.note',
  'console.photos.confirm_reject',
  'console.queue.cancel',
  'console.queue.keys',
  'console.photos.approved',
  'console.photos.rejected',
  'console.photos.preview_alt',
  'console.queue.position',
  'console.queue.more',
  'console.photos.reason.nudity',
  'console.photos.reason.not_the_member',
  'console.photos.reason.minor',
  'console.photos.reason.offensive',
  'console.photos.reason.contact_details',
  'console.photos.reason.other',
  'error.try_later',
] as const;

/** A refusal's words from the server (in the staff member's language), or a general one. */
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
 * The photo queue: the oldest photo awaiting a decision, large, with its member and site; approve
 * (A) or reject (X, then a reason) and move on (J next, K previous). A decided photo leaves the
 * list and the next one takes its place; more are fetched as the list runs short.
 */
export default function PhotoQueue({ messages }: { messages: IslandMessages }) {
  const t = islandTranslator(messages);
  const [photos, setPhotos] = useState<QueuedPhoto[]>([]);
  const [next, setNext] = useState<string | null>(null);
  const [index, setIndex] = useState(0);
  const [loading, setLoading] = useState(true);
  const [busy, setBusy] = useState(false);
  const [rejecting, setRejecting] = useState(false);
  const [reason, setReason] = useState<PhotoRejectionReason>('nudity');
  const [note, setNote] = useState('');
  const [error, setError] = useState('');
  const [notice, setNotice] = useState('');
  const reasonRef = useRef<HTMLSelectElement>(null);

  const load = useCallback(
    async (cursor?: string) => {
      setLoading(true);
      setError('');
      try {
        const page = await api('GET /console/api/photos.php', undefined, {
          query: cursor ? { cursor } : {},
        });
        setPhotos((shown) => {
          const known = new Set(shown.map((p) => p.id));
          return cursor ? [...shown, ...page.photos.filter((p) => !known.has(p.id))] : page.photos;
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

  const current = photos[Math.min(index, photos.length - 1)];

  // Fetch the next page before the list runs dry, so the queue never stops under the keys.
  useEffect(() => {
    if (!loading && next && photos.length - index <= 3) void load(next);
  }, [photos.length, index, next, loading, load]);

  useEffect(() => {
    if (rejecting) reasonRef.current?.focus();
  }, [rejecting]);

  async function decide(body: PhotoDecisionInput) {
    if (!current || busy) return;
    setBusy(true);
    setError('');
    try {
      await api('PUT /console/api/photos.php', body);
      setNotice(t(body.decision === 'approve' ? 'console.photos.approved' : 'console.photos.rejected'));
    } catch (failure) {
      setError(failureText(failure, t));
      // A 409: someone else decided; it leaves the list all the same.
    } finally {
      setBusy(false);
    }
    setRejecting(false);
    setNote('');
    setPhotos((shown) => shown.filter((p) => p.id !== body.id));
    setIndex((i) => Math.max(0, Math.min(i, photos.length - 2)));
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
      else if (key === 'j') setIndex((i) => Math.min(i + 1, photos.length - 1));
      else if (key === 'k') setIndex((i) => Math.max(i - 1, 0));
      else return;
      event.preventDefault();
    }
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  });

  const position = photos.length ? Math.min(index, photos.length - 1) + 1 : 0;
  return (
    <div className="photo-queue">
      <p className="text-body-secondary small" id="photo-queue-keys">
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
      {loading && photos.length === 0 && (
        <p role="status" className="text-body-secondary" data-testid="photo-queue-loading">
          <span className="spinner-border spinner-border-sm me-2" aria-hidden="true" />
          {t('console.photos.loading')}
        </p>
      )}
      {!loading && photos.length === 0 && !error && (
        <p className="alert alert-light border" data-testid="photo-queue-empty">
          {t('console.photos.empty')}
        </p>
      )}
      {current && (
        <div className="row g-4">
          <div className="col-md-7 col-xl-8">
            <figure className="photo-queue-preview bg-dark rounded d-flex align-items-center justify-content-center mb-0">
              <img
                key={current.id}
                src={current.preview}
                alt={t('console.photos.preview_alt', { name: current.member.name })}
                className="img-fluid"
                data-testid="photo-queue-preview"
              />
            </figure>
          </div>
          <div className="col-md-5 col-xl-4">
            <section
              aria-labelledby="photo-queue-member"
              data-testid="photo-queue-current"
              data-photo={current.id}
            >
              <h2 className="h5" id="photo-queue-member">
                {t('console.queue.member', { name: current.member.name, age: current.member.age })}
              </h2>
              <p className="mb-1">
                {current.site_name} <span className="text-body-secondary">({current.network})</span>
              </p>
              <p className="mb-1 text-body-secondary small">
                {t('console.photos.uploaded', { date: current.uploaded_at.replace('T', ' ').slice(0, 16) })}
              </p>
              <p>
                <span
                  className={`badge text-wrap text-start ${current.status === 'pending' ? 'text-bg-warning' : 'text-bg-info'}`}
                >
                  {t(current.status === 'pending' ? 'console.photos.pending' : 'console.photos.post')}
                </span>
              </p>
              <p className="small text-body-secondary">
                {t('console.queue.position', { index: position, count: photos.length })}
                {next ? '+' : ''}
              </p>
            </section>
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
                <label className="form-label" htmlFor="photo-reject-reason">
                  {t('console.queue.reason')}
                </label>
                <select
                  id="photo-reject-reason"
                  ref={reasonRef}
                  className="form-select mb-2"
                  value={reason}
                  onChange={(e) => setReason(e.target.value as PhotoRejectionReason)}
                >
                  {PHOTO_REJECTION_REASONS.map((r) => (
                    <option key={r} value={r}>
                      {t(`console.photos.reason.${r}`)}
                    </option>
                  ))}
                </select>
                <label className="form-label" htmlFor="photo-reject-note">
                  {t('console.queue.note')}
                </label>
                <textarea
                  id="photo-reject-note"
                  className="form-control mb-3"
                  rows={2}
                  maxLength={500}
                  required={reason === 'other'}
                  value={note}
                  onChange={(e) => setNote(e.target.value)}
                />
                <div className="d-flex gap-2">
                  <button type="submit" className="btn btn-danger" disabled={busy}>
                    {t('console.photos.confirm_reject')}
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
                disabled={position >= photos.length}
                onClick={() => setIndex((i) => Math.min(i + 1, photos.length - 1))}
              >
                {t('console.queue.next')} <kbd>J</kbd>
              </button>
            </div>
          </div>
        </div>
      )}
      {photos.length > 1 && (
        <nav aria-label={t('console.photos.list')} className="mt-4">
          <ul className="list-unstyled d-flex flex-wrap gap-2 mb-0">
            {photos.map((photo, i) => (
              <li key={photo.id}>
                <button
                  type="button"
                  className={`btn btn-sm ${photo.id === current?.id ? 'btn-primary' : 'btn-outline-secondary'}`}
                  aria-current={photo.id === current?.id ? 'true' : undefined}
                  onClick={() => setIndex(i)}
                >
                  {photo.member.name}
                </button>
              </li>
            ))}
          </ul>
        </nav>
      )}
      {!loading && next && photos.length === 0 && (
        <button type="button" className="btn btn-outline-primary" onClick={() => void load(next)}>
          {t('console.queue.more')}
        </button>
      )}
    </div>
  );
}
