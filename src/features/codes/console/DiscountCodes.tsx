import { useEffect, useState, type FormEvent } from 'react';
import { Field } from '../../shell/components/Field.tsx';
import { islandTranslator, type IslandMessages } from '../../shell/island-i18n.ts';
import { api, failureText, fieldTexts } from '../../staff/components/console-client.ts';
import type { DiscountBatchView } from '../codes.schemas.ts';

export const DISCOUNT_CODES_MESSAGES = [
  'console.codes.network',
  'console.codes.site',
  'console.codes.every_site',
  'console.codes.kind',
  'console.codes.kind_single',
  'console.codes.kind_multi',
  'console.codes.code',
  'console.codes.count',
  'console.codes.percentage',
  'console.codes.minimum',
  'console.codes.currency',
  'console.codes.country',
  'console.codes.valid_from',
  'console.codes.valid_until',
  'console.codes.max_uses',
  'console.codes.uses',
  'console.codes.codes',
  'console.codes.generated',
  'console.codes.status',
  'console.codes.active',
  'console.codes.disabled',
  'console.codes.disable',
  'console.codes.create',
  'console.codes.created',
  'console.codes.shown_once',
  'console.codes.download',
  'console.codes.empty',
  'console.busy',
  'error.try_later',
] as const;

/** The network's discount codes, and the form that makes a batch (generated codes shown once). */
export default function DiscountCodes({
  messages,
  networks,
}: {
  messages: IslandMessages;
  networks: { id: string; sites: string[] }[];
}) {
  const t = islandTranslator(messages);
  const [network, setNetwork] = useState(networks[0]?.id ?? '');
  const [kind, setKind] = useState<'single' | 'multi'>('multi');
  const [batches, setBatches] = useState<DiscountBatchView[] | null>(null);
  const [error, setError] = useState('');
  const [fields, setFields] = useState<Readonly<Record<string, string>>>({});
  const [busy, setBusy] = useState(false);
  const [created, setCreated] = useState<string[] | null>(null);
  const sites = networks.find((n) => n.id === network)?.sites ?? [];

  const refresh = () =>
    api('GET /console/api/codes.php', undefined, { query: { network } })
      .then((answer) => setBatches(answer.batches))
      .catch((failure: unknown) => setError(failureText(failure, t)));
  useEffect(() => {
    if (network) void refresh();
  }, [network]);

  async function create(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const data = Object.fromEntries(
      [...new FormData(form).entries()]
        .filter(([, v]) => String(v).trim() !== '')
        .map(([k, v]) => [k, String(v)]),
    );
    setBusy(true);
    setError('');
    setFields({});
    setCreated(null);
    try {
      const answer = await api('POST /console/api/codes.php', {
        ...data,
        action: 'create',
        kind,
        network,
      } as never);
      if ('codes' in answer) setCreated(answer.codes.length ? answer.codes : [answer.batch.code ?? '']);
      form.reset();
      await refresh();
    } catch (failure) {
      setError(failureText(failure, t));
      setFields(fieldTexts(failure));
    } finally {
      setBusy(false);
    }
  }

  async function disable(id: string) {
    setError('');
    try {
      await api('POST /console/api/codes.php', { action: 'disable', network, id });
      await refresh();
    } catch (failure) {
      setError(failureText(failure, t));
    }
  }

  const csv = created && created.length > 1 ? `code\r\n${created.join('\r\n')}\r\n` : null;
  return (
    <div className="row g-4">
      <div className="col-lg-8">
        <div role="alert" className={error ? 'alert alert-danger' : 'visually-hidden'}>
          {error}
        </div>
        <label className="form-label" htmlFor="codes-network">
          {t('console.codes.network')}
        </label>
        <select
          id="codes-network"
          className="form-select mb-3"
          value={network}
          onChange={(e) => setNetwork(e.target.value)}
        >
          {networks.map((n) => (
            <option key={n.id}>{n.id}</option>
          ))}
        </select>
        {created && (
          <div className="alert alert-success" data-testid="codes-created">
            <p className="mb-2">{t('console.codes.created')}</p>
            {csv ? (
              <>
                <p className="small">{t('console.codes.shown_once')}</p>
                <textarea
                  className="form-control font-monospace mb-2"
                  aria-label={t('console.codes.codes')}
                  rows={6}
                  readOnly
                  value={created.join('\n')}
                />
                <a
                  className="btn btn-sm btn-outline-primary"
                  download={`codes-${network}.csv`}
                  href={`data:text/csv;charset=utf-8,${encodeURIComponent(csv)}`}
                >
                  {t('console.codes.download')}
                </a>
              </>
            ) : (
              <code>{created[0]}</code>
            )}
          </div>
        )}
        {batches === null ? (
          <p>{t('console.busy')}</p>
        ) : batches.length === 0 ? (
          <p>{t('console.codes.empty')}</p>
        ) : (
          <table className="table table-sm align-middle">
            <thead>
              <tr>
                <th>{t('console.codes.code')}</th>
                <th>{t('console.codes.site')}</th>
                <th>{t('console.codes.percentage')}</th>
                <th>{t('console.codes.valid_until')}</th>
                <th>{t('console.codes.uses')}</th>
                <th>{t('console.codes.status')}</th>
                <th>
                  <span className="visually-hidden">{t('console.codes.disable')}</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {batches.map((b) => (
                <tr key={b.id}>
                  <td>{b.code ?? t('console.codes.generated', { count: b.codes })}</td>
                  <td>{b.site ?? t('console.codes.every_site')}</td>
                  <td>{b.percentage} %</td>
                  <td>{b.valid_until?.slice(0, 10) ?? ''}</td>
                  <td>
                    {b.uses}
                    {b.max_uses !== null ? ` / ${b.max_uses}` : b.kind === 'single' ? ` / ${b.codes}` : ''}
                  </td>
                  <td>{b.active ? t('console.codes.active') : t('console.codes.disabled')}</td>
                  <td>
                    {b.active && (
                      <button
                        type="button"
                        className="btn btn-sm btn-outline-danger"
                        onClick={() => void disable(b.id)}
                      >
                        {t('console.codes.disable')}
                      </button>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </div>
      <div className="col-lg-4">
        <form onSubmit={(e) => void create(e)} noValidate>
          <fieldset className="mb-3">
            <legend className="form-label fs-6">{t('console.codes.kind')}</legend>
            {(['multi', 'single'] as const).map((k) => (
              <div className="form-check" key={k}>
                <input
                  className="form-check-input"
                  type="radio"
                  id={`codes-kind-${k}`}
                  checked={kind === k}
                  onChange={() => setKind(k)}
                />
                <label className="form-check-label" htmlFor={`codes-kind-${k}`}>
                  {t(k === 'multi' ? 'console.codes.kind_multi' : 'console.codes.kind_single')}
                </label>
              </div>
            ))}
          </fieldset>
          {kind === 'multi' ? (
            <>
              <Field name="code" label={t('console.codes.code')} error={fields.code} required />
              <Field
                name="max_uses"
                type="number"
                min={1}
                label={t('console.codes.max_uses')}
                error={fields.max_uses}
              />
            </>
          ) : (
            <Field
              name="count"
              type="number"
              min={1}
              max={5000}
              label={t('console.codes.count')}
              error={fields.count}
              required
            />
          )}
          <label className="form-label" htmlFor="codes-site">
            {t('console.codes.site')}
          </label>
          <select id="codes-site" name="site" className="form-select mb-3">
            <option value="">{t('console.codes.every_site')}</option>
            {sites.map((s) => (
              <option key={s}>{s}</option>
            ))}
          </select>
          <Field
            name="percentage"
            type="number"
            min={1}
            max={100}
            label={t('console.codes.percentage')}
            error={fields.percentage}
            required
          />
          <Field
            name="minimum"
            type="number"
            min={1}
            label={t('console.codes.minimum')}
            error={fields.minimum}
          />
          <Field name="currency" label={t('console.codes.currency')} error={fields.currency} maxLength={3} />
          <Field name="country" label={t('console.codes.country')} error={fields.country} maxLength={2} />
          <Field
            name="valid_from"
            type="date"
            label={t('console.codes.valid_from')}
            error={fields.valid_from}
          />
          <Field
            name="valid_until"
            type="date"
            label={t('console.codes.valid_until')}
            error={fields.valid_until}
          />
          <button type="submit" className="btn btn-primary" disabled={busy}>
            {t('console.codes.create')}
          </button>
        </form>
      </div>
    </div>
  );
}
