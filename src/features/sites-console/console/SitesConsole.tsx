import { Fragment, useEffect, useState, type SubmitEvent } from 'react';
import type { MessageKey } from '../../../i18n/index.ts';
import { isApiError } from '../../../lib/api-client.ts';
import { Field } from '../../shell/components/Field.tsx';
import { islandTranslator, type IslandMessages } from '../../shell/island-i18n.ts';
import { api, failureText } from '../../staff/components/console-client.ts';
import { LabelledSelect, SelectOptions } from '../../staff/components/LabelledControl.tsx';
import type { CreatedSite, DomainCheck, SiteHealth, SitesAnswer } from '../sites.schemas.ts';
import { LoadedTable, DoneNotice, FailureAlert, LoadingLine } from '../../staff/components/ConsoleTable.tsx';
import { BusySubmit } from '../../staff/components/BusySubmit.tsx';

export const SITES_MESSAGES = [
  'console.sites.caption',
  'console.sites.loaded',
  'console.sites.loading',
  'console.sites.empty',
  'console.sites.col.site',
  'console.sites.col.network',
  'console.sites.col.theme',
  'console.sites.col.niche',
  'console.sites.col.languages',
  'console.sites.col.domains',
  'console.sites.col.file',
  'console.sites.col.loaded',
  'console.sites.valid',
  'console.sites.invalid',
  'console.sites.not_served',
  'console.sites.last_good',
  'console.sites.problem',
  'console.sites.warning',
  'console.sites.other_findings',
  'console.sites.check_domains',
  'console.sites.checking',
  'console.sites.resolves',
  'console.sites.no_resolve',
  'console.sites.routed',
  'console.sites.not_routed',
  'console.sites.answers',
  'console.sites.no_answer',
  'console.sites.add',
  'console.sites.field.domains',
  'console.sites.field.domains_hint',
  'console.sites.field.name',
  'console.sites.field.niche',
  'console.sites.field.id',
  'console.sites.field.network',
  'console.sites.field.theme',
  'console.sites.field.locales',
  'console.sites.field.language',
  'console.sites.field.countries',
  'console.sites.field.support_email',
  'console.sites.optional',
  'console.sites.submit',
  'console.sites.created',
  'console.sites.needs_dns',
  'console.busy',
  'error.try_later',
] as const;

/** The three checks of a domain, in the order an operator fixes them: DNS, our host table, the site's answer. */
const DOMAIN_VERDICTS = [
  { flag: 'resolves', pass: 'console.sites.resolves', fail: 'console.sites.no_resolve' },
  { flag: 'routed', pass: 'console.sites.routed', fail: 'console.sites.not_routed' },
  { flag: 'answers', pass: 'console.sites.answers', fail: 'console.sites.no_answer' },
] as const satisfies ReadonlyArray<{ flag: keyof DomainCheck; pass: MessageKey; fail: MessageKey }>;

/** The fields of the new-site form that the tenant file can do without (it derives or defaults them). */
const OPTIONAL_FIELDS: ReadonlyArray<{ name: string; label: MessageKey; type?: 'email' }> = [
  { name: 'id', label: 'console.sites.field.id' },
  { name: 'network', label: 'console.sites.field.network' },
  { name: 'locales', label: 'console.sites.field.locales' },
  { name: 'language', label: 'console.sites.field.language' },
  { name: 'countries', label: 'console.sites.field.countries' },
  { name: 'support_email', label: 'console.sites.field.support_email', type: 'email' },
];

const time = (iso: string | null) => (iso ? `${iso.replace('T', ' ').slice(0, 19)} UTC` : '–');

/**
 * The sites of the staff member's networks with their health (the checker's findings per tenant
 * file, broken files included), the domains checked on demand, and for owners the form that
 * writes a new tenant file.
 */
