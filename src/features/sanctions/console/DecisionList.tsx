import { useEffect, useState } from 'react';
import { islandTranslator, type IslandMessages } from '../../shell/island-i18n.ts';
import { api, failureText } from './console-client.ts';
import type { Decision } from '../sanctions.schemas.ts';

export const DECISION_LIST_MESSAGES = [
  'console.sanctions.list',
  'console.sanctions.empty',
  'console.sanctions.loading',
  'console.sanctions.when',
  'console.sanctions.by',
  'console.sanctions.kind',
  'console.sanctions.member',
  'console.sanctions.ground',
  'console.sanctions.status',
  'console.sanctions.lifted',
  'console.sanctions.kind_warn',
  'console.sanctions.kind_suspend',
  'console.sanctions.kind_ban',
  'console.sanctions.kind_dismiss',
  'console.sanctions.kind_lift',
  'console.audit.network',
  'error.try_later',
] as const;

const KIND_LABEL = {
  warn: 'console.sanctions.kind_warn',
  suspend: 'console.sanctions.kind_suspend',
  ban: 'console.sanctions.kind_ban',
  dismiss: 'console.sanctions.kind_dismiss',
  lift: 'console.sanctions.kind_lift',
} as const;

/** The newest decisions of the staff member's networks. */
export default function DecisionList({ messages }: { messages: IslandMessages }) {
  const t = islandTranslator(messages);
  const [decisions, setDecisions] = useState<Decision[]>([]);
  const [loading, setLoading] = useState(true);
  const [error, setError] = useState('');

  useEffect(() => {
    api('GET /console/api/sanctions.php')
      .then((answer) => setDecisions(answer.decisions))
      .catch((failure: unknown) => setError(failureText(failure, t)))
      .finally(() => setLoading(false));
  }, []);

  return (
    <div>
      <div role="alert" className={error ? 'alert alert-danger' : 'visually-hidden'}>
        {error}
      </div>
      <div className="table-responsive" tabIndex={0} role="region" aria-label={t('console.sanctions.list')}>
        <table className="table table-sm table-striped align-middle" aria-busy={loading}>
          <caption className="visually-hidden">{t('console.sanctions.list')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('console.sanctions.when')}</th>
              <th scope="col">{t('console.audit.network')}</th>
              <th scope="col">{t('console.sanctions.member')}</th>
              <th scope="col">{t('console.sanctions.kind')}</th>
              <th scope="col">{t('console.sanctions.ground')}</th>
              <th scope="col">{t('console.sanctions.by')}</th>
              <th scope="col">{t('console.sanctions.status')}</th>
            </tr>
          </thead>
          <tbody>
            {decisions.map((d) => (
              <tr key={d.id}>
                <td className="text-nowrap">
                  <time dateTime={d.decided_at}>{d.decided_at.replace('T', ' ').slice(0, 16)}</time>
                </td>
                <td>{d.network}</td>
                <td className="text-break">{d.member ?? '—'}</td>
                <td>
                  {d.kind in KIND_LABEL ? t(KIND_LABEL[d.kind as keyof typeof KIND_LABEL]) : d.kind}
                  {d.until && (
                    <span className="text-body-secondary"> → {d.until.slice(0, 16).replace('T', ' ')}</span>
                  )}
                </td>
                <td className="text-break">{d.ground}</td>
                <td className="text-nowrap">{d.decided_by}</td>
                <td>
                  {d.lifted_at ? t('console.sanctions.lifted') : ''} <code>{d.dsa_status}</code>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {loading && (
        <p role="status" className="text-body-secondary">
          <span className="spinner-border spinner-border-sm me-2" aria-hidden="true" />
          {t('console.sanctions.loading')}
        </p>
      )}
      {!loading && !error && decisions.length === 0 && (
        <p className="text-body-secondary">{t('console.sanctions.empty')}</p>
      )}
    </div>
  );
}
