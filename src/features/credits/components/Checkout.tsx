import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { useStore } from '@nanostores/react';
import type { Locale } from '../../../i18n/locales.ts';
import { formatMoney } from '../../../lib/money.ts';
import { jsonCallHeaders } from '../../../lib/page-locale.ts';
import { CheckField } from '../../shell/components/CheckField.tsx';
import { islandTranslator, type IslandMessages } from '../../shell/island-i18n.ts';
import { useHydrated } from '../../shell/use-form.ts';
import type { OrderQuote, QuoteAnswer } from '../credits.schemas.ts';
import { $timeBonus, clearTimeBonus, countdownText, startTimeBonus } from '../timebonus.store.ts';

export interface CheckoutProps {
  bundle: { id: string; credits: number };
  methods: { id: string; name: string }[];
  method: string;
  /** The server's quote when the page was made: the total before anything is typed. */
  initial: QuoteAnswer;
  /** Seconds until the applied time bonus ends, by the server's clock (0: nothing ends). */
  remainingSeconds: number;
  /** Where the thank-you page leads back to (checked same-site by the page), or null. */
  returnTo: string | null;
  locale: Locale;
  messages: IslandMessages;
}

async function readJson(res: Response): Promise<Record<string, unknown>> {
  try {
    return (await res.json()) as Record<string, unknown>;
  } catch {
    return {};
  }
}

/**
 * Spec §2 credits-id-paymentmethod: choose a method, enter a discount code, see the total to
 * pay, buy. Every total shown is the server's quote (`GET /api/order.php`), priced as the order
 * will be: a typed code that does not apply leaves the discount that does, and says so. Only a
 * time bonus counts down, since only it ends; at zero the server is asked again, so the page
 * shows what the member pays from then on.
 */
