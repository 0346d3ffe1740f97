import {
  useCallback,
  useEffect,
  useRef,
  useState,
  type SubmitEvent,
  type HTMLAttributes,
  type ReactNode,
} from 'react';
import { isApiError } from '../../../lib/api-client.ts';
import type { IslandTranslate } from '../../shell/island-i18n.ts';
import { FailureAlert } from './ConsoleTable.tsx';
import { LabelledSelect, LabelledTextarea, SelectOptions } from './LabelledControl.tsx';

/** The words the queue itself shows; each queue adds its own to its island's messages. */
export const MODERATION_QUEUE_MESSAGES = [
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

/** What a moderator decides about one queued item; the queue's own API takes it as its body. */
export type QueueDecision<Reason extends string> =
  { id: string; decision: 'approve' } | { id: string; decision: 'reject'; reason: Reason; note?: string };

/** The words a queue shows in its own name (already translated). */
export interface QueueTexts {
  loading: string;
  empty: string;
  confirmReject: string;
  approved: string;
  rejected: string;
}

/** A queue's words from the messages named after it: `console.<queue>.loading` and the rest. */
export function queueTexts(t: IslandTranslate, queue: 'photos' | 'texts'): QueueTexts {
  return {
    loading: t(`console.${queue}.loading`),
    empty: t(`console.${queue}.empty`),
    confirmReject: t(`console.${queue}.confirm_reject`),
    approved: t(`console.${queue}.approved`),
    rejected: t(`console.${queue}.rejected`),
  };
}

/**
 * Where a queued item stands, as a badge: still waiting to be shown (`waiting`, in warning
 * colours) or already public and checked afterwards.
 */
export function QueueStageBadge({ waiting, children }: { waiting: boolean; children: ReactNode }) {
  return (
    <p>
      <span className={`badge text-wrap text-start ${waiting ? 'text-bg-warning' : 'text-bg-info'}`}>
        {children}
      </span>
    </p>
  );
}

export interface ModerationQueueProps<Item extends { id: string }, Reason extends string> {
  t: IslandTranslate;
  /** Names the queue's class, test ids and form fields: `${name}-queue`, `${name}-reject-reason`. */
  name: string;
  texts: QueueTexts;
  reasons: readonly Reason[];
  reasonText: (reason: Reason) => string;
  /** One page of the queue, from its start or from a cursor. */
  list: (cursor?: string) => Promise<{ items: Item[]; next: string | null }>;
  decide: (decision: QueueDecision<Reason>) => Promise<unknown>;
  /** Attributes of the key line (an id another part of the page points at). */
  keysProps?: HTMLAttributes<HTMLParagraphElement>;
  /** Attributes of the row that shows the current item. */
  rowProps?: (current: Item) => HTMLAttributes<HTMLDivElement> & Record<`data-${string}`, string>;
  /** The item itself, large, on the left. */
  main: (current: Item) => ReactNode;
  /** Who and where, on the right above the buttons; `position` is the "3 of 12" line. */
  details: (current: Item, position: ReactNode) => ReactNode;
  /** Anything under the row (a list to jump through the queue). */
  after?: (items: Item[], current: Item | undefined, select: (index: number) => void) => ReactNode;
}

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
 * A moderation queue: the oldest item awaiting a decision; approve (A) or reject (X, then a
 * reason) and move on (J next, K previous). A decided item leaves the list and the next one takes
 * its place; more are fetched as the list runs short. Each queue draws its own item.
 */
export default function ModerationQueue<Item extends { id: string }, Reason extends string>(
  props: ModerationQueueProps<Item, Reason>,
) {
  const { t, name, texts, reasons, reasonText } = props;
  const [items, setItems] = useState<Item[]>([]);
  const [next, setNext] = useState<string | null>(null);
  const [index, setIndex] = useState(0);
  const [loading, setLoading] = useState(true);
  const [busy, setBusy] = useState(false);
  const [rejecting, setRejecting] = useState(false);
  const [reason, setReason] = useState<Reason>(reasons[0]!);
  const [note, setNote] = useState('');
  const [error, setError] = useState('');
  const [notice, setNotice] = useState('');
  const reasonRef = useRef<HTMLSelectElement>(null);
  // The latest props, so that loading keeps one identity across renders.
  const latest = useRef(props);
  latest.current = props;

  const load = useCallback(async (cursor?: string) => {
    setLoading(true);
    setError('');
    try {
      const page = await latest.current.list(cursor);
      setItems((shown) => {
        const known = new Set(shown.map((p) => p.id));
        return cursor ? [...shown, ...page.items.filter((p) => !known.has(p.id))] : page.items;
      });
      setNext(page.next);
    } catch (failure) {
      setError(failureText(failure, latest.current.t));
    } finally {
      setLoading(false);
    }
  }, []);

  useEffect(() => {
    void load();
  }, [load]);

  const current = items[Math.min(index, items.length - 1)];

  // Fetch the next page before the list runs dry, so the queue never stops under the keys.
  useEffect(() => {
    if (!loading && next && items.length - index <= 3) void load(next);
  }, [items.length, index, next, loading, load]);

  useEffect(() => {
    if (rejecting) reasonRef.current?.focus();
  }, [rejecting]);

  async function decide(body: QueueDecision<Reason>) {
    if (!current || busy) return;
    setBusy(true);
    setError('');
    try {
      await props.decide(body);
      setNotice(body.decision === 'approve' ? texts.approved : texts.rejected);
    } catch (failure) {
      setError(failureText(failure, t));
      // A 409: someone else decided; it leaves the list all the same.
    } finally {
      setBusy(false);
    }
    setRejecting(false);
    setNote('');
    setItems((shown) => shown.filter((p) => p.id !== body.id));
    setIndex((i) => Math.max(0, Math.min(i, items.length - 2)));
  }

  function reject(event: SubmitEvent<HTMLFormElement>) {
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
      else if (key === 'j') setIndex((i) => Math.min(i + 1, items.length - 1));
      else if (key === 'k') setIndex((i) => Math.max(i - 1, 0));
      else return;
      event.preventDefault();
    }
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  });

  const position = items.length ? Math.min(index, items.length - 1) + 1 : 0;
  return (
    <div className={`${name}-queue`}>
      <p className="text-body-secondary small" {...props.keysProps}>
        {t('console.queue.keys')} <kbd>A</kbd> {t('console.queue.approve')} · <kbd>X</kbd>{' '}
        {t('console.queue.reject')} · <kbd>J</kbd> {t('console.queue.next')} · <kbd>K</kbd>{' '}
        {t('console.queue.previous')}
      </p>
      <FailureAlert error={error} />
      <div role="status" className="visually-hidden">
        {notice}
      </div>
      {loading && items.length === 0 && (
        <p role="status" className="text-body-secondary" data-testid={`${name}-queue-loading`}>
          <span className="spinner-border spinner-border-sm me-2" aria-hidden="true" />
          {texts.loading}
        </p>
      )}
      {!loading && items.length === 0 && !error && (
        <p className="alert alert-light border" data-testid={`${name}-queue-empty`}>
          {texts.empty}
        </p>
      )}
      {current && (
        <div className="row g-4" {...props.rowProps?.(current)}>
          <div className="col-md-7 col-xl-8">{props.main(current)}</div>
          <div className="col-md-5 col-xl-4">
            {props.details(
              current,
              <p className="small text-body-secondary">
                {t('console.queue.position', { index: position, count: items.length })}
                {next ? '+' : ''}
              </p>,
            )}
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
                <LabelledSelect
                  id={`${name}-reject-reason`}
                  label={t('console.queue.reason')}
                  controlClassName="form-select mb-2"
                  ref={reasonRef}
                  value={reason}
                  onChange={(e) => setReason(e.target.value as Reason)}
                >
                  <SelectOptions options={reasons.map((r) => [r, reasonText(r)])} />
                </LabelledSelect>
                <LabelledTextarea
                  id={`${name}-reject-note`}
                  label={t('console.queue.note')}
                  controlClassName="form-control mb-3"
                  rows={2}
                  maxLength={500}
                  required={reason === 'other'}
                  value={note}
                  onChange={(e) => setNote(e.target.value)}
                />
                <div className="d-flex gap-2">
                  <button type="submit" className="btn btn-danger" disabled={busy}>
                    {texts.confirmReject}
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
                disabled={position >= items.length}
                onClick={() => setIndex((i) => Math.min(i + 1, items.length - 1))}
              >
                {t('console.queue.next')} <kbd>J</kbd>
              </button>
            </div>
          </div>
        </div>
      )}
      {props.after?.(items, current, setIndex)}
      {!loading && next && items.length === 0 && (
        <button type="button" className="btn btn-outline-primary" onClick={() => void load(next)}>
          {t('console.queue.more')}
        </button>
      )}
    </div>
  );
}
