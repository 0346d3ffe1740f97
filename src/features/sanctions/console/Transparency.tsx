import { islandTranslator, type IslandMessages } from '../../shell/island-i18n.ts';
import { api } from '../../staff/components/console-client.ts';
import { ConsoleList, LoadingLine } from '../../staff/components/ConsoleTable.tsx';
import { FilterActions, FilterInput, FilterSelect } from '../../staff/components/ConsoleFilters.tsx';
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
      <form className="row g-2 align-items-end mb-3" onSubmit={list.apply}>
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
      </form>
      <ConsoleList
        caption={t('console.transparency.caption')}
        columns={[
          t('console.transparency.site'),
          t('console.audit.network'),
          t('console.transparency.reports'),
          t('console.transparency.decisions'),
          t('console.transparency.median'),
          t('console.transparency.average'),
          t('console.transparency.appeals'),
          t('console.transparency.reversals'),
        ]}
        list={list}
        loading={<LoadingLine text={t('console.sanctions.loading')} />}
        empty={t('console.transparency.empty')}
      >
        {list.items.map((row) => (
          <tr key={row.site}>
            <th scope="row">{siteNames[row.site] ?? row.site}</th>
            <td>{row.network}</td>
            <td>{row.reports}</td>
            <td>{row.decisions}</td>
            <td>{hours(row.median_hours_to_decision)}</td>
            <td>{hours(row.average_hours_to_decision)}</td>
            <td>{row.appeals}</td>
            <td>{row.reversals}</td>
          </tr>
        ))}
      </ConsoleList>
    </div>
  );
}
