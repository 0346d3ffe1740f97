import { useEffect, useState, type FormEvent } from 'react';
import type { AuditEntry } from '../staff.schemas.ts';
import { islandTranslator, type IslandMessages } from '../../shell/island-i18n.ts';
import { api, failureText } from './console-client.ts';

export const AUDIT_MESSAGES = [
  'console.audit.filters',
  'console.audit.network',
  'console.audit.all_networks',
  'console.audit.console_itself',
  'console.audit.action',
  'console.audit.staff',
  'console.audit.target',
  'console.audit.from',
  'console.audit.to',
  'console.audit.apply',
  'console.audit.export',
  'console.audit.when',
  'console.audit.change',
  'console.audit.empty',
  'console.audit.more',
  'console.audit.loading',
  'console.audit.caption',
  'error.try_later',
] as const;

type Filters = Partial<Record<'network' | 'action' | 'staff' | 'target' | 'from' | 'to', string>>;

function queryOf(filters: Filters): Record<string, string> {
  return Object.fromEntries(Object.entries(filters).filter(([, v]) => v)) as Record<string, string>;
}

function change(entry: AuditEntry): string {
  const show = (v: unknown) => (v === null || v === undefined ? '' : JSON.stringify(v));
  const before = show(entry.before);
  const after = show(entry.after);
  return before && after ? `${before} → ${after}` : before || after;
}

/**
 * The audit log: filters, entries newest first in pages (keyset: "more" asks for the page
 * after the last entry shown), and the CSV export of everything the filters match.
 */
export default function AuditLog({ messages, networks }: { messages: IslandMessages; networks: string[] }) {
  const t = islandTranslator(messages);
  const [filters, setFilters] = useState<Filters>({});
  const [entries, setEntries] = useState<AuditEntry[]>([]);
  const [next, setNext] = useState<string | null>(null);
  const [loading, setLoading] = useState(true);
  const [error, setError] = useState('');

  async function load(applied: Filters, cursor?: string) {
    setLoading(true);
    setError('');
    try {
      const page = await api('GET /console/api/audit.php', undefined, {
        query: { ...queryOf(applied), ...(cursor && { cursor }) },
      });
      setEntries((shown) => (cursor ? [...shown, ...page.entries] : page.entries));
      setNext(page.next);
    } catch (failure) {
      setError(failureText(failure, t));
    } finally {
      setLoading(false);
    }
  }

  useEffect(() => {
    void load({});
  }, []);

  function apply(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const applied: Filters = {};
    for (const name of ['network', 'action', 'staff', 'target', 'from', 'to'] as const)
      applied[name] = String(data.get(name) ?? '').trim();
    setFilters(applied);
    void load(applied);
  }

  const exportHref = `/console/api/audit.php?${new URLSearchParams({ ...queryOf(filters), format: 'csv' })}`;

  return (
    <div>
      <form className="row g-2 align-items-end mb-3" onSubmit={apply} aria-label={t('console.audit.filters')}>
        <div className="col-6 col-md-4 col-xl-2">
          <label className="form-label" htmlFor="audit-network">
            {t('console.audit.network')}
          </label>
          <select id="audit-network" name="network" className="form-select">
            <option value="">{t('console.audit.all_networks')}</option>
            {networks.map((n) => (
              <option key={n} value={n}>
                {n === '' ? t('console.audit.console_itself') : n}
              </option>
            ))}
          </select>
        </div>
        <div className="col-6 col-md-4 col-xl-2">
          <label className="form-label" htmlFor="audit-action">
            {t('console.audit.action')}
          </label>
          <input id="audit-action" name="action" className="form-control" placeholder="staff.add" />
        </div>
        <div className="col-6 col-md-4 col-xl-2">
          <label className="form-label" htmlFor="audit-staff">
            {t('console.audit.staff')}
          </label>
          <input id="audit-staff" name="staff" type="email" className="form-control" />
        </div>
        <div className="col-6 col-md-4 col-xl-2">
          <label className="form-label" htmlFor="audit-target">
            {t('console.audit.target')}
          </label>
          <input id="audit-target" name="target" className="form-control" />
        </div>
        <div className="col-6 col-md-4 col-xl-2">
          <label className="form-label" htmlFor="audit-from">
            {t('console.audit.from')}
          </label>
          <input id="audit-from" name="from" type="date" className="form-control" />
        </div>
        <div className="col-6 col-md-4 col-xl-2">
          <label className="form-label" htmlFor="audit-to">
            {t('console.audit.to')}
          </label>
          <input id="audit-to" name="to" type="date" className="form-control" />
        </div>
        <div className="col-12 d-flex gap-2">
          <button className="btn btn-primary" type="submit">
            {t('console.audit.apply')}
          </button>
          <a className="btn btn-outline-secondary" href={exportHref} download>
            {t('console.audit.export')}
          </a>
        </div>
      </form>
      <div role="alert" className={error ? 'alert alert-danger' : 'visually-hidden'}>
        {error}
      </div>
      <div className="table-responsive" tabIndex={0} role="region" aria-label={t('console.audit.caption')}>
        <table className="table table-sm table-striped align-middle" aria-busy={loading}>
          <caption className="visually-hidden">{t('console.audit.caption')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('console.audit.when')}</th>
              <th scope="col">{t('console.audit.staff')}</th>
              <th scope="col">{t('console.audit.action')}</th>
              <th scope="col">{t('console.audit.network')}</th>
              <th scope="col">{t('console.audit.target')}</th>
              <th scope="col">{t('console.audit.change')}</th>
            </tr>
          </thead>
          <tbody>
            {entries.map((entry) => (
              <tr key={entry.id}>
                <td className="text-nowrap">
                  <time dateTime={entry.at}>{entry.at.replace('T', ' ').slice(0, 19)}</time>
                </td>
                <td className="text-nowrap">{entry.staff}</td>
                <td className="text-nowrap">
                  <code>{entry.action}</code>
                </td>
                <td className="text-nowrap">{entry.network || t('console.audit.console_itself')}</td>
                <td className="text-break">
                  {entry.target_type}
                  {entry.target_id && <span className="text-body-secondary"> {entry.target_id}</span>}
                </td>
                <td className="audit-change small font-monospace text-break">{change(entry)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {loading && (
        <p role="status" className="text-body-secondary">
          <span className="spinner-border spinner-border-sm me-2" aria-hidden="true" />
          {t('console.audit.loading')}
        </p>
      )}
      {!loading && !error && entries.length === 0 && (
        <p className="text-body-secondary">{t('console.audit.empty')}</p>
      )}
      {!loading && next && (
        <button type="button" className="btn btn-outline-primary" onClick={() => void load(filters, next)}>
          {t('console.audit.more')}
        </button>
      )}
    </div>
  );
}
