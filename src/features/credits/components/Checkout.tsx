import { useState } from 'react';
import type { Locale } from '../../../i18n/locales.ts';
import { islandTranslator, type IslandMessages } from '../../shell/island-i18n.ts';
import { formatMoney } from '../../pages/index.ts';
import { discountedAmount } from '../discount-math.ts';
import { clearTimeBonus } from '../timebonus.store.ts';

export interface CheckoutProps {
  bundle: { id: string; credits: number; amount: number; currency: string };
  methods: { id: string; name: string }[];
  method: string;
  /** The code applied when the page opens (the active discount, or one from a link). */
  initialCode: { code: string; percentage: number; minimum: number | null } | null;
  locale: Locale;
  messages: IslandMessages;
}

interface Applied {
  code: string;
  percentage: number;
  minimum: number | null;
}

async function readJson(res: Response): Promise<Record<string, unknown>> {
  try {
    return (await res.json()) as Record<string, unknown>;
  } catch {
    return {};
  }
}

/**
 * Spec §2 credits-id-paymentmethod: choose a method, enter a discount code, see the final
 * amount, buy. The server prices the order again; this only shows what it will charge.
 */
export default function Checkout({ bundle, methods, method, initialCode, locale, messages }: CheckoutProps) {
  const t = islandTranslator(messages);
  const [chosen, setChosen] = useState(
    methods.some((m) => m.id === method) ? method : (methods[0]?.id ?? ''),
  );
  const [codeText, setCodeText] = useState(initialCode?.code ?? '');
  const [applied, setApplied] = useState<Applied | null>(initialCode);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const money = (amount: number) => formatMoney(amount, bundle.currency, locale);
  const belowMinimum = applied?.minimum != null && bundle.amount < applied.minimum;
  const final =
    applied && !belowMinimum ? discountedAmount(bundle.amount, applied.percentage) : bundle.amount;

  const apply = async () => {
    setError(null);
    const code = codeText.trim();
    if (!code) return setApplied(null);
    setBusy(true);
    try {
      const res = await fetch(`/api/discountcode.php?code=${encodeURIComponent(code)}`, {
        headers: { accept: 'application/json' },
      });
      const body = await readJson(res);
      if (res.ok) {
        setApplied({
          code: String(body.code),
          percentage: Number(body.percentage),
          minimum: body.minimum == null ? null : Number(body.minimum),
        });
      } else {
        setApplied(null);
        setError(typeof body.message === 'string' ? body.message : t('credits.error'));
      }
    } catch {
      setError(t('credits.error'));
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
        headers: { 'content-type': 'application/json', accept: 'application/json' },
        body: JSON.stringify({
          bundle: bundle.id,
          paymentmethod: chosen,
          ...(applied && !belowMinimum ? { discountcode: applied.code } : {}),
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

  return (
    <div className="checkout">
      <fieldset className="mb-4">
        <legend className="h5">{t('credits.method')}</legend>
        {methods.map((m) => (
          <div className="form-check" key={m.id}>
            <input
              className="form-check-input"
              type="radio"
              name="paymentmethod"
              id={`method-${m.id}`}
              value={m.id}
              checked={chosen === m.id}
              onChange={() => setChosen(m.id)}
            />
            <label className="form-check-label" htmlFor={`method-${m.id}`}>
              {m.name}
            </label>
          </div>
        ))}
      </fieldset>
      <form
        className="mb-4"
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
            className={`form-control${error ? ' is-invalid' : ''}`}
            value={codeText}
            autoComplete="off"
            onChange={(event) => setCodeText(event.target.value)}
          />
          <button className="btn btn-outline-secondary" type="submit" disabled={busy}>
            {t('credits.apply')}
          </button>
        </div>
        {belowMinimum && applied?.minimum != null && (
          <div className="form-text text-danger">
            {t('credits.code_minimum_order', { minimum: money(applied.minimum) })}
          </div>
        )}
      </form>
      <p className="fs-4" data-testid="final-amount">
        {t('credits.total')}:{' '}
        {final !== bundle.amount && <del className="text-body-secondary me-2">{money(bundle.amount)}</del>}
        <strong>{money(final)}</strong>
      </p>
      {error && (
        <div className="alert alert-danger" role="alert">
          {error}
        </div>
      )}
      <button
        className="btn btn-primary btn-lg"
        type="button"
        disabled={busy || !chosen}
        onClick={() => void buy()}
      >
        {t('credits.buy')}
      </button>
    </div>
  );
}
