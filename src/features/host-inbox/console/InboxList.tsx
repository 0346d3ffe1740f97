import { useEffect, useState } from 'react';
import { apiClient } from '../../../lib/api-client.ts';
import { islandTranslator, type IslandMessages } from '../../shell/island-i18n.ts';
import { failureText } from './inbox-client.ts';
import type { InboxEntry, InboxPage } from '../host-inbox.schemas.ts';

export const INBOX_LIST_MESSAGES = [
  'console.inbox.caption',
  'console.inbox.profile',
  'console.inbox.member',
  'console.inbox.network',
  'console.inbox.waiting',
  'console.inbox.claimed_by',
  'console.inbox.claimed_by_you',
  'console.inbox.free',
  'console.inbox.empty',
  'console.inbox.more',
  'console.inbox.refresh',
  'console.inbox.open',
  'console.inbox.loading',
  'error.try_later',
] as const;

/** Minutes (or hours) since `at`, for the waiting column. */
function waited(at: number, now: number): string {
  const minutes = Math.max(0, Math.floor((now - at) / 60_000));
  return minutes < 120 ? `${minutes} min` : `${Math.floor(minutes / 60)} h`;
}

/**
 * Conversations of operator-run profiles waiting for an answer, the longest waiting first, in
 * pages; each shows whether a host holds it. The list only reads: nothing is sent from here.
 */
export default function InboxList({ messages }: { messages: IslandMessages }) {
  const t = islandTranslator(messages);
  const [entries, setEntries] = useState<InboxEntry[] | null>(null);
  const [next, setNext] = useState<string | null>(null);
  const [error, setError] = useState('');
  const [now, setNow] = useState(() => Date.now());

  async function load(cursor: string | null) {
    setError('');
    try {
      const page = await apiClient.get<InboxPage>(
        `/console/api/inbox.php${cursor ? `?cursor=${encodeURIComponent(cursor)}` : ''}`,
      );
      setEntries((before) => (cursor ? [...(before ?? []), ...page.conversations] : page.conversations));
      setNext(page.next);
      setNow(Date.now());
    } catch (failure) {
      setError(failureText(failure, t));
    }
  }

  useEffect(() => {
    void load(null);
  }, []);

  return (
    <div data-testid="inbox-list">
      <div className="mb-2">
        <button type="button" className="btn btn-sm btn-outline-secondary" onClick={() => void load(null)}>
          {t('console.inbox.refresh')}
        </button>
      </div>
      {error && (
        <p className="alert alert-danger" role="alert">
          {error}
        </p>
      )}
      {entries === null ? (
        <p role="status">{t('console.inbox.loading')}</p>
      ) : entries.length === 0 ? (
        <p>{t('console.inbox.empty')}</p>
      ) : (
        <table className="table table-sm bg-white align-middle">
          <caption>{t('console.inbox.caption')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('console.inbox.waiting')}</th>
              <th scope="col">{t('console.inbox.profile')}</th>
              <th scope="col">{t('console.inbox.member')}</th>
              <th scope="col">{t('console.inbox.network')}</th>
              <th scope="col">{t('console.inbox.claimed_by')}</th>
              <th scope="col" />
            </tr>
          </thead>
          <tbody>
            {entries.map((entry) => (
              <tr key={entry.conversation} data-conversation={entry.conversation}>
                <td>{waited(entry.waiting_since, now)}</td>
                <td>{entry.profile.name}</td>
                <td>{entry.member.name}</td>
                <td>{entry.network}</td>
                <td>
                  {entry.claim
                    ? entry.claim.mine
                      ? t('console.inbox.claimed_by_you')
                      : entry.claim.staff
                    : t('console.inbox.free')}
                </td>
                <td>
                  <a
                    className="btn btn-sm btn-primary"
                    href={`/console/inbox/${encodeURIComponent(entry.conversation)}`}
                  >
                    {t('console.inbox.open')}
                  </a>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {next && (
        <button type="button" className="btn btn-outline-secondary" onClick={() => void load(next)}>
          {t('console.inbox.more')}
        </button>
      )}
    </div>
  );
}
