import { useState, type SubmitEvent, type InputHTMLAttributes } from 'react';
import { apiClient, isApiError } from '../../../lib/api-client.ts';
import { CheckField } from '../../shell/components/CheckField.tsx';
import { islandTranslator, type IslandMessages, type IslandTranslate } from '../../shell/island-i18n.ts';
import type { MessageKey } from '../../../i18n/index.ts';
import { CountryOptions, type CountryChoice } from '../../shell/components/CountryOptions.tsx';
import { Field } from '../../shell/components/Field.tsx';

/** The messages the direct debit island receives. */
export const DIRECT_DEBIT_MESSAGES: MessageKey[] = [
  'payments.directdebit.phone',
  'payments.directdebit.send_code',
  'payments.directdebit.code_sent',
  'payments.directdebit.code',
  'payments.directdebit.iban',
  'payments.directdebit.holder',
  'payments.directdebit.street',
  'payments.directdebit.zip',
  'payments.directdebit.city',
  'payments.directdebit.country',
  'payments.directdebit.authorize',
  'payments.directdebit.submit',
  'payments.directdebit.done',
  'payments.directdebit.continue',
  'error.try_later',
];

export interface DirectDebitFormProps {
  bundle: string;
  countries: readonly CountryChoice[];
  messages: IslandMessages;
  /** Where to go after the order (the credits page, or the member area). */
  next: string;
}

interface Done {
  iban: string;
  credits: number;
}

/** The text fields of the form; each is labelled by its `payments.directdebit.<name>` message. */
type FieldName = 'code' | 'iban' | 'holder' | 'street' | 'zip' | 'city';

/** A field of the form in a box of class `layout`: its label, then a text input named `name` (id `dd-<name>`). */
function DebitField({
  layout,
  name,
  t,
  ...input
}: { layout: string; name: FieldName; t: IslandTranslate } & InputHTMLAttributes<HTMLInputElement>) {
  return (
    <div className={layout}>
      <label className="form-label" htmlFor={`dd-${name}`}>
        {t(`payments.directdebit.${name}`)}
      </label>
      <input id={`dd-${name}`} name={name} className="form-control" {...input} />
    </div>
  );
}

/**
 * Spec §5 direct debit: the mobile number gets a code by SMS; the code, the account and the
 * authorization complete the order, and the bundle is credited at once.
 */
export default function DirectDebitForm({ bundle, countries, messages, next }: DirectDebitFormProps) {
  const t = islandTranslator(messages);
  const [phone, setPhone] = useState('');
  const [sent, setSent] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState<Done | null>(null);

  const failed = (e: unknown) => setError(isApiError(e) ? e.message : t('error.try_later'));

  const sendCode = async () => {
    setBusy(true);
    setError(null);
    try {
      await apiClient.post('/api/directdebit.php?sms=1', { phone });
      setSent(true);
    } catch (e) {
      failed(e);
    } finally {
      setBusy(false);
    }
  };

  const submit = async (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const field = (name: string) => String(form.get(name) ?? '');
    setBusy(true);
    setError(null);
    try {
      const answer = await apiClient.post<Done>(
        '/api/directdebit.php',
        {
          bundle,
          phone,
          code: field('code'),
          iban: field('iban'),
          holder: field('holder'),
          street: field('street'),
          zip: field('zip'),
          city: field('city'),
          country: field('country'),
          authorized: form.get('authorized') === 'on',
        },
        { idempotent: false },
      );
      setDone(answer);
    } catch (e) {
      failed(e);
    } finally {
      setBusy(false);
    }
  };

  if (done) {
    return (
      <div className="alert alert-success" role="status" data-testid="directdebit-done">
        <p className="mb-2">{t('payments.directdebit.done', { credits: done.credits, iban: done.iban })}</p>
        <a className="btn btn-primary" href={next}>
          {t('payments.directdebit.continue')}
        </a>
      </div>
    );
  }

  return (
    // `post` as the shell's forms: a submit before the script runs must not put the account
    // holder's IBAN and address into a URL (history, logs, Referer).
    <form className="directdebit-form" method="post" onSubmit={submit} noValidate>
      {error && (
        <div className="alert alert-danger" role="alert">
          {error}
        </div>
      )}
      <Field
        label={t('payments.directdebit.phone')}
        type="tel"
        autoComplete="tel"
        value={phone}
        onChange={(e) => setPhone(e.target.value)}
        addon={
          <button
            className="btn btn-outline-primary"
            type="button"
            disabled={busy || !phone}
            onClick={sendCode}
          >
            {t('payments.directdebit.send_code')}
          </button>
        }
      />
      {sent && <p className="text-success small">{t('payments.directdebit.code_sent')}</p>}
      <fieldset disabled={!sent || busy}>
        <DebitField
          t={t}
          layout="mb-3"
          name="code"
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={6}
        />
        <DebitField t={t} layout="mb-3" name="iban" autoComplete="off" />
        <DebitField t={t} layout="mb-3" name="holder" autoComplete="name" />
        <DebitField t={t} layout="mb-3" name="street" autoComplete="street-address" />
        <div className="row g-2 mb-3">
          <DebitField t={t} layout="col-4" name="zip" autoComplete="postal-code" />
          <DebitField t={t} layout="col-8" name="city" autoComplete="address-level2" />
        </div>
        <div className="mb-3">
          <label className="form-label" htmlFor="dd-country">
            {t('payments.directdebit.country')}
          </label>
          <select id="dd-country" name="country" className="form-select">
            <CountryOptions countries={countries} />
          </select>
        </div>
        <CheckField
          className="mb-3"
          labelClassName="small"
          id="dd-authorized"
          name="authorized"
          type="checkbox"
          label={t('payments.directdebit.authorize')}
        />
        <button className="btn btn-primary w-100" type="submit">
          {t('payments.directdebit.submit')}
        </button>
      </fieldset>
    </form>
  );
}