export default function SitesConsole({
  messages,
  canCreate,
  niches,
  themes,
}: {
  messages: IslandMessages;
  canCreate: boolean;
  niches: string[];
  themes: Array<{ id: string; label: string }>;
}) {
  const t = islandTranslator(messages);
  const [answer, setAnswer] = useState<SitesAnswer | null>(null);
  const [error, setError] = useState('');
  const [checks, setChecks] = useState<Record<string, DomainCheck[] | 'busy'>>({});
  const [busy, setBusy] = useState(false);
  const [formError, setFormError] = useState('');
  const [problems, setProblems] = useState<Array<{ field: string; reason: string }>>([]);
  const [created, setCreated] = useState<CreatedSite | null>(null);

  const refresh = () =>
    api('GET /console/api/sites.php')
      .then(setAnswer)
      .catch((failure: unknown) => setError(failureText(failure, t)));

  useEffect(() => {
    void refresh();
  }, []);

  async function checkDomains(site: SiteHealth) {
    setChecks((c) => ({ ...c, [site.id]: 'busy' }));
    try {
      const result = await api('GET /console/api/sites-check.php', undefined, { query: { site: site.id } });
      setChecks((c) => ({ ...c, [site.id]: result.domains }));
    } catch (failure) {
      setChecks(({ [site.id]: _, ...rest }) => rest);
      setError(failureText(failure, t));
    }
  }

  async function create(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const data = new FormData(form);
    const value = (name: string) => String(data.get(name) ?? '').trim() || undefined;
    setBusy(true);
    setFormError('');
    setProblems([]);
    setCreated(null);
    try {
      const result = await api('POST /console/api/sites.php', {
        domains: value('domains') ?? '',
        name: value('name') ?? '',
        niche: value('niche') ?? '',
        id: value('id'),
        network: value('network'),
        theme: value('theme'),
        locales: value('locales'),
        language: value('language'),
        countries: value('countries'),
        support_email: value('support_email'),
      });
      setCreated(result.site);
      form.reset();
      await refresh();
    } catch (failure) {
      setFormError(failureText(failure, t));
      const found = isApiError(failure) ? (failure.body as { problems?: unknown }).problems : undefined;
      if (Array.isArray(found)) setProblems(found as Array<{ field: string; reason: string }>);
    } finally {
      setBusy(false);
    }
  }

  const sites = answer?.sites ?? [];
  return (
    <div className="row g-4">
      <div className={canCreate ? 'col-xxl-8' : 'col-12'}>
        <FailureAlert error={error} />
        {answer === null && !error && <LoadingLine text={t('console.sites.loading')} />}
        {answer && (
          <p className="text-body-secondary small" data-testid="registry-loaded">
            {t('console.sites.loaded', { at: time(answer.loaded_at) })}
          </p>
        )}
        <LoadedTable
          rows={answer && sites}
          empty={t('console.sites.empty')}
          caption={t('console.sites.caption')}
          className="table table-sm align-top"
          columns={[
            t('console.sites.col.site'),
            t('console.sites.col.network'),
            t('console.sites.col.theme'),
            t('console.sites.col.niche'),
            t('console.sites.col.languages'),
            t('console.sites.col.domains'),
            t('console.sites.col.file'),
            t('console.sites.col.loaded'),
          ]}
          row={(site) => (
            <SiteRow
              key={site.file}
              site={site}
              check={checks[site.id]}
              onCheck={() => void checkDomains(site)}
              t={t}
            />
          )}
        />
        {answer && answer.other_findings.length > 0 && (
          <section aria-labelledby="other-findings">
            <h2 id="other-findings" className="h6">
              {t('console.sites.other_findings')}
            </h2>
            <ul className="small">
              {answer.other_findings.map((f, i) => (
                <li key={i}>
                  <code>{f.file}</code> {f.field} {f.reason}
                </li>
              ))}
            </ul>
          </section>
        )}
      </div>
      {canCreate && (
        <section className="col-xxl-4" aria-labelledby="add-site-title">
          <h2 id="add-site-title" className="h5">
            {t('console.sites.add')}
          </h2>
          <form onSubmit={create} noValidate aria-busy={busy}>
            <div role="alert" className={formError ? 'alert alert-danger' : 'visually-hidden'}>
              {formError}
              {problems.length > 0 && (
                <ul className="mb-0 mt-2" data-testid="create-problems">
                  {problems.map((p, i) => (
                    <li key={i}>
                      {p.field && <code className="text-reset">{p.field}</code>} {p.reason}
                    </li>
                  ))}
                </ul>
              )}
            </div>
            <DoneNotice shown={created}>
              {created && (
                <>
                  {t('console.sites.created', { file: created.file })}{' '}
                  <a href={created.url} rel="noreferrer">
                    {created.url}
                  </a>
                  {created.needs_dns.length > 0 && (
                    <div>{t('console.sites.needs_dns', { hosts: created.needs_dns.join(', ') })}</div>
                  )}
                  {created.warnings.map((w) => (
                    <div key={w}>{w}</div>
                  ))}
                </>
              )}
            </DoneNotice>
            <Field
              label={t('console.sites.field.domains')}
              hint={t('console.sites.field.domains_hint')}
              name="domains"
              required
              autoComplete="off"
            />
            <Field label={t('console.sites.field.name')} name="name" required autoComplete="off" />
            <LabelledSelect
              id="site-niche"
              label={t('console.sites.field.niche')}
              className="mb-3"
              name="niche"
              // The general niche is what most sites are; the list is alphabetical, which put bbw first.
              defaultValue={niches.includes('general') ? 'general' : niches[0]}
            >
              <SelectOptions options={niches.map((n) => [n, n])} />
            </LabelledSelect>
            <LabelledSelect
              id="site-theme"
              label={t('console.sites.field.theme')}
              className="mb-3"
              name="theme"
              defaultValue=""
            >
              <option value="">{t('console.sites.optional')}</option>
              <SelectOptions options={themes.map((theme) => [theme.id, theme.label])} />
            </LabelledSelect>
            {OPTIONAL_FIELDS.map(({ name, label, type }) => (
              <Field
                key={name}
                label={t(label)}
                hint={t('console.sites.optional')}
                name={name}
                type={type}
                autoComplete="off"
              />
            ))}
            <BusySubmit busy={busy} busyText={t('console.busy')}>
              {t('console.sites.submit')}
            </BusySubmit>
          </form>
        </section>
      )}
    </div>
  );
}

