import { useEffect, useState, type SubmitEvent } from 'react';
import { islandTranslator, type IslandMessages } from '../../shell/island-i18n.ts';
import { api, failureText } from '../../staff/components/console-client.ts';
import type { MemberHit } from '../support.schemas.ts';
import { utc } from './format.ts';
import { LoadedColumnTable, FailureAlert } from '../../staff/components/ConsoleTable.tsx';
import { LabelledInput } from '../../staff/components/LabelledControl.tsx';

export const MEMBER_SEARCH_MESSAGES = [
  'console.support.search_label',
  'console.support.search_hint',
  'console.support.search',
  'console.support.results',
  'console.support.no_results',
  'console.support.name',
  'console.support.email',
  'console.support.site',
  'console.support.status',
  'console.support.joined',
  'console.support.premium',
  'console.support.status_active',
  'console.support.status_unconfirmed',
  'console.support.status_deleted',
  'error.try_later',
] as const;

export const statusKey = (status: MemberHit['status']) => `console.support.status_${status}` as const;

/**
 * Find a member of the staff member's networks by e-mail, name, public id or order id. The form
 * is a plain GET form too: submitted before the island runs, it reloads the page with `?q=`,
 * which the page hands over as `initialQuery` and the island then searches for.
 */
export default function MemberSearch({
  messages,
  initialQuery = '',
  siteNames = {},
}: {
  messages: IslandMessages;
  initialQuery?: string;
  /** The names of the sites staff read, by id (an id without one shows as it is). */
  siteNames?: Record<string, string>;
}) {
  const t = islandTranslator(messages);
  const [hits, setHits] = useState<MemberHit[] | null>(null);
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);

  async function find(q: string) {
    if (!q) return;
    setBusy(true);
    setError('');
    try {
      setHits((await api('GET /console/api/members.php', undefined, { query: { q } })).members);
    } catch (failure) {
      setError(failureText(failure, t));
    } finally {
      setBusy(false);
    }
  }

  function search(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    const q = String(new FormData(event.currentTarget).get('q') ?? '').trim();
    // The address says what was searched, as the form sent by the browser would: a reload or a
    // link shared with a colleague shows the same members.
    const address = new URL(location.href);
    if (q) address.searchParams.set('q', q);
    else address.searchParams.delete('q');
    history.replaceState(history.state, '', address);
    void find(q);
  }

  useEffect(() => {
    void find(initialQuery.trim());
    // Once, for the query the page was loaded with.
  }, []);

  return (
    <div>
      <form className="row g-2 align-items-end mb-3" method="get" onSubmit={search} role="search">
        <LabelledInput
          id="member-q"
          label={t('console.support.search_label')}
          className="col-12 col-md-6"
          name="q"
          required
          defaultValue={initialQuery}
          aria-describedby="member-q-hint"
          after={
            <div id="member-q-hint" className="form-text">
              {t('console.support.search_hint')}
            </div>
          }
        />
        <div className="col-auto mb-md-4">
          <button className="btn btn-primary" type="submit" disabled={busy}>
            {t('console.support.search')}
          </button>
        </div>
      </form>
      <FailureAlert error={error} />
      <LoadedColumnTable
        rows={hits}
        empty={t('console.support.no_results')}
        caption={t('console.support.results')}
        rowKey={(m) => m.id}
        columns={[
          {
            header: t('console.support.name'),
            cell: (m) => <a href={`/console/members/${encodeURIComponent(m.id)}`}>{m.name}</a>,
          },
          { header: t('console.support.email'), className: 'text-break', cell: (m) => m.email },
          { header: t('console.support.site'), cell: (m) => siteNames[m.site] ?? m.site },
          {
            header: t('console.support.status'),
            cell: (m) => (
              <>
                {t(statusKey(m.status))}
                {m.premium && (
                  <span className="badge text-bg-warning ms-2">{t('console.support.premium')}</span>
                )}
              </>
            ),
          },
          { header: t('console.support.joined'), className: 'text-nowrap', cell: (m) => utc(m.created_at) },
        ]}
      />
    </div>
  );
}
