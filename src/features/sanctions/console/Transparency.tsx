import { islandTranslator, type IslandMessages } from '../../shell/island-i18n.ts';
import { api } from '../../staff/components/console-client.ts';
import { ConsoleList, LoadingLine } from '../../staff/components/ConsoleTable.tsx';
import {
  FilterActions,
  FilterForm,
  FilterInput,
  FilterSelect,
} from '../../staff/components/ConsoleFilters.tsx';
import { SelectOptions } from '../../staff/components/LabelledControl.tsx';
import { filterQuery, useFilteredList } from '../../staff/components/use-filtered-list.ts';

export const TRANSPARENCY_MESSAGES = [
  'console.audit.network',
  'console.audit.all_networks',
  'console.audit.from',
  'console.audit.to',
  'console.audit.apply',
  'console.transparency.site',
  'console.transparency.reports',
  'console.transparency.decisions',
  'console.transparency.median',
  'console.transparency.average',
  'console.transparency.appeals',
  'console.transparency.reversals',
  'console.transparency.empty',
  'console.transparency.csv',
  'console.transparency.caption',
  'console.sanctions.loading',
  'error.try_later',
] as const;

/**
 * Three filters and the buttons: two to a row up to lg (the console's sidebar takes its share of
 * the window), all in one from there.
 */
const FILTER_WIDTH = 'col-6 col-lg-3';

/** The DSA counts per site for a period, with the CSV of the same. */
export default function Transparency({
  messages,
  networks,
  siteNames = {},
}: {
  messages: IslandMessages;
  networks: string[];
  /** The names of the sites staff read, by id (an id without one shows as it is). */
  siteNames?: Record<string, string>;
}) {
  const t = islandTranslator(messages);
  // One page: a row per site.
  const list = useFilteredList(
    ['network', 'from', 'to'],
    async (query) => ({
      items: (await api('GET /console/api/transparency.php', undefined, { query })).sites,
      next: null,
    }),
    t,
  );

  const csvHref = `/console/api/transparency.php?${new URLSearchParams({
    ...filterQuery(list.filters),
    format: 'csv',
  })}`;
  const hours = (value: number | null) => (value === null ? '—' : String(value));

  return (
    <div>
      <FilterForm onSubmit={list.apply}>
        <FilterSelect id="dsa-network" name="network" label={t('console.audit.network')} width={FILTER_WIDTH}>
          <option value="">{t('console.audit.all_networks')}</option>
          <SelectOptions options={networks} />
        </FilterSelect>
        {(['from', 'to'] as const).map((name) => (
          <FilterInput
            key={name}
            id={`dsa-${name}`}
            name={name}
            type="date"
            label={t(`console.audit.${name}`)}
            width={FILTER_WIDTH}
          />
        ))}
        <FilterActions
          apply={t('console.audit.apply')}
          download={t('console.transparency.csv')}
          href={csvHref}
          width={FILTER_WIDTH}
        />
      </FilterForm>
      <ConsoleList
        caption={t('console.transparency.caption')}
        rowKey={(row) => row.site}
        columns={[
          {
            header: t('console.transparency.site'),
            rowHeader: true,
            cell: (row) => siteNames[row.site] ?? row.site,
          },
          { header: t('console.audit.network'), cell: (row) => row.network },
          { header: t('console.transparency.reports'), cell: (row) => row.reports },
          { header: t('console.transparency.decisions'), cell: (row) => row.decisions },
          { header: t('console.transparency.median'), cell: (row) => hours(row.median_hours_to_decision) },
          { header: t('console.transparency.average'), cell: (row) => hours(row.average_hours_to_decision) },
          { header: t('console.transparency.appeals'), cell: (row) => row.appeals },
          { header: t('console.transparency.reversals'), cell: (row) => row.reversals },
        ]}
        list={list}
        loading={<LoadingLine text={t('console.sanctions.loading')} />}
        empty={t('console.transparency.empty')}
      />
    </div>
  );
}
