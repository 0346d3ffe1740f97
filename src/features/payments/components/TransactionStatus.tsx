import { useEffect, useState } from 'react';
import { apiClient } from '../../../lib/api-client.ts';
import { islandTranslator, type IslandMessages } from '../../shell/island-i18n.ts';
import type { MessageKey } from '../../../i18n/index.ts';
import type { TransactionAnswer } from '../payments.schemas.ts';

export const TRANSACTION_MESSAGES: MessageKey[] = [
  'payments.tx.pending',
  'payments.tx.pending_hint',
  'payments.tx.completed',
  'payments.tx.completed_hint',
  'payments.tx.failed',
  'payments.tx.retry',
  'payments.tx.refunded',
  'payments.tx.to_members',
  'payments.tx.to_credits',
];

/** How often a pending payment is asked about: the provider usually answers within seconds. */
const POLL_MS = 3_000;

interface Props {
  initial: TransactionAnswer;
  /** Pre-formatted by the page in the member's language. */
  price: string;
  links: {
    members: string;
    credits: string;
    retry: Array<{ name: string; href: string }>;
    /** Where the member came from (checked same-site by the page), with its words. */
    back?: { href: string; label: string } | null;
  };
  messages: IslandMessages;
}

/** `/transactions/{id}`: waits for a pending payment (polling), then shows its outcome. */
export default function TransactionStatus({ initial, price, links, messages }: Props) {
  const t = islandTranslator(messages);
  const [answer, setAnswer] = useState(initial);
  useEffect(() => {
    if (answer.status !== 'pending') return;
    const timer = setTimeout(() => {
      apiClient
        .get<TransactionAnswer>('/api/transaction.php', { query: { id: answer.order.payment_id } })
        .then(setAnswer)
        // A failed poll is retried by the next tick; the page keeps showing "pending".
        .catch(() => setAnswer((a) => ({ ...a })));
    }, POLL_MS);
    return () => clearTimeout(timer);
  }, [answer]);
  const credits = answer.order.credits;
  if (answer.status === 'pending')
    return (
      <div className="text-center" role="status" aria-live="polite">
        <div className="spinner-border text-primary mb-3" aria-hidden="true" />
        <h1 className="h4">{t('payments.tx.pending')}</h1>
        <p className="text-body-secondary">{t('payments.tx.pending_hint', { credits, price })}</p>
      </div>
    );
  if (answer.status === 'completed')
    return (
      <div className="text-center" role="status" aria-live="polite">
        <h1 className="h4">{t('payments.tx.completed', { credits })}</h1>
        <p>{t('payments.tx.completed_hint', { price })}</p>
        {links.back ? (
          <div className="d-flex flex-wrap gap-2 justify-content-center">
            <a className="btn btn-primary" href={links.back.href} data-testid="transaction-back">
              {links.back.label}
            </a>
            <a className="btn btn-outline-secondary" href={links.members}>
              {t('payments.tx.to_members')}
            </a>
          </div>
        ) : (
          <a className="btn btn-primary" href={links.members}>
            {t('payments.tx.to_members')}
          </a>
        )}
      </div>
    );
  if (answer.status === 'refunded')
    return (
      <div className="text-center" role="status">
        <h1 className="h4">{t('payments.tx.refunded')}</h1>
        <a href={links.credits}>{t('payments.tx.to_credits')}</a>
      </div>
    );
  return (
    <div className="text-center" role="alert">
      <h1 className="h4 text-danger">{t('payments.tx.failed')}</h1>
      <p>{t('payments.tx.retry')}</p>
      <ul className="list-unstyled d-flex flex-wrap gap-2 justify-content-center">
        {links.retry.map((method) => (
          <li key={method.href}>
            <a className="btn btn-outline-primary" href={method.href}>
              {method.name}
            </a>
          </li>
        ))}
      </ul>
      <a href={links.credits}>{t('payments.tx.to_credits')}</a>
    </div>
  );
}
