import { useEffect, useRef, useState } from 'react';
import { FailureAlert } from '../../staff/components/ConsoleTable.tsx';
import { apiClient } from '../../../lib/api-client.ts';
import { islandLocale, islandTranslator, type IslandMessages } from '../../shell/island-i18n.ts';
import { formatDuration } from '../../../lib/duration.ts';
import { failureText } from '../../staff/components/console-client.ts';
import { heldClaim, useInboxLive } from './inbox-live.ts';
import { readFromStart } from './inbox-pages.ts';
import type { InboxEntry, InboxPage } from '../host-inbox.schemas.ts';
import { InboxTable } from './InboxTable.tsx';

export const INBOX_LIST_MESSAGES = [
  'console.inbox.caption',
  'console.inbox.profile',
  'console.inbox.member',
  'console.inbox.network',
  'console.inbox.site',
  'console.inbox.waiting',
  'console.inbox.claimed_by',
  'console.inbox.claimed_by_you',
  'console.inbox.free',
  'console.inbox.empty',
  'console.inbox.more',
  'console.inbox.refresh',
  'console.inbox.open',
  'console.inbox.loading',
  'console.actions',
  'console.inbox.live',
  'console.inbox.reconnecting',
  'error.try_later',
] as const;

/** Minutes, hours or days since `at`, for the waiting column. */
function waited(at: number, now: number, locale: string | undefined): string {
  return formatDuration(now - at, locale, { smallest: 'minute' });
}

/** Live changes within this time make one read of the list, not one each. */
const RELOAD_AFTER_MS = 400;
/** The waiting times move on by themselves. */
const CLOCK_EVERY_MS = 30_000;

/**
 * Conversations of operator-run profiles waiting for an answer, the longest waiting first, in
 * pages; each shows whether a host holds it. The list only reads: nothing is sent from here.
 * For a host it is live: a conversation that starts or stops waiting reads the list again (as far
 * down as the host had paged), and a claim taken or given up elsewhere shows at once.
 */
export default function InboxList({ messages, live }: { messages: IslandMessages; live: boolean }) {
  const t = islandTranslator(messages);
  const locale = islandLocale(messages);
  const [entries, setEntries] = useState<InboxEntry[] | null>(null);
  const [next, setNext] = useState<string | null>(null);
  const [error, setError] = useState('');
  const [now, setNow] = useState(() => Date.now());

  /** How many conversations the host has in view: a reload reads at least as many again. */
  const shown = useRef(0);

  const readPage = (cursor: string | null) =>
    apiClient.get<InboxPage>(
      `/console/api/inbox.php${cursor ? `?cursor=${encodeURIComponent(cursor)}` : ''}`,
    );

  function show(list: InboxEntry[], nextCursor: string | null) {
    shown.current = list.length;
    setEntries(list);
    setNext(nextCursor);
    setNow(Date.now());
  }

  /** The next page, below what is shown. */
  async function loadMore(cursor: string) {
    setError('');
    try {
      const page = await readPage(cursor);
      // Added to the list as it is when the page arrives: a live reload may have come first.
      setEntries((before) => {
        const list = [...(before ?? []), ...page.conversations];
        shown.current = list.length;
        return list;
      });
      setNext(page.next);
      setNow(Date.now());
    } catch (failure) {
      setError(failureText(failure, t));
    }
  }

  /**
   * The list read again from its start, as far down as the host had paged: a change while they
   * look further down does not take the pages they opened away.
   */
  async function reloadShown() {
    setError('');
    try {
      const page = await readFromStart(readPage, shown.current);
      show(page.conversations, page.next);
    } catch (failure) {
      setError(failureText(failure, t));
    }
  }

  const reload = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const state = useInboxLive(
    live ? '/console/api/inbox-events.php' : null,
    {
      inbox: () => {
        clearTimeout(reload.current);
        reload.current = setTimeout(() => void reloadShown(), RELOAD_AFTER_MS);
      },
      claim: ({ conversation, claim }) => {
        setNow(Date.now());
        setEntries(
          (before) =>
            before &&
            before.map((entry) => (entry.conversation === conversation ? { ...entry, claim } : entry)),
        );
      },
    },
    () => void reloadShown(),
  );

  useEffect(() => {
    // A live list reads once its stream is open (then nothing falls between the two).
    if (!live) void reloadShown();
    const clock = setInterval(() => setNow(Date.now()), CLOCK_EVERY_MS);
    return () => {
      clearInterval(clock);
      clearTimeout(reload.current);
    };
  }, []);

  const claimText = (claim: InboxEntry['claim']) =>
    claim ? (claim.mine ? t('console.inbox.claimed_by_you') : claim.staff) : t('console.inbox.free');

  return (
    <div data-testid="inbox-list">
      <div className="mb-2 d-flex gap-3 align-items-center" data-testid="inbox-live" data-state={state}>
        {state === 'live' ? (
          <span className="badge text-bg-success">{t('console.inbox.live')}</span>
        ) : (
          <>
            {live && <span className="small text-body-secondary">{t('console.inbox.reconnecting')}</span>}
            <button
              type="button"
              className="btn btn-sm btn-outline-secondary"
              onClick={() => void reloadShown()}
            >
              {t('console.inbox.refresh')}
            </button>
          </>
        )}
      </div>
      <FailureAlert error={error} />
      <InboxTable
        rows={entries}
        loading={t('console.inbox.loading')}
        empty={t('console.inbox.empty')}
        caption={t('console.inbox.caption')}
        rowKey={(entry) => entry.conversation}
        rowAttributes={(entry) => ({ 'data-conversation': entry.conversation })}
        columns={[
          { header: t('console.inbox.waiting'), cell: (entry) => waited(entry.waiting_since, now, locale) },
          { header: t('console.inbox.profile'), cell: (entry) => entry.profile.name },
          { header: t('console.inbox.member'), cell: (entry) => entry.member.name },
          { header: t('console.inbox.site'), cell: (entry) => entry.site?.name ?? '–' },
          { header: t('console.inbox.network'), cell: (entry) => entry.network },
          { header: t('console.inbox.claimed_by'), cell: (entry) => claimText(heldClaim(entry.claim, now)) },
          {
            header: { hidden: t('console.actions') },
            cell: (entry) => (
              <a
                className="btn btn-sm btn-primary"
                href={`/console/inbox/${encodeURIComponent(entry.conversation)}`}
              >
                {t('console.inbox.open')}
              </a>
            ),
          },
        ]}
      />
      {next && (
        <button type="button" className="btn btn-outline-secondary" onClick={() => void loadMore(next)}>
          {t('console.inbox.more')}
        </button>
      )}
    </div>
  );
}
