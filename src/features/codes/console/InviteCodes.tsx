import { useEffect, useState, type FormEvent } from 'react';
import { Field } from '../../shell/components/Field.tsx';
import { islandTranslator, type IslandMessages } from '../../shell/island-i18n.ts';
import { api, failureText, fieldTexts } from '../../staff/components/console-client.ts';
import type { InviteView } from '../codes.schemas.ts';

export const INVITE_CODES_MESSAGES = [
  'console.codes.network',
  'console.codes.site',
  'console.codes.every_site',
  'console.codes.status',
  'console.codes.active',
  'console.codes.disabled',
  'console.codes.disable',
  'console.invites.code',
  'console.invites.max_uses',
  'console.invites.uses',
  'console.invites.valid_until',
  'console.invites.create',
  'console.invites.empty',
  'console.busy',
  'error.try_later',
] as const;

/** The network's invite codes with their uses and expiry, and the form that adds one. */
export default function InviteCodes({
  messages,
  networks,
}: {
  messages: IslandMessages;
  networks: { id: string; sites: string[] }[];
}) {
  const t = islandTranslator(messages);
  const [network, setNetwork] = useState(networks[0]?.id ?? '');
  const [invites, setInvites] = useState<InviteView[] | null>(null);
  const [error, setError] = useState('');
  const [fields, setFields] = useState<Readonly<Record<string, string>>>({});
  const [busy, setBusy] = useState(false);
  const sites = networks.find((n) => n.id === network)?.sites ?? [];

  const refresh = () =>
    api('GET /console/api/invites.php', undefined, { query: { network } })
      .then((answer) => setInvites(answer.invites))
      .catch((failure: unknown) => setError(failureText(failure, t)));
  useEffect(() => {
    if (network) void refresh();
  }, [network]);

  async function send(body: Record<string, string>) {
    setBusy(true);
    setError('');
    setFields({});
    try {
      await api('POST /console/api/invites.php', { ...body, network } as never);
      await refresh();
      return true;
    } catch (failure) {
      setError(failureText(failure, t));
      setFields(fieldTexts(failure));
      return false;
    } finally {
      setBusy(false);
    }
  }

  async function create(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const data = Object.fromEntries(
      [...new FormData(form).entries()]
        .filter(([, v]) => String(v).trim() !== '')
        .map(([k, v]) => [k, String(v)]),
    );
    if (await send({ ...data, action: 'create' })) form.reset();
  }

  return (
    <div className="row g-4">
      <div className="col-lg-8">
        <div role="alert" className={error ? 'alert alert-danger' : 'visually-hidden'}>
          {error}
        </div>
        <label className="form-label" htmlFor="invites-network">
          {t('console.codes.network')}
        </label>
        <select
          id="invites-network"
          className="form-select mb-3"
          value={network}
          onChange={(e) => setNetwork(e.target.value)}
        >
          {networks.map((n) => (
            <option key={n.id}>{n.id}</option>
          ))}
        </select>
        {invites === null ? (
          <p>{t('console.busy')}</p>
        ) : invites.length === 0 ? (
          <p>{t('console.invites.empty')}</p>
        ) : (
          <table className="table table-sm align-middle">
            <thead>
              <tr>
                <th>{t('console.invites.code')}</th>
                <th>{t('console.codes.site')}</th>
                <th>{t('console.invites.uses')}</th>
                <th>{t('console.invites.valid_until')}</th>
                <th>{t('console.codes.status')}</th>
                <th>
                  <span className="visually-hidden">{t('console.codes.disable')}</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {invites.map((i) => (
                <tr key={i.id}>
                  <td>
                    <code>{i.code}</code>
                  </td>
                  <td>{i.site ?? t('console.codes.every_site')}</td>
                  <td>
                    {i.uses}
                    {i.max_uses !== null && ` / ${i.max_uses}`}
                  </td>
                  <td>{i.valid_until?.slice(0, 10) ?? ''}</td>
                  <td>{i.active ? t('console.codes.active') : t('console.codes.disabled')}</td>
                  <td>
                    {i.active && (
                      <button
                        type="button"
                        className="btn btn-sm btn-outline-danger"
                        disabled={busy}
                        onClick={() => void send({ action: 'disable', id: i.id })}
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
          <Field name="code" label={t('console.invites.code')} error={fields.code} required />
          <label className="form-label" htmlFor="invites-site">
            {t('console.codes.site')}
          </label>
          <select id="invites-site" name="site" className="form-select mb-3">
            <option value="">{t('console.codes.every_site')}</option>
            {sites.map((s) => (
              <option key={s}>{s}</option>
            ))}
          </select>
          <Field
            name="max_uses"
            type="number"
            min={1}
            label={t('console.invites.max_uses')}
            error={fields.max_uses}
          />
          <Field
            name="valid_until"
            type="date"
            label={t('console.invites.valid_until')}
            error={fields.valid_until}
          />
          <button type="submit" className="btn btn-primary" disabled={busy}>
            {t('console.invites.create')}
          </button>
        </form>
      </div>
    </div>
  );
}