export default function Checkout({
  bundle,
  methods,
  method,
  initial,
  remainingSeconds,
  returnTo,
  locale,
  messages,
}: CheckoutProps) {
  const t = islandTranslator(messages);
  const [chosen, setChosen] = useState(
    methods.some((m) => m.id === method) ? method : (methods[0]?.id ?? ''),
  );
  const [quote, setQuote] = useState<OrderQuote>(initial.quote);
  const [notice, setNotice] = useState(initial.notice);
  const [codeText, setCodeText] = useState(
    initial.quote.discount?.kind === 'code' ? initial.quote.discount.code : '',
  );
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const hydrated = useHydrated();
  const codeField = useRef<HTMLInputElement>(null);
  // A code typed or a method picked before the island ran stays: React would otherwise set the
  // fields back to its state at its first render after hydration.
  useLayoutEffect(() => {
    const typed = codeField.current?.value;
    if (typed !== undefined && typed !== codeText) setCodeText(typed);
    const picked = codeField.current
      ?.closest('.checkout')
      ?.querySelector<HTMLInputElement>('input[name="paymentmethod"]:checked')?.value;
    if (picked && picked !== chosen) setChosen(picked);
  }, []);
  const bonus = useStore($timeBonus);
  const money = (amount: number) => formatMoney(amount, quote.currency, locale);
  const discount = quote.discount;
  const ends = discount?.expires ? discount : null;

  /** Asks the server for the quote with `typed` (empty: the discount that applies by itself). */
  const requote = async (typed: string) => {
    const query = new URLSearchParams({ bundle: bundle.id });
    if (typed) query.set('discountcode', typed);
    // A code the page had (from a link) stays when the typed one does not apply.
    if (quote.discount?.kind === 'code') query.set('keep', quote.discount.code);
    const res = await fetch(`/api/order.php?${query}`, { headers: jsonCallHeaders() });
    const body = await readJson(res);
    if (!res.ok || typeof body.quote !== 'object') {
      throw new Error(typeof body.message === 'string' ? body.message : t('credits.error'));
    }
    const answer = body as unknown as QuoteAnswer;
    setQuote(answer.quote);
    setNotice(answer.notice);
  };

  const latestRequote = useRef(requote);
  latestRequote.current = requote;

  useEffect(() => {
    if (ends && remainingSeconds > 0)
      startTimeBonus({ code: ends.code, percentage: ends.percentage, remainingSeconds });
    // The bonus ended while the page was open: the server says what applies now. Heard from the
    // store itself, not from a render: when the clock jumps past the end (a device waking from
    // sleep) the bonus can start and end before a render has shown it running.
    let running = $timeBonus.get() !== null;
    return $timeBonus.listen((value) => {
      if (value !== null) {
        running = true;
        return;
      }
      if (!running) return;
      running = false;
      latestRequote.current('').catch(() => setError(t('credits.error')));
    });
  }, []);

  const apply = async () => {
    setError(null);
    setBusy(true);
    try {
      await requote(codeText.trim());
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : t('credits.error'));
    } finally {
      setBusy(false);
    }
  };

  const buy = async () => {
    setError(null);
    setBusy(true);
    try {
      const res = await fetch('/api/order.php', {
        method: 'POST',
        headers: jsonCallHeaders({ 'content-type': 'application/json' }),
        body: JSON.stringify({
          bundle: bundle.id,
          paymentmethod: chosen,
          ...(discount ? { discountcode: discount.code } : {}),
          ...(returnTo ? { return_to: returnTo } : {}),
          client_id: crypto.randomUUID(),
        }),
      });
      const body = await readJson(res);
      if (res.ok && typeof body.redirect_url === 'string') {
        clearTimeBonus();
        location.assign(body.redirect_url);
        return;
      }
      setError(typeof body.message === 'string' ? body.message : t('credits.error'));
    } catch {
      setError(t('credits.error'));
    }
    setBusy(false);
  };

  const remaining = bonus?.remaining ?? remainingSeconds;
  return (
    <div className="checkout">
      <fieldset className="mb-4">
        <legend className="h5">{t('credits.method')}</legend>
        {methods.map((m) => (
          <CheckField
            key={m.id}
            type="radio"
            name="paymentmethod"
            id={`method-${m.id}`}
            value={m.id}
            checked={chosen === m.id}
            onChange={() => setChosen(m.id)}
            label={m.name}
          />
        ))}
      </fieldset>
      <form
        className="mb-4 checkout-code"
        onSubmit={(event) => {
          event.preventDefault();
          void apply();
        }}
      >
        <label className="form-label" htmlFor="discount-code">
          {t('credits.code')}
        </label>
        <div className="input-group checkout-code">
          <input
            id="discount-code"
            ref={codeField}
            className={`form-control${notice ? ' is-invalid' : ''}`}
            value={codeText}
            autoComplete="off"
            aria-describedby={notice ? 'discount-notice' : undefined}
            onChange={(event) => setCodeText(event.target.value)}
          />
          {/* Until the island runs, a submit would reload the page and lose the typed code. */}
          <button className="btn btn-outline-secondary" type="submit" disabled={busy || !hydrated}>
            {t('credits.apply')}
          </button>
        </div>
        {notice && (
          <p
            id="discount-notice"
            className="form-text text-danger-emphasis mb-0"
            role="alert"
            data-testid="discount-notice"
            data-error={notice.error}
          >
            {notice.message}
          </p>
        )}
      </form>
      <dl className="checkout-summary" data-testid="checkout-summary">
        <div>
          <dt>{t('credits.price', { credits: bundle.credits })}</dt>
          <dd>{money(quote.amount)}</dd>
        </div>
        {discount && (
          <div data-testid="checkout-discount">
            <dt data-code={discount.code}>
              {discount.kind === 'time_bonus'
                ? t('credits.discount_time_bonus', { percentage: discount.percentage })
                : discount.kind === 'welcome'
                  ? t('credits.discount_welcome', { percentage: discount.percentage })
                  : t('credits.discount_line', { code: discount.code, percentage: discount.percentage })}
            </dt>
            <dd>−{money(quote.amount - quote.total)}</dd>
          </div>
        )}
        {ends && remaining > 0 && (
          <div className="checkout-ends" data-testid="checkout-ends">
            <dt>{t('credits.bonus_ends')}</dt>
            <dd>
              <span className="font-monospace" data-testid="timebonus-countdown">
                {countdownText(remaining)}
              </span>{' '}
              <span className="text-body-secondary">
                {ends.then
                  ? t('credits.then_total', {
                      percentage: ends.then.percentage,
                      total: money(ends.then.total),
                    })
                  : t('credits.then_full', { total: money(quote.amount) })}
              </span>
            </dd>
          </div>
        )}
        <div className="checkout-total" data-testid="final-amount">
          <dt>{t('credits.total')}</dt>
          <dd>
            <strong>{money(quote.total)}</strong>
          </dd>
        </div>
      </dl>
      {error && (
        <div className="alert alert-danger" role="alert">
          {error}
        </div>
      )}
      <button
        className="btn btn-primary btn-lg"
        type="button"
        // Its handler is attached only once the island runs: until then a click would do nothing.
        disabled={busy || !chosen || !hydrated}
        onClick={() => void buy()}
      >
        {t('credits.buy_total', { total: money(quote.total) })}
      </button>
    </div>
  );
}

// The server HTML follows the props alone (the bundle, its quote and the payment methods, which
// members of a site and country share): kept per input (src/server/island-html.ts).
Checkout.serverHtmlIgnores = [] as readonly string[];
