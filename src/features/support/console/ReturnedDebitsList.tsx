import { useState, type FormEvent } from 'react';
import { islandTranslator, type IslandMessages } from '../../shell/island-i18n.ts';
import { api, failureText } from '../../staff/components/console-client.ts';
import { readReturnsList } from './returns-list.ts';

export const RETURNED_DEBITS_MESSAGES = [
  'console.returns.title',
  'console.returns.intro',
  'console.returns.list',
  'console.returns.submit',
  'console.returns.confirm',
  'console.returns.recorded',
  'console.returns.unread',
  'console.busy',
  'error.try_later',
] as const;

interface Outcome {
  order: string;
  text: string;
  ok: boolean;
}

/**
 * The bank's returned debits pasted as a list (order id and reason code per line), each recorded
 * through the same call as the order page's button, one after the other: one refused return
 * (already recorded, not a paid direct debit) leaves the others standing and says why.
 */
export default function ReturnedDebitsList({ messages }: { messages: IslandMessages }) {
  const t = islandTranslator(messages);
  const [busy, setBusy] = useState(false);
  const [outcomes, setOutcomes] = useState<Outcome[]>([]);
  const [unread, setUnread] = useState<number[]>([]);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const list = readReturnsList(String(new FormData(event.currentTarget).get('returns') ?? ''));
    setUnread(list.unread);
    setOutcomes([]);
    if (list.returns.length === 0) return;
    if (!window.confirm(t('console.returns.confirm', { count: list.returns.length }))) return;
    setBusy(true);
    const done: Outcome[] = [];
    for (const item of list.returns) {
      try {
        const answer = await api('POST /console/api/returned-debits.php', item);
        done.push({
          order: item.order,
          ok: true,
          text: t('console.returns.recorded', { reason: item.reason, credits: answer.credits_reversed }),
        });
      } catch (failure) {
        done.push({ order: item.order, ok: false, text: failureText(failure, t) });
      }
      setOutcomes([...done]);
    }
    setBusy(false);
  }

  return (
    <section aria-labelledby="returns-title" className="mb-4">
      <h2 id="returns-title" className="h5">
        {t('console.returns.title')}
      </h2>
      <p className="text-body-secondary">{t('console.returns.intro')}</p>
      <form onSubmit={(e) => void submit(e)}>
        <label className="form-label" htmlFor="returns-list">
          {t('console.returns.list')}
        </label>
        <textarea
          id="returns-list"
          name="returns"
          rows={4}
          maxLength={20_000}
          required
          className="form-control font-monospace mb-2"
          placeholder="o1ab2cd3ef4gh5jk;AC04"
        />
        <button className="btn btn-outline-dark" type="submit" disabled={busy}>
          {busy ? t('console.busy') : t('console.returns.submit')}
        </button>
      </form>
      {unread.length > 0 && (
        <div role="alert" className="alert alert-warning mt-2">
          {t('console.returns.unread', { lines: unread.join(', ') })}
        </div>
      )}
      {outcomes.length > 0 && (
        <ul className="list-unstyled mt-2" aria-live="polite">
          {outcomes.map((o) => (
            <li key={o.order} className={o.ok ? 'text-success' : 'text-danger'}>
              <a href={`/console/orders/${encodeURIComponent(o.order)}`} className="font-monospace">
                {o.order}
              </a>{' '}
              {o.text}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
