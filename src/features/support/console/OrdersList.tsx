import { useEffect, useState, type FormEvent } from 'react';
import { islandTranslator, type IslandMessages } from '../../shell/island-i18n.ts';
import { api, failureText } from '../../staff/components/console-client.ts';
import { ORDER_STATUSES, type OrderLineAnswer } from '../support.schemas.ts';
import { money, utc } from './format.ts';
import { ConsoleTable, FailureAlert, ListEnd } from '../../staff/components/ConsoleTable.tsx';

export const ORDERS_MESSAGES = [
  'console.orders.filters',
  'console.orders.site',
  'console.orders.all',
  'console.orders.status',
  'console.orders.method',
  'console.orders.from',
  'console.orders.to',
  'console.orders.member',
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

type Filters = Record<'site' | 'status' | 'method' | 'from' | 'to' | 'member', string>;

/** The orders of the sites the staff member may refund in, with filters, newest first. */
export default function OrdersList({ messages, sites }: { messages: IslandMessages; sites: string[] }) {
  const t = islandTranslator(messages);
  const [orders, setOrders] = useState<OrderLineAnswer[]>([]);
  const [next, setNext] = useState<string | null>(null);
  const [filters, setFilters] = useState<Partial<Filters>>({});
  const [loading, setLoading] = useState(true);
  const [error, setError] = useState('');

  async function load(applied: Partial<Filters>, cursor?: string) {
    setLoading(true);
    setError('');
    try {
      const query = Object.fromEntries(Object.entries(applied).filter(([, v]) => v));
      const page = await api('GET /console/api/orders.php', undefined, {
        query: { ...query, ...(cursor && { cursor }) },
      });
      setOrders((shown) => (cursor ? [...shown, ...page.orders] : page.orders));
      setNext(page.next);
    } catch (failure) {
      setError(failureText(failure, t));
    } finally {
      setLoading(false);
    }
  }
  useEffect(() => {
    void load({});
  }, []);

  function apply(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const applied: Partial<Filters> = {};
    for (const name of ['site', 'status', 'method', 'from', 'to', 'member'] as const)
      applied[name] = String(data.get(name) ?? '').trim();
    setFilters(applied);
    void load(applied);
  }

  return (
    <div>
      <form
        className="row g-2 align-items-end mb-3"
        onSubmit={apply}
        aria-label={t('console.orders.filters')}
      >
        <div className="col-6 col-md-3 col-xl-2">
          <label className="form-label" htmlFor="orders-site">
            {t('console.orders.site')}
          </label>
          <select id="orders-site" name="site" className="form-select">
            <option value="">{t('console.orders.all')}</option>
            {sites.map((s) => (
              <option key={s}>{s}</option>
            ))}
          </select>
        </div>
        <div className="col-6 col-md-3 col-xl-2">
          <label className="form-label" htmlFor="orders-status">
            {t('console.orders.status')}
          </label>
          <select id="orders-status" name="status" className="form-select">
            <option value="">{t('console.orders.all')}</option>
            {ORDER_STATUSES.map((s) => (
              <option key={s} value={s}>
                {t(`console.orders.status_${s}`)}
              </option>
            ))}
          </select>
        </div>
        {(
          [
            ['method', 'console.orders.method', 'text'],
            ['from', 'console.orders.from', 'date'],
            ['to', 'console.orders.to', 'date'],
            ['member', 'console.orders.member', 'text'],
          ] as const
        ).map(([name, label, type]) => (
          <div key={name} className="col-6 col-md-3 col-xl-2">
            <label className="form-label" htmlFor={`orders-${name}`}>
              {t(label)}
            </label>
            <input id={`orders-${name}`} name={name} type={type} className="form-control" />
          </div>
        ))}
        <div className="col-12">
          <button className="btn btn-primary" type="submit">
            {t('console.orders.apply')}
          </button>
        </div>
      </form>
      <FailureAlert error={error} />
      <ConsoleTable
        caption={t('console.orders.caption')}
        columns={[
          t('console.orders.order'),
          t('console.orders.when'),
          t('console.orders.site'),
          t('console.orders.member'),
          t('console.orders.amount'),
          t('console.orders.credits'),
          t('console.orders.method'),
          t('console.orders.status'),
        ]}
        busy={loading}
      >
        {orders.map((o) => (
          <tr key={o.id}>
            <td>
              <a href={`/console/orders/${encodeURIComponent(o.id)}`}>{o.id}</a>
            </td>
            <td className="text-nowrap">{utc(o.created_at)}</td>
            <td>{o.site}</td>
            <td>
              {o.member ? (
                <a href={`/console/members/${encodeURIComponent(o.member)}`}>{o.member_name ?? o.member}</a>
              ) : (
                '–'
              )}
            </td>
            <td className="text-nowrap">{money(o.amount, o.currency)}</td>
            <td>{o.credits}</td>
            <td>{o.payment_method}</td>
            <td>{t(`console.orders.status_${o.status}`)}</td>
          </tr>
        ))}
      </ConsoleTable>
      <ListEnd
        busy={loading}
        loading={<p role="status">{t('console.busy')}</p>}
        error={error}
        count={orders.length}
        empty={t('console.orders.empty')}
        more={
          next ? { label: t('console.support.more'), onClick: () => void load(filters, next) } : undefined
        }
      />
    </div>
  );
}
