import { useEffect, useState } from 'react';
import { formatMoney } from '../../../lib/money.ts';
import { apiClient, isApiError } from '../../../lib/api-client.ts';
import type { MessageKey } from '../../../i18n/index.ts';
import { islandTranslator, type IslandMessages } from '../../shell/island-i18n.ts';
import type { OrderLine, Refund } from '../payments.refund.ts';

/** The messages the order history island receives. */
export const ORDER_HISTORY_MESSAGES: MessageKey[] = [
  'payments.orders.empty',
  'payments.orders.loading',
  'payments.orders.credits',
  'payments.orders.refunded',
  'payments.orders.refund',
  'payments.orders.refund_title',
  'payments.orders.refund_text',
  'payments.orders.refund_confirm',
  'payments.orders.cancel',
  'error.try_later',
];

export interface OrderHistoryProps {
  locale: string;
  messages: IslandMessages;
}

const money = (locale: string, currency: string, minor: number) => formatMoney(minor, currency, locale);

/**
 * Spec §9 refunds: the member's orders on the settings page, each refundable one with a refund
 * action that shows what comes back (credits and money) before the member confirms.
 */
export default function OrderHistory({ locale, messages }: OrderHistoryProps) {
  const t = islandTranslator(messages);
  // Loaded when the section is shown: the settings page itself reads no orders.
  const [orders, setOrders] = useState<OrderLine[] | null>(null);
  const [asking, setAsking] = useState<Refund | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const failed = (e: unknown) => setError(isApiError(e) ? e.message : t('error.try_later'));

  useEffect(() => {
    apiClient
      .get<{ orders: OrderLine[] }>('/api/orders.php')
      .then((answer) => setOrders(answer.orders))
      .catch((e: unknown) => {
        failed(e);
        setOrders([]);
      });
    // Once, when the island mounts.
  }, []);

  const preview = async (order: OrderLine) => {
    setBusy(true);
    setError(null);
    try {
      setAsking(await apiClient.get<Refund>('/api/refund.php', { query: { order: order.id } }));
    } catch (e) {
      failed(e);
    } finally {
      setBusy(false);
    }
  };

  const confirm = async () => {
    if (!asking) return;
    setBusy(true);
    try {
      await apiClient.post<Refund>('/api/refund.php', { order: asking.order }, { idempotent: false });
      setOrders((list) =>
        (list ?? []).map((o) =>
          o.id === asking.order ? { ...o, status: 'refunded', refundable: false } : o,
        ),
      );
      setAsking(null);
    } catch (e) {
      failed(e);
    } finally {
      setBusy(false);
    }
  };

  if (orders === null)
    return (
      <div className="spinner-border spinner-border-sm text-primary" role="status">
        <span className="visually-hidden">{t('payments.orders.loading')}</span>
      </div>
    );
  if (orders.length === 0)
    return (
      <>
        {error && <p className="text-danger">{error}</p>}
        <p className="text-body-secondary mb-0">{t('payments.orders.empty')}</p>
      </>
    );
  const date = new Intl.DateTimeFormat(locale, { dateStyle: 'medium' });
  return (
    <div data-testid="order-history">
      {error && (
        <div className="alert alert-danger" role="alert">
          {error}
        </div>
      )}
      <ul className="list-group mb-3">
        {orders.map((order) => (
          <li key={order.id} className="list-group-item d-flex flex-wrap align-items-center gap-2">
            <span className="me-auto">
              {date.format(order.created_at)} · {t('payments.orders.credits', { credits: order.credits })} ·{' '}
              {money(locale, order.currency, order.amount)}
            </span>
            {order.status === 'refunded' ? (
              <span className="badge text-bg-secondary">{t('payments.orders.refunded')}</span>
            ) : order.refundable ? (
              <button
                type="button"
                className="btn btn-sm btn-outline-secondary"
                disabled={busy}
                onClick={() => preview(order)}
              >
                {t('payments.orders.refund')}
              </button>
            ) : null}
          </li>
        ))}
      </ul>
      {asking && (
        <div className="card border-warning" role="dialog" aria-labelledby="refund-title">
          <div className="card-body">
            <h3 className="h6" id="refund-title">
              {t('payments.orders.refund_title')}
            </h3>
            <p>
              {t('payments.orders.refund_text', {
                credits: asking.credits_reversed,
                amount: money(locale, asking.currency, asking.amount),
              })}
            </p>
            <div className="d-flex gap-2">
              <button type="button" className="btn btn-warning" disabled={busy} onClick={confirm}>
                {t('payments.orders.refund_confirm')}
              </button>
              <button type="button" className="btn btn-link" onClick={() => setAsking(null)}>
                {t('payments.orders.cancel')}
              </button>
            </div>
          </div>
        </div>
      )}
    </div>
  );
}

// The orders load in the browser: the server HTML is their loading state, the same for everyone.
OrderHistory.serverHtmlIgnores = [] as readonly string[];
