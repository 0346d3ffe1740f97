import { useEffect, useRef, useState, type SubmitEvent } from 'react';
import { FailureAlert } from '../../staff/components/ConsoleTable.tsx';
import { apiClient } from '../../../lib/api-client.ts';
import { islandLocale, islandTranslator, type IslandMessages } from '../../shell/island-i18n.ts';
import { formatDuration } from '../../../lib/duration.ts';
import { failureText } from '../../staff/components/console-client.ts';
import { LabelledInput } from '../../staff/components/LabelledControl.tsx';
import type { InboxStats as Stats } from '../host-inbox.schemas.ts';
import { InboxTable } from './InboxTable.tsx';
import { BusySubmit } from '../../staff/components/BusySubmit.tsx';
import { earlyText, useEarlyInput } from '../../staff/components/use-early-input.ts';

export const INBOX_STATS_MESSAGES = [
  'console.inbox.stats_caption',
  'console.inbox.stats_host',
  'console.inbox.stats_replies',
  'console.inbox.stats_median',
  'console.inbox.stats_average',
  'console.inbox.stats_empty',
  'console.audit.from',
  'console.audit.to',
  'console.audit.apply',
  'console.inbox.loading',
  'error.try_later',
] as const;

/** A response time in seconds, as a median or an average: rounded to its unit. */
function duration(seconds: number, locale: string | undefined): string {
  return formatDuration(seconds * 1000, locale, { rounding: 'round' });
}

/** Response times per host: from the member's message to the host's reply, over a period. */
export default function InboxStats({ messages }: { messages: IslandMessages }) {
  const t = islandTranslator(messages);
  const locale = islandLocale(messages);
  const [stats, setStats] = useState<Stats | null>(null);
  const [range, setRange] = useState({ from: '', to: '' });
  const [error, setError] = useState('');

  async function load(range: { from?: string; to?: string }) {
    setError('');
    const query = new URLSearchParams(Object.entries(range).filter(([, v]) => v) as [string, string][]);
    try {
      const answer = await apiClient.get<Stats>(`/console/api/inbox-stats.php?${query.toString()}`);
      setStats(answer);
      setRange({ from: answer.from, to: answer.to });
    } catch (failure) {
      setError(failureText(failure, t));
    }
  }

  const form = useRef<HTMLFormElement>(null);
  const early = useRef<{ from?: string; to?: string }>({});
  // Dates typed before the island ran are the first period asked for (else the server's own).
  useEarlyInput(form, (data) => {
    const typed = { from: earlyText(data, 'from'), to: earlyText(data, 'to') };
    early.current = typed;
    setRange(typed);
  });

  useEffect(() => {
    void load(early.current);
  }, []);

  function submit(event: SubmitEvent) {
    event.preventDefault();
    void load(range);
  }

  return (
    <div>
      <form ref={form} className="d-flex flex-wrap gap-2 align-items-end mb-3" onSubmit={submit}>
        {(['from', 'to'] as const).map((end) => (
          <div key={end}>
            <LabelledInput
              id={`stats-${end}`}
              label={t(`console.audit.${end}`)}
              type="date"
              name={end}
              value={range[end]}
              onChange={(e) => setRange({ ...range, [end]: e.target.value })}
            />
          </div>
        ))}
        <BusySubmit>{t('console.audit.apply')}</BusySubmit>
      </form>
      <FailureAlert error={error} />
      <InboxTable
        rows={stats && stats.hosts}
        loading={t('console.inbox.loading')}
        empty={t('console.inbox.stats_empty')}
        caption={t('console.inbox.stats_caption')}
        className="table table-sm bg-white"
        rowKey={(host) => host.staff}
        columns={[
          { header: t('console.inbox.stats_host'), cell: (host) => host.staff },
          { header: t('console.inbox.stats_replies'), cell: (host) => host.replies },
          { header: t('console.inbox.stats_median'), cell: (host) => duration(host.median_seconds, locale) },
          {
            header: t('console.inbox.stats_average'),
            cell: (host) => duration(host.average_seconds, locale),
          },
        ]}
      />
    </div>
  );
}