function SiteRow({
  site,
  check,
  onCheck,
  t,
}: {
  site: SiteHealth;
  check: DomainCheck[] | 'busy' | undefined;
  onCheck: () => void;
  t: ReturnType<typeof islandTranslator>;
}) {
  const byDomain = new Map(Array.isArray(check) ? check.map((c) => [c.domain, c]) : []);
  return (
    <tr data-site={site.id}>
      <td>
        <strong>{site.name ?? site.id}</strong>
        <div className="small text-body-secondary">
          <code>{site.id}</code>
        </div>
      </td>
      <td>{site.network ?? '–'}</td>
      <td>{site.theme ?? '–'}</td>
      <td>{site.niche ?? '–'}</td>
      <td>{site.languages.join(', ')}</td>
      <td>
        <ul className="list-unstyled mb-1">
          {site.domains.map((domain) => {
            const c = byDomain.get(domain);
            return (
              <li key={domain}>
                {domain}
                {c && (
                  <span className="small d-block" data-testid="domain-check">
                    {DOMAIN_VERDICTS.map(({ flag, pass, fail }, i) => (
                      <Fragment key={flag}>
                        {i > 0 && ' · '}
                        <span className={c[flag] ? 'text-success' : 'text-danger'}>
                          {t(c[flag] ? pass : fail)}
                        </span>
                      </Fragment>
                    ))}
                    {c.error && <span className="text-body-secondary"> ({c.error})</span>}
                  </span>
                )}
              </li>
            );
          })}
        </ul>
        {site.served && (
          <button
            type="button"
            className="btn btn-outline-secondary btn-sm"
            onClick={onCheck}
            disabled={check === 'busy'}
          >
            {check === 'busy' ? t('console.sites.checking') : t('console.sites.check_domains')}
            <span className="visually-hidden"> {site.id}</span>
          </button>
        )}
      </td>
      <td>
        <code className="small">{site.file}</code>
        <div data-testid="site-validity">
          <span className={`badge ${site.valid ? 'text-bg-success' : 'text-bg-danger'}`}>
            {site.valid ? t('console.sites.valid') : t('console.sites.invalid')}
          </span>{' '}
          {!site.served && <span className="badge text-bg-secondary">{t('console.sites.not_served')}</span>}
          {site.served && !site.valid && (
            <span className="badge text-bg-warning">{t('console.sites.last_good')}</span>
          )}
        </div>
        {site.findings.length > 0 && (
          <ul className="small mb-0 ps-3">
            {site.findings.map((f, i) => (
              <li key={i}>
                {f.level === 'problem' ? t('console.sites.problem') : t('console.sites.warning')}:{' '}
                {f.field && <code>{f.field}</code>} {f.reason}
              </li>
            ))}
          </ul>
        )}
      </td>
      <td className="small text-nowrap">{time(site.loaded_at)}</td>
    </tr>
  );
}
