import { useEffect, useState, type SubmitEvent } from 'react';
import { islandTranslator, type IslandMessages } from '../../shell/island-i18n.ts';
import { api, failureText, fieldTexts } from '../../staff/components/console-client.ts';
import { RETURN_REASONS } from '../support.constants.ts';
import type { OrderDetailAnswer } from '../support.schemas.ts';
import { money, utc } from './format.ts';
import { ORDERS_MESSAGES } from './OrdersList.tsx';
import { LabelledSelect, LabelledTextarea, SelectOptions } from '../../staff/components/LabelledControl.tsx';
import { CheckField } from '../../shell/components/CheckField.tsx';
import { FailureAlert } from '../../staff/components/ConsoleTable.tsx';

export const ORDER_DETAIL_MESSAGES = [
  ...ORDERS_MESSAGES,
  'console.orders.provider',
  'console.orders.reversal',
  'console.orders.refund',
  'console.orders.refund_rules',
  'console.orders.refund_rules_closed',
  'console.orders.refund_full',
  'console.orders.refund_reason',
  'console.orders.refund_submit',
  'console.orders.refund_confirm',
  'console.orders.refunded_by',
  'console.orders.credits_reversed',
  'console.orders.credits_unrecovered',
  'console.orders.payout_paid',
  'console.orders.payout_none',
  'console.orders.payout_failed',
  'console.orders.returned_debit',
  'console.orders.returned_debit_confirm',
  'console.orders.return_reason',
  'console.orders.mandate',
  'console.orders.collection',
  'console.orders.not_collected',
] as const;

