import type { AuditEntry } from '../staff.schemas.ts';
import { islandTranslator, type IslandMessages } from '../../shell/island-i18n.ts';
import { api } from '../components/console-client.ts';
import { ConsoleList, LoadingLine } from '../components/ConsoleTable.tsx';
import { FilterActions, FilterInput, FilterSelect } from '../components/ConsoleFilters.tsx';
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
      <form
        className="row g-2 align-items-end mb-3"
        onSubmit={list.apply}
        aria-label={t('console.audit.filters')}
      >
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
      </form>
      <ConsoleList
        caption={t('console.audit.caption')}
        columns={[
          t('console.audit.when'),
          t('console.audit.staff'),
          t('console.audit.action'),
          t('console.audit.network'),
          t('console.audit.target'),
          t('console.audit.change'),
        ]}
        list={list}
        loading={<LoadingLine text={t('console.audit.loading')} />}
        empty={t('console.audit.empty')}
        more={list.more(t('console.audit.more'))}
      >
        {list.items.map((entry: AuditEntry) => (
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
      </ConsoleList>
    </div>
  );
}
