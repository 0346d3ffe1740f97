import type { AuditEntry } from '../staff.schemas.ts';
import { islandTranslator, type IslandMessages } from '../../shell/island-i18n.ts';
import { api } from '../components/console-client.ts';
import { ConsoleList, LoadingLine } from '../components/ConsoleTable.tsx';
import { FilterActions, FilterForm, FilterInput, FilterSelect } from '../components/ConsoleFilters.tsx';
import { SelectOptions } from '../components/LabelledControl.tsx';
import { filterQuery, useFilteredList } from '../components/use-filtered-list.ts';

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

const FILTERS = ['network', 'action', 'staff', 'target', 'from', 'to'] as const;

/** The filters typed in, after the network choice: one labelled input each. */
const TEXT_FILTERS: ReadonlyArray<{
  name: Exclude<(typeof FILTERS)[number], 'network'>;
  label: (typeof AUDIT_MESSAGES)[number];
  type?: 'email' | 'date';
  placeholder?: string;
}> = [
  { name: 'action', label: 'console.audit.action', placeholder: 'staff.add' },
  { name: 'staff', label: 'console.audit.staff', type: 'email' },
  { name: 'target', label: 'console.audit.target' },
  { name: 'from', label: 'console.audit.from', type: 'date' },
  { name: 'to', label: 'console.audit.to', type: 'date' },
];

/**
 * Six filters: two to a row up to lg (the console's sidebar takes its share of the window),
 * three from lg, all in one from xl.
 */
const FILTER_WIDTH = 'col-6 col-lg-4 col-xl-2';

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
  const list = useFilteredList(
    FILTERS,
    async (query) => {
      const page = await api('GET /console/api/audit.php', undefined, { query });
      return { items: page.entries, next: page.next };
    },
    t,
  );

  const exportHref = `/console/api/audit.php?${new URLSearchParams({ ...filterQuery(list.filters), format: 'csv' })}`;

  return (
    <div>
      <FilterForm label={t('console.audit.filters')} onSubmit={list.apply}>
        <FilterSelect
          id="audit-network"
          name="network"
          label={t('console.audit.network')}
          width={FILTER_WIDTH}
        >
          <option value="">{t('console.audit.all_networks')}</option>
          <SelectOptions
            options={networks.map((n) => [n, n === '' ? t('console.audit.console_itself') : n])}
          />
        </FilterSelect>
        {TEXT_FILTERS.map(({ name, label, type, placeholder }) => (
          <FilterInput
            key={name}
            id={`audit-${name}`}
            name={name}
            type={type}
            placeholder={placeholder}
            label={t(label)}
            width={FILTER_WIDTH}
          />
        ))}
        <FilterActions
          apply={t('console.audit.apply')}
          download={t('console.audit.export')}
          href={exportHref}
        />
      </FilterForm>
      <ConsoleList
        caption={t('console.audit.caption')}
        rowKey={(entry: AuditEntry) => entry.id}
        columns={[
          {
            header: t('console.audit.when'),
            className: 'text-nowrap',
            cell: (entry) => <time dateTime={entry.at}>{entry.at.replace('T', ' ').slice(0, 19)}</time>,
          },
          { header: t('console.audit.staff'), className: 'text-nowrap', cell: (entry) => entry.staff },
          {
            header: t('console.audit.action'),
            className: 'text-nowrap',
            cell: (entry) => <code>{entry.action}</code>,
          },
          {
            header: t('console.audit.network'),
            className: 'text-nowrap',
            cell: (entry) => entry.network || t('console.audit.console_itself'),
          },
          {
            header: t('console.audit.target'),
            className: 'text-break',
            cell: (entry) => (
              <>
                {entry.target_type}
                {entry.target_id && <span className="text-body-secondary"> {entry.target_id}</span>}
              </>
            ),
          },
          {
            header: t('console.audit.change'),
            className: 'audit-change small font-monospace text-break',
            cell: (entry) => change(entry),
          },
        ]}
        list={list}
        loading={<LoadingLine text={t('console.audit.loading')} />}
        empty={t('console.audit.empty')}
        more={list.more(t('console.audit.more'))}
      />
    </div>
  );
}