/** One order: what it was, what came back at the provider, its staff refund, and the refund form. */
export default function OrderDetail({ messages, id }: { messages: IslandMessages; id: string }) {
  const t = islandTranslator(messages);
  const [detail, setDetail] = useState<OrderDetailAnswer | null>(null);
  const [error, setError] = useState('');
  const [fields, setFields] = useState<Readonly<Record<string, string>>>({});
  const [busy, setBusy] = useState(false);
  const [mode, setMode] = useState<'rules' | 'full'>('rules');
  const [reason, setReason] = useState<(typeof RETURN_REASONS)[number]>('AC04');

  const refresh = () =>
    api('GET /console/api/order.php', undefined, { query: { id } })
      .then((answer) => {
        setDetail(answer);
        if (!answer.refundable_by_rules) setMode('full');
      })
      .catch((failure: unknown) => setError(failureText(failure, t)));
  useEffect(() => {
    void refresh();
  }, []);

  async function refund(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    const reason = String(new FormData(event.currentTarget).get('reason') ?? '').trim();
    if (!window.confirm(t('console.orders.refund_confirm'))) return;
    setBusy(true);
    setError('');
    setFields({});
    try {
      await api('POST /console/api/refunds.php', { order: id, mode, ...(reason && { reason }) });
      await refresh();
    } catch (failure) {
      setError(failureText(failure, t));
      setFields(fieldTexts(failure));
    } finally {
      setBusy(false);
    }
  }

  async function returned() {
    if (!window.confirm(t('console.orders.returned_debit_confirm'))) return;
    setBusy(true);
    setError('');
    try {
      await api('POST /console/api/returned-debits.php', { order: id, reason });
      await refresh();
    } catch (failure) {
      setError(failureText(failure, t));
    } finally {
      setBusy(false);
    }
  }

  if (!detail) return error ? <div className="alert alert-danger">{error}</div> : <p>{t('console.busy')}</p>;
  const { order, reversals, refund: done } = detail;
  return (
    <div>
      <h1 className="h3 mb-3">
        {t('console.orders.order')} {order.id}
      </h1>
      <dl className="row mb-4">
        <dt className="col-sm-3">{t('console.orders.status')}</dt>
        <dd className="col-sm-9" data-testid="order-status">
          {t(`console.orders.status_${order.status}`)}
        </dd>
        <dt className="col-sm-3">{t('console.orders.member')}</dt>
        <dd className="col-sm-9">
          {order.member ? (
            <a href={`/console/members/${encodeURIComponent(order.member)}`}>
              {order.member_name ?? order.member}
            </a>
          ) : (
            '–'
          )}
        </dd>
        <dt className="col-sm-3">{t('console.orders.amount')}</dt>
        <dd className="col-sm-9">
          {money(order.amount, order.currency)} · {order.credits} {t('console.orders.credits')}
        </dd>
        <dt className="col-sm-3">{t('console.orders.method')}</dt>
        <dd className="col-sm-9">{order.payment_method}</dd>
        <dt className="col-sm-3">{t('console.orders.provider')}</dt>
        <dd className="col-sm-9">
          {order.provider}{' '}
          {order.provider_payment_id && <span className="font-monospace">{order.provider_payment_id}</span>}
        </dd>
        <dt className="col-sm-3">{t('console.orders.when')}</dt>
        <dd className="col-sm-9">{utc(order.created_at)}</dd>
        {detail.direct_debit && (
          <>
            <dt className="col-sm-3">{t('console.orders.mandate')}</dt>
            <dd className="col-sm-9">
              <span className="font-monospace">{detail.direct_debit.mandate}</span> ·{' '}
              {utc(detail.direct_debit.signed_at)}
            </dd>
            <dt className="col-sm-3">{t('console.orders.collection')}</dt>
            <dd className="col-sm-9" data-testid="order-collection">
              {detail.direct_debit.export_id ? (
                <span className="font-monospace">
                  {detail.direct_debit.export_id} {detail.direct_debit.sequence_type}
                </span>
              ) : (
                t('console.orders.not_collected')
              )}
              {detail.direct_debit.return_reason && (
                <>
                  {' '}
                  · {t('console.orders.return_reason')}{' '}
                  <span className="font-monospace">{detail.direct_debit.return_reason}</span>
                </>
              )}
            </dd>
          </>
        )}
      </dl>
      {reversals.map((reversal) => (
        <div className="alert alert-info" key={reversal.id} data-testid="order-reversal">
          {t('console.orders.reversal')}: <span className="font-monospace">{reversal.kind}</span>{' '}
          {money(reversal.amount, order.currency)} · {t('console.orders.credits_reversed')}{' '}
          {reversal.credits_reversed} · {t('console.orders.credits_unrecovered')}{' '}
          {reversal.credits_unrecovered} · {utc(reversal.created_at)}
        </div>
      ))}
      {done && (
        <div
          className={done.payout === 'failed' ? 'alert alert-danger' : 'alert alert-secondary'}
          data-testid="staff-refund"
        >
          <p className="mb-1">
            {t('console.orders.refunded_by', { staff: done.staff ?? '?', when: utc(done.created_at) })} ·{' '}
            {t(done.mode === 'full' ? 'console.orders.refund_full' : 'console.orders.refund_rules')}
            {done.reason && <> · {done.reason}</>}
          </p>
          <p className="mb-1">
            {money(done.amount, done.currency)} · {t('console.orders.credits_reversed')}{' '}
            {done.credits_reversed} · {t('console.orders.credits_unrecovered')} {done.credits_unrecovered}
          </p>
          <p className="mb-0">
            {done.payout === 'failed'
              ? t('console.orders.payout_failed', { error: done.provider_error ?? '' })
              : t(done.payout === 'paid' ? 'console.orders.payout_paid' : 'console.orders.payout_none')}
          </p>
        </div>
      )}
      <FailureAlert error={error} />
      {order.status === 'completed' && (
        <form onSubmit={(e) => void refund(e)} aria-labelledby="refund-title" className="mb-4">
          <h2 id="refund-title" className="h5">
            {t('console.orders.refund')}
          </h2>
          <CheckField
            id="refund-rules"
            label={t(
              detail.refundable_by_rules
                ? 'console.orders.refund_rules'
                : 'console.orders.refund_rules_closed',
            )}
            type="radio"
            name="mode"
            checked={mode === 'rules'}
            disabled={!detail.refundable_by_rules}
            onChange={() => setMode('rules')}
          />
          <CheckField
            id="refund-full"
            label={t('console.orders.refund_full')}
            className="mb-2"
            type="radio"
            name="mode"
            checked={mode === 'full'}
            onChange={() => setMode('full')}
          />
          <LabelledTextarea
            id="refund-reason"
            label={t('console.orders.refund_reason')}
            className="mb-2"
            name="reason"
            maxLength={500}
            required={mode === 'full'}
            error={fields.reason}
          />
          <button className="btn btn-danger" type="submit" disabled={busy}>
            {t('console.orders.refund_submit')}
          </button>
          {order.payment_method === 'sdd' && (
            <span className="d-inline-flex align-items-center ms-2 gap-2">
              <LabelledSelect
                id="return-reason"
                label={t('console.orders.return_reason')}
                compact
                value={reason}
                onChange={(e) => setReason(e.currentTarget.value as (typeof RETURN_REASONS)[number])}
              >
                <SelectOptions options={RETURN_REASONS} />
              </LabelledSelect>
              <button
                type="button"
                className="btn btn-outline-dark"
                disabled={busy}
                onClick={() => void returned()}
              >
                {t('console.orders.returned_debit')}
              </button>
            </span>
          )}
        </form>
      )}
    </div>
  );
}
