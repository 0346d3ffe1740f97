import { useState } from 'react';
import { apiClient, isApiError } from '../../../lib/api-client.ts';
import type { MessageKey } from '../../../i18n/index.ts';
import { islandTranslator, type IslandMessages } from '../../shell/island-i18n.ts';
import type { OrderAnswer, RepeatAnswer } from '../payments.schemas.ts';

/** The messages the repeat order island receives. */
export const REPEAT_ORDER_MESSAGES: MessageKey[] = [
  'payments.repeat.buy',
  'payments.repeat.done',
  'payments.repeat.retry',
  'payments.repeat.paypal',
  'error.try_later',
];

export interface RepeatOrderProps {
  bundle: string;
  messages: IslandMessages;
  /** Where a member without a stored method chooses one (the credits page). */
  creditsUrl: string;
}

type State =
  | { kind: 'ready' }
  | { kind: 'done'; credits: number }
  | { kind: 'failed'; message: string; retry: string[] }
  | { kind: 'refused'; message: string };

/**
 * Spec §2 credits-repeat-order: one button buys the last bundle again with the stored card or
 * PayPal account. A failed charge offers a retry or PayPal (a checkout of its own).
 */
export default function RepeatOrder({ bundle, messages, creditsUrl }: RepeatOrderProps) {
  const t = islandTranslator(messages);
  const [state, setState] = useState<State>({ kind: 'ready' });
  const [busy, setBusy] = useState(false);

  const buy = async () => {
    setBusy(true);
    try {
      // One key per click: the client's retries of this click charge once, a new click is a new order.
      const answer = await apiClient.post<RepeatAnswer>('/api/order.php?repeat=1', {
        client_id: crypto.randomUUID(),
      });
      // A charge the provider still works on is followed on its transaction page.
      if (answer.status === 'pending') return location.assign(answer.redirect_url);
      setState({ kind: 'done', credits: answer.order.credits });
    } catch (e) {
      if (isApiError(e) && e.code === 'payment_failed') {
        const offered: unknown = e.body.retry;
        const retry = Array.isArray(offered)
          ? offered.filter((r): r is string => typeof r === 'string')
          : ['retry'];
        setState({ kind: 'failed', message: e.message, retry });
      } else {
        setState({ kind: 'refused', message: isApiError(e) ? e.message : t('error.try_later') });
      }
    } finally {
      setBusy(false);
    }
  };

  const paypal = async () => {
    setBusy(true);
    try {
      const answer = await apiClient.post<OrderAnswer>('/api/order.php', { bundle, paymentmethod: 'paypal' });
      location.assign(answer.redirect_url);
    } catch (e) {
      setState({ kind: 'refused', message: isApiError(e) ? e.message : t('error.try_later') });
      setBusy(false);
    }
  };

  if (state.kind === 'done') {
    return (
      <div className="alert alert-success" role="status" data-testid="repeat-done">
        {t('payments.repeat.done', { credits: state.credits })}
      </div>
    );
  }
  return (
    <div>
      {state.kind === 'failed' && (
        <div className="alert alert-danger" role="alert">
          <p>{state.message}</p>
          <div className="d-flex flex-wrap gap-2">
            {state.retry.includes('retry') && (
              <button type="button" className="btn btn-primary" disabled={busy} onClick={buy}>
                {t('payments.repeat.retry')}
              </button>
            )}
            {state.retry.includes('paypal') && (
              <button type="button" className="btn btn-outline-primary" disabled={busy} onClick={paypal}>
                {t('payments.repeat.paypal')}
              </button>
            )}
          </div>
        </div>
      )}
      {state.kind === 'refused' && (
        <div className="alert alert-warning" role="alert">
          {state.message} <a href={creditsUrl}>→</a>
        </div>
      )}
      {state.kind === 'ready' && (
        <button type="button" className="btn btn-primary btn-lg w-100" disabled={busy} onClick={buy}>
          {t('payments.repeat.buy')}
        </button>
      )}
    </div>
  );
}
