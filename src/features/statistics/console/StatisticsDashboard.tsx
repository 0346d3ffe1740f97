import { useEffect, useMemo, useRef, useState, type SubmitEvent } from 'react';
import { islandTranslator, type IslandMessages, type IslandTranslate } from '../../shell/island-i18n.ts';
import { api, failureText } from '../../staff/components/console-client.ts';
import {
  COUNT_FIGURES,
  formatMinor,
  type Figures,
  type PeriodFigures,
  type Source,
} from '../statistics.figures.ts';
import type { StatisticsAnswer } from '../statistics.schemas.ts';
import StatisticsChart from './StatisticsChart.tsx';
import { ConsoleTable, FailureAlert, LoadingLine } from '../../staff/components/ConsoleTable.tsx';
import {
  FilterActions,
  FilterForm,
  FilterInput,
  FilterSelect,
} from '../../staff/components/ConsoleFilters.tsx';
import { CheckField } from '../../shell/components/CheckField.tsx';
import { earlyChoice, earlyText, useEarlyInput } from '../../staff/components/use-early-input.ts';
import { SelectOptions } from '../../staff/components/LabelledControl.tsx';

export const STATISTICS_MESSAGES = [
  'console.statistics.filters',
  'console.statistics.network',
  'console.statistics.site',
  'console.statistics.whole_network',
  'console.statistics.period',
  'console.statistics.days',
  'console.statistics.custom',
  'console.statistics.from',
  'console.statistics.to',
  'console.statistics.by_source',
  'console.statistics.apply',
  'console.statistics.export',
  'console.statistics.loading',
  'console.statistics.empty',
  'console.statistics.day',
  'console.statistics.total',
  'console.statistics.source',
  'console.statistics.no_source',
  'console.statistics.charts',
  'console.statistics.by_day',
  'console.statistics.by_source_caption',
  'console.statistics.live_today',
  'console.statistics.active_per_day',
  'console.statistics.not_counted',
  'console.statistics.figure.visits',
  'console.statistics.figure.signups',
  'console.statistics.figure.activations',
  'console.statistics.figure.first_purchases',
  'console.statistics.figure.messages',
  'console.statistics.figure.active_members',
  'console.statistics.figure.revenue',
  'error.try_later',
] as const;

/** A line of the table per day: a day, or a day and source when grouped. */
type DayRow = Figures & { day: string; source?: Source };

type Filters = { network: string; site: string; days: string; from: string; to: string; by_source: boolean };

const PERIODS = ['7', '30', '90', 'custom'] as const;

function queryOf(filters: Filters): Record<string, string> {
  const query: Record<string, string> = { network: filters.network };
  if (filters.site) query.site = filters.site;
  if (filters.days === 'custom') {
    if (filters.from) query.from = filters.from;
    if (filters.to) query.to = filters.to;
  } else query.days = filters.days;
  if (filters.by_source) query.by_source = '1';
  return query;
}

function sourceText(source: Source, t: IslandTranslate): string {
  const parts = [source.network, source.ref, source.sub].filter(Boolean);
  return parts.length ? parts.join(' / ') : t('console.statistics.no_source');
}

/** A row's figures; a figure the period cannot know (`null`) is a dash, read out as `unknown`. */
function FigureCells({
  figures,
  currencies,
  unknown = '',
}: {
  figures: Figures | PeriodFigures;
  currencies: string[];
  unknown?: string;
}) {
  return (
    <>
      {COUNT_FIGURES.map((f) => (
        <td key={f} className="text-end">
          {figures[f] ?? (
            <>
              <span aria-hidden="true">–</span>
              <span className="visually-hidden">{unknown}</span>
            </>
          )}
        </td>
      ))}
      {currencies.map((c) => (
        <td key={c} className="text-end text-nowrap">
          {formatMinor(figures.revenue[c] ?? 0)}
        </td>
      ))}
    </>
  );
}

