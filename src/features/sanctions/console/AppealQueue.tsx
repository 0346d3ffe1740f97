import { useEffect, useRef, useState } from 'react';
import { islandTranslator, type IslandMessages } from '../../shell/island-i18n.ts';
import { api, failureText } from '../../staff/components/console-client.ts';
import type { Appeal } from '../sanctions.schemas.ts';
import { DECISION_KIND_MESSAGES, decisionKindText } from './decision-kinds.ts';
import { FailureAlert, ListEnd, LoadingLine } from '../../staff/components/ConsoleTable.tsx';
import { useLoadedList } from '../../staff/components/use-filtered-list.ts';

export const APPEAL_QUEUE_MESSAGES = [
  'console.appeals.empty',
  'console.appeals.appellant',
  'console.appeals.appellant_member',
  'console.appeals.appellant_reporter',
  'console.appeals.decision',
  'console.appeals.uphold',
  'console.appeals.reverse',
  'console.appeals.keys',
  'console.appeals.decided',
  'console.sanctions.loading',
  'console.sanctions.facts',
  'console.sanctions.ground',
  'console.sanctions.by',
  ...DECISION_KIND_MESSAGES,
  'error.try_later',
] as const;

/** What a moderator may decide about an appeal, with its button's style: reversing stands out. */
const OUTCOMES = [
  ['uphold', 'btn-outline-secondary'],
  ['reverse', 'btn-primary'],
] as const;
type Outcome = (typeof OUTCOMES)[number][0];

/**
 * The open appeals the staff member may decide (never their own decisions), oldest first. Keys:
 * j and k move between them, u upholds and r reverses the one in focus.
 */
export default function AppealQueue({ messages }: { messages: IslandMessages }) {
  const t = islandTranslator(messages);
  const {
    items: appeals,
    setItems: setAppeals,
    loading,
    error,
    setError,
  } = useLoadedList(async () => (await api('GET /console/api/appeals.php')).appeals, t);
  const [current, setCurrent] = useState(0);
  const [busy, setBusy] = useState(false);
  const [status, setStatus] = useState('');
  const items = useRef<(HTMLElement | null)[]>([]);

  async function decide(appeal: Appeal, outcome: Outcome) {
    if (busy) return;
    setBusy(true);
    setError('');
    try {
      await api('POST /console/api/appeals.php', { id: appeal.id, outcome });
      setAppeals((list) => list.filter((a) => a.id !== appeal.id));
      setCurrent((i) => Math.max(0, Math.min(i, appeals.length - 2)));
      setStatus(t('console.appeals.decided'));
    } catch (failure) {
      setError(failureText(failure, t));
    } finally {
      setBusy(false);
    }
  }

  useEffect(() => {
    function onKey(event: KeyboardEvent) {
      const target = event.target as HTMLElement | null;
      if (event.altKey || event.ctrlKey || event.metaKey || target?.closest('input, textarea, select'))
        return;
      const appeal = appeals[current];
      if (event.key === 'j' || event.key === 'k') {
        const next = Math.max(0, Math.min(appeals.length - 1, current + (event.key === 'j' ? 1 : -1)));
        setCurrent(next);
        items.current[next]?.focus();
      } else if (appeal && event.key === 'u') void decide(appeal, 'uphold');
      else if (appeal && event.key === 'r') void decide(appeal, 'reverse');
      else return;
      event.preventDefault();
    }
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  });

  return (
    <div>
      <p className="text-body-secondary small">{t('console.appeals.keys')}</p>
      <FailureAlert error={error} />
      <div role="status" className="visually-hidden">
        {status}
      </div>
      <ListEnd
        list={{ loading, error, items: appeals }}
        loading={<LoadingLine text={t('console.sanctions.loading')} />}
        empty={t('console.appeals.empty')}
      />
      <ol className="list-unstyled">
        {appeals.map((appeal, i) => (
          <li key={appeal.id} className="mb-3">
            <article
              ref={(el) => {
                items.current[i] = el;
              }}
              tabIndex={-1}
              onFocus={() => setCurrent(i)}
              className={`card${i === current ? ' border-primary' : ''}`}
              aria-current={i === current ? 'true' : undefined}
              aria-labelledby={`appeal-${appeal.id}`}
            >
              <div className="card-body">
                <h2 className="h6 card-title" id={`appeal-${appeal.id}`}>
                  {t('console.appeals.appellant')}:{' '}
                  {t(
                    appeal.appellant === 'reporter'
                      ? 'console.appeals.appellant_reporter'
                      : 'console.appeals.appellant_member',
                  )}{' '}
                  ·{' '}
                  <time dateTime={appeal.submitted_at}>
                    {appeal.submitted_at.slice(0, 16).replace('T', ' ')}
                  </time>
                </h2>
                <p className="appeal-text" style={{ whiteSpace: 'pre-wrap' }}>
                  {appeal.text}
                </p>
                <dl className="row small mb-3">
                  <dt className="col-sm-3">{t('console.appeals.decision')}</dt>
                  <dd className="col-sm-9">
                    {decisionKindText(t, appeal.decision.kind)}
                    {appeal.decision.until && ` → ${appeal.decision.until.slice(0, 16).replace('T', ' ')}`}
                  </dd>
                  <dt className="col-sm-3">{t('console.sanctions.facts')}</dt>
                  <dd className="col-sm-9">{appeal.decision.facts}</dd>
                  <dt className="col-sm-3">{t('console.sanctions.ground')}</dt>
                  <dd className="col-sm-9">{appeal.decision.ground}</dd>
                  <dt className="col-sm-3">{t('console.sanctions.by')}</dt>
                  <dd className="col-sm-9">{appeal.decision.decided_by}</dd>
                </dl>
                <div className="d-flex gap-2">
                  {OUTCOMES.map(([outcome, style]) => (
                    <button
                      key={outcome}
                      type="button"
                      className={`btn ${style}`}
                      disabled={busy}
                      onClick={() => void decide(appeal, outcome)}
                    >
                      {t(`console.appeals.${outcome}`)}
                    </button>
                  ))}
                </div>
              </div>
            </article>
          </li>
        ))}
      </ol>
    </div>
  );
}
