import { islandTranslator, type IslandMessages } from '../../shell/island-i18n.ts';
import { api } from '../../staff/components/console-client.ts';
import { ORDER_STATUSES } from '../support.constants.ts';
import { money, utc } from './format.ts';
import { ConsoleList } from '../../staff/components/ConsoleTable.tsx';
import { FilterForm, FilterInput, FilterSelect } from '../../staff/components/ConsoleFilters.tsx';
import { SelectOptions } from '../../staff/components/LabelledControl.tsx';
import { useFilteredList } from '../../staff/components/use-filtered-list.ts';
import { BusySubmit } from '../../staff/components/BusySubmit.tsx';

export const ORDERS_MESSAGES = [
  'console.orders.filters',
  'console.orders.site',
  'console.orders.all',
  'console.orders.status',
  'console.orders.method',
  'console.orders.from',
  'console.orders.to',
  'console.orders.member',
  'console.orders.member_id',
  'console.orders.apply',
  'console.orders.order',
  'console.orders.when',
  'console.orders.amount',
  'console.orders.credits',
  'console.orders.caption',
  'console.orders.empty',
  'console.orders.status_pending',
  'console.orders.status_completed',
  'console.orders.status_failed',
  'console.orders.status_refunded',
  'console.support.more',
  'console.busy',
  'error.try_later',
] as const;

/**
 * The orders of the sites the staff member may refund in, with filters, newest first. `sites`
 * and `methods`: ids with the names the staff member reads (a site's, a method's brand).
 */
export default function OrdersList({
  messages,
  sites,
  methods,
}: {
  messages: IslandMessages;
  sites: ReadonlyArray<readonly [id: string, name: string]>;
  methods: ReadonlyArray<readonly [id: string, name: string]>;
}) {
  const t = islandTranslator(messages);
  const siteNames = new Map(sites);
  const methodNames = new Map(methods);
  const list = useFilteredList(
    ['site', 'status', 'method', 'from', 'to', 'member'],
    async (query) => {
      const page = await api('GET /console/api/orders.php', undefined, { query });
      return { items: page.orders, next: page.next };
    },
    t,
  );

  return (
    <div>
      <FilterForm label={t('console.orders.filters')} onSubmit={list.apply}>
        <FilterSelect id="orders-site" name="site" label={t('console.orders.site')}>
          <option value="">{t('console.orders.all')}</option>
          <SelectOptions options={sites} />
        </FilterSelect>
        <FilterSelect id="orders-status" name="status" label={t('console.orders.status')}>
          <option value="">{t('console.orders.all')}</option>
          <SelectOptions options={ORDER_STATUSES.map((s) => [s, t(`console.orders.status_${s}`)])} />
        </FilterSelect>
        <FilterSelect id="orders-method" name="method" label={t('console.orders.method')}>
          <option value="">{t('console.orders.all')}</option>
          <SelectOptions options={methods} />
        </FilterSelect>
        {(
          [
            ['from', 'console.orders.from', 'date'],
            ['to', 'console.orders.to', 'date'],
            ['member', 'console.orders.member_id', 'text'],
          ] as const
        ).map(([name, label, type]) => (
          <FilterInput key={name} id={`orders-${name}`} name={name} type={type} label={t(label)} />
        ))}
        <div className="col-12">
          <BusySubmit>{t('console.orders.apply')}</BusySubmit>
        </div>
      </FilterForm>
      <ConsoleList
        caption={t('console.orders.caption')}
        rowKey={(o) => o.id}
        columns={[
          {
            header: t('console.orders.order'),
            cell: (o) => <a href={`/console/orders/${encodeURIComponent(o.id)}`}>{o.id}</a>,
          },
          { header: t('console.orders.when'), className: 'text-nowrap', cell: (o) => utc(o.created_at) },
          { header: t('console.orders.site'), cell: (o) => siteNames.get(o.site) ?? o.site },
          {
            header: t('console.orders.member'),
            cell: (o) =>
              o.member ? (
                <a href={`/console/members/${encodeURIComponent(o.member)}`}>{o.member_name ?? o.member}</a>
              ) : (
                '–'
              ),
          },
          {
            header: t('console.orders.amount'),
            className: 'text-nowrap',
            cell: (o) => money(o.amount, o.currency),
          },
          { header: t('console.orders.credits'), cell: (o) => o.credits },
          {
            header: t('console.orders.method'),
            cell: (o) => methodNames.get(o.payment_method) ?? o.payment_method,
          },
          { header: t('console.orders.status'), cell: (o) => t(`console.orders.status_${o.status}`) },
        ]}
        list={list}
        loading={<p role="status">{t('console.busy')}</p>}
        empty={t('console.orders.empty')}
        more={list.more(t('console.support.more'))}
      />
    </div>
  );
}