function FigureHeads({ currencies, t }: { currencies: string[]; t: IslandTranslate }) {
  return (
    <>
      {COUNT_FIGURES.map((f) => (
        <th key={f} scope="col" className="text-end">
          {t(`console.statistics.figure.${f}`)}
        </th>
      ))}
      {currencies.map((c) => (
        <th key={c} scope="col" className="text-end">
          {t('console.statistics.figure.revenue', { currency: c })}
        </th>
      ))}
    </>
  );
}

/**
 * The statistics of a site or a whole network: the choice of site, period and grouping, a
 * chart per figure, the table per day with its totals, the table per traffic source, and the
 * CSV of what is shown.
 */
export default function StatisticsDashboard({
  messages,
  networks,
}: {
  messages: IslandMessages;
  networks: { id: string; sites: { id: string; name: string }[] }[];
}) {
  const t = islandTranslator(messages);
  const [filters, setFilters] = useState<Filters>({
    network: networks[0]?.id ?? '',
    site: '',
    days: '30',
    from: '',
    to: '',
    by_source: false,
  });
  const [draft, setDraft] = useState<Filters>(filters);
  const form = useRef<HTMLFormElement>(null);

  // Filters chosen before the island ran: shown as chosen, applied when applied.
  useEarlyInput(form, (early) => {
    const network = networks.find((n) => n.id === earlyText(early, 'network')) ?? networks[0];
    const site = earlyText(early, 'site');
    setDraft((d) => ({
      ...d,
      network: network?.id ?? d.network,
      // The sites shown before were the first network's: one of them only if this network has it.
      site: network?.sites.some((s) => s.id === site) ? site : '',
      days: earlyChoice(early, 'days', PERIODS, '30'),
      by_source: early.has('by_source'),
    }));
  });
  const [answer, setAnswer] = useState<StatisticsAnswer | null>(null);
  const [loading, setLoading] = useState(true);
  const [error, setError] = useState('');

  useEffect(() => {
    let current = true;
    setLoading(true);
    setError('');
    api('GET /console/api/statistics.php', undefined, { query: queryOf(filters) })
      .then((a) => current && setAnswer(a))
      .catch((failure: unknown) => current && setError(failureText(failure, t)))
      .finally(() => current && setLoading(false));
    return () => {
      current = false;
    };
  }, [filters]);

  function apply(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    setFilters(draft);
  }

  const change = (patch: Partial<Filters>) => setDraft((d) => ({ ...d, ...patch }));
  const sites = networks.find((n) => n.id === draft.network)?.sites ?? [];
  const exportHref = `/console/api/statistics.php?${new URLSearchParams({ ...queryOf(filters), format: 'csv' })}`;
  const days = useMemo(() => answer?.days.map((d) => d.day) ?? [], [answer]);
  const charts = useMemo(() => {
    if (!answer) return [];
    return [
      ...COUNT_FIGURES.map((f) => ({
        key: f,
        title: t(`console.statistics.figure.${f}`),
        values: answer.days.map((d) => d[f]),
      })),
      ...answer.currencies.map((c) => ({
        key: `revenue-${c}`,
        title: t('console.statistics.figure.revenue', { currency: c }),
        values: answer.days.map((d) => (d.revenue[c] ?? 0) / 100),
      })),
    ];
  }, [answer]);
  const empty = answer !== null && answer.sources.length === 0;
  const currencies = answer?.currencies ?? [];

  return (
    <div>
      <FilterForm ref={form} label={t('console.statistics.filters')} onSubmit={apply}>
        <FilterSelect
          id="stats-network"
          name="network"
          label={t('console.statistics.network')}
          value={draft.network}
          onChange={(e) => change({ network: e.target.value, site: '' })}
        >
          <SelectOptions options={networks.map((n) => [n.id, n.id])} />
        </FilterSelect>
        <FilterSelect
          id="stats-site"
          name="site"
          // "Whole network" and a site's full name are longer than the other filters' choices.
          width="col-6 col-lg-4 col-xxl-3"
          label={t('console.statistics.site')}
          value={draft.site}
          onChange={(e) => change({ site: e.target.value })}
        >
          <option value="">{t('console.statistics.whole_network')}</option>
          <SelectOptions options={sites.map((s) => [s.id, s.name])} />
        </FilterSelect>
        <FilterSelect
          id="stats-period"
          name="days"
          label={t('console.statistics.period')}
          value={draft.days}
          onChange={(e) => change({ days: e.target.value })}
        >
          <SelectOptions
            options={['7', '30', '90'].map((d) => [d, t('console.statistics.days', { count: Number(d) })])}
          />
          <option value="custom">{t('console.statistics.custom')}</option>
        </FilterSelect>
        {/* A period needs its first day; without a last one it runs to today. */}
        {draft.days === 'custom' &&
          (['from', 'to'] as const).map((end) => (
            <FilterInput
              key={end}
              id={`stats-${end}`}
              type="date"
              label={t(`console.statistics.${end}`)}
              value={draft[end]}
              required={end === 'from'}
              onChange={(e) => change({ [end]: e.target.value })}
            />
          ))}
        <div className="col-auto">
          <CheckField
            id="stats-by-source"
            label={t('console.statistics.by_source')}
            className="mb-2"
            type="checkbox"
            name="by_source"
            checked={draft.by_source}
            onChange={(e) => change({ by_source: e.target.checked })}
          />
        </div>
        <FilterActions
          apply={t('console.statistics.apply')}
          download={t('console.statistics.export')}
          href={exportHref}
        />
      </FilterForm>
      <FailureAlert error={error} />
      {loading && <LoadingLine text={t('console.statistics.loading')} />}
      {!loading && empty && <p className="text-body-secondary">{t('console.statistics.empty')}</p>}
      {answer && (
        <div aria-busy={loading}>
          <p className="small text-body-secondary">
            {t('console.statistics.live_today', { day: answer.today })}
          </p>
          <section aria-label={t('console.statistics.charts')} className="row g-2 mb-4">
            {charts.map((chart) => (
              <div key={chart.key} className="col-md-6 col-xl-4">
                <StatisticsChart title={chart.title} days={days} values={chart.values} />
              </div>
            ))}
          </section>
          <h2 className="h5">{t('console.statistics.by_day')}</h2>
          <div className="mb-4">
            <ConsoleTable
              caption={t('console.statistics.by_day')}
              id="statistics-days"
              head={
                <>
                  <th scope="col">{t('console.statistics.day')}</th>
                  {answer.by_source && <th scope="col">{t('console.statistics.source')}</th>}
                  <FigureHeads currencies={currencies} t={t} />
                </>
              }
              foot={
                <tr className="fw-semibold">
                  <th scope="row">{t('console.statistics.total')}</th>
                  {answer.by_source && <td />}
                  <FigureCells
                    figures={answer.totals}
                    currencies={currencies}
                    unknown={t('console.statistics.not_counted')}
                  />
                </tr>
              }
            >
              {(answer.by_source ? answer.day_sources : answer.days).map((row: DayRow) => (
                <tr key={`${row.day}-${row.source ? sourceText(row.source, t) : ''}`}>
                  <th scope="row" className="text-nowrap fw-normal">
                    {row.day}
                  </th>
                  {row.source && <td className="text-break">{sourceText(row.source, t)}</td>}
                  <FigureCells figures={row} currencies={currencies} />
                </tr>
              ))}
            </ConsoleTable>
            <p className="small text-body-secondary" data-testid="statistics-active-note">
              {t('console.statistics.active_per_day')}
            </p>
          </div>
          <h2 className="h5">{t('console.statistics.by_source_caption')}</h2>
          <ConsoleTable
            caption={t('console.statistics.by_source_caption')}
            id="statistics-sources"
            head={
              <>
                <th scope="col">{t('console.statistics.source')}</th>
                <FigureHeads currencies={currencies} t={t} />
              </>
            }
          >
            {answer.sources.map((row) => (
              <tr key={sourceText(row.source, t)}>
                <th scope="row" className="text-break fw-normal">
                  {sourceText(row.source, t)}
                </th>
                <FigureCells
                  figures={row}
                  currencies={currencies}
                  unknown={t('console.statistics.not_counted')}
                />
              </tr>
            ))}
          </ConsoleTable>
        </div>
      )}
    </div>
  );
}
