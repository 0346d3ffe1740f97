import { useState } from 'react';
import { Field, SelectField } from '../../shell/components/Field.tsx';
import { islandTranslator, type IslandMessages } from '../../shell/island-i18n.ts';
import { api } from '../../staff/components/console-client.ts';
import { ChoiceFieldset } from '../../staff/components/ChoiceFieldset.tsx';
import { earlyChoice } from '../../staff/components/use-early-input.ts';
import type { BuiltinCodeView, DiscountBatchView } from '../codes.schemas.ts';
import {
  CODE_LIST_MESSAGES,
  CodesPage,
  CodeTable,
  MaxUsesField,
  SiteSelect,
  useCodeList,
  usesOf,
  type CodeNetwork,
} from './CodeList.tsx';
import { SelectOptions } from '../../staff/components/LabelledControl.tsx';

export const DISCOUNT_CODES_MESSAGES = [
  ...CODE_LIST_MESSAGES,
  'console.codes.nav',
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
  'console.codes.create',
  'console.codes.created',
  'console.codes.shown_once',
  'console.codes.download',
  'console.codes.empty',
  'console.codes.builtin',
  'console.codes.builtin_title',
  'console.codes.builtin_hint',
  'console.codes.every_network',
  'console.codes.every_country',
] as const;

/** A network with what a code's country and minimum may name there. */
export interface DiscountNetwork extends CodeNetwork {
  /** The sites' countries: code and name, in the staff member's language. */
  countries: ReadonlyArray<readonly [code: string, name: string]>;
  /** The currencies the network's members pay in. */
  currencies: readonly string[];
}

/** A batch of one code many may use, or of generated codes each used once. */
const KINDS = ['multi', 'single'] as const;

/**
 * The network's discount codes: the batches made here, the form that makes one (generated codes
 * shown once), and the codes the network has without the console (built in), read only.
 */
export default function DiscountCodes({
  messages,
  networks,
}: {
  messages: IslandMessages;
  networks: DiscountNetwork[];
}) {
  const t = islandTranslator(messages);
  const [kind, setKind] = useState<(typeof KINDS)[number]>('multi');
  const [created, setCreated] = useState<string[] | null>(null);
  const codes = useCodeList(
    networks,
    (network) => api('GET /console/api/codes.php', undefined, { query: { network } }),
    t,
  );
  const { network, fields, busy } = codes;
  const held = networks.find((n) => n.id === network);

  async function create(data: Record<string, string>, emptyForm: () => void) {
    setCreated(null);
    return codes.act(async () => {
      const answer = await api('POST /console/api/codes.php', {
        ...data,
        ...minimumInMinorUnits(data),
        action: 'create',
        kind,
        network,
      } as never);
      if ('codes' in answer) setCreated(answer.codes.length ? answer.codes : [answer.batch.code ?? '']);
      // The form is emptied after a success: its choice of kind goes back to the first too.
      setKind('multi');
    }, emptyForm);
  }

  const disable = (id: string) =>
    void codes.act(() => api('POST /console/api/codes.php', { action: 'disable', network, id }));

  /** A field of the batch by the name the endpoint takes it under: its label and the server's refusal of it. */
  const field = (
    name: 'code' | 'count' | 'percentage' | 'minimum' | 'currency' | 'country' | 'valid_from',
  ) => ({
    name,
    label: t(`console.codes.${name}`),
    error: fields[name],
  });

  const csv = created && created.length > 1 ? `code\r\n${created.join('\r\n')}\r\n` : null;
  return (
    <CodesPage
      id="codes"
      t={t}
      networks={networks}
      codes={codes}
      create={create}
      validUntil={t('console.codes.valid_until')}
      submit={t('console.codes.create')}
      adopt={(early) => setKind(earlyChoice(early, 'kind', KINDS, 'multi'))}
      list={
        <>
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
          <CodeTable<DiscountBatchView>
            t={t}
            label={t('console.codes.nav')}
            rows={codes.list?.batches ?? null}
            empty={t('console.codes.empty')}
            busy={busy}
            onDisable={(batch) => disable(batch.id)}
            columns={[
              {
                header: t('console.codes.code'),
                cell: (b) => b.code ?? t('console.codes.generated', { count: b.codes }),
              },
              {
                header: t('console.codes.site'),
                cell: (b) => (b.site ? codes.siteName(b.site) : t('console.codes.every_site')),
              },
              { header: t('console.codes.percentage'), cell: (b) => `${b.percentage} %` },
              { header: t('console.codes.valid_until'), cell: (b) => b.valid_until?.slice(0, 10) ?? '' },
              {
                header: t('console.codes.uses'),
                cell: (b) => usesOf(b.uses, b.max_uses ?? (b.kind === 'single' ? b.codes : null)),
              },
            ]}
          />
          {codes.list && codes.list.builtin.length > 0 && (
            <>
              <h2 className="h5 mt-4">{t('console.codes.builtin_title')}</h2>
              <p className="small text-body-secondary">{t('console.codes.builtin_hint')}</p>
              <CodeTable<BuiltinCodeView>
                t={t}
                label={t('console.codes.builtin_title')}
                testId="builtin-codes"
                rows={codes.list.builtin}
                empty=""
                columns={[
                  {
                    header: t('console.codes.code'),
                    cell: (c) => (
                      <>
                        <code>{c.code}</code>{' '}
                        <span className="badge text-bg-secondary">{t('console.codes.builtin')}</span>
                      </>
                    ),
                  },
                  {
                    header: t('console.codes.site'),
                    cell: (c) =>
                      c.site
                        ? codes.siteName(c.site)
                        : t(c.every_network ? 'console.codes.every_network' : 'console.codes.every_site'),
                  },
                  { header: t('console.codes.percentage'), cell: (c) => `${c.percentages.join('–')} %` },
                  { header: t('console.codes.valid_until'), cell: (c) => c.valid_until?.slice(0, 10) ?? '' },
                  { header: t('console.codes.uses'), cell: (c) => usesOf(c.uses, c.max_uses) },
                ]}
              />
            </>
          )}
        </>
      }
      fields={
        <>
          <ChoiceFieldset
            legend={t('console.codes.kind')}
            idPrefix="codes-kind"
            name="kind"
            choices={[
              ['multi', t('console.codes.kind_multi')],
              ['single', t('console.codes.kind_single')],
            ]}
            value={kind}
            onChange={setKind}
          />
          {kind === 'multi' ? (
            <>
              <Field {...field('code')} required />
              <MaxUsesField label={t('console.codes.max_uses')} error={fields.max_uses} />
            </>
          ) : (
            <Field {...field('count')} type="number" min={1} max={5000} required />
          )}
          <SiteSelect id="codes-site" t={t} sites={codes.sites} />
          <Field {...field('percentage')} type="number" min={1} max={100} required />
          <Field {...field('minimum')} type="number" min={0.01} step={0.01} inputMode="decimal" />
          <SelectField {...field('currency')}>
            <option value="">–</option>
            <SelectOptions options={held?.currencies ?? []} />
          </SelectField>
          <SelectField {...field('country')}>
            <option value="">{t('console.codes.every_country')}</option>
            <SelectOptions options={held?.countries ?? []} />
          </SelectField>
          <Field {...field('valid_from')} type="date" />
        </>
      }
    />
  );
}

/**
 * The minimum as the API takes it, in minor units of its currency ("29.99" EUR: 2999), from the
 * amount staff type in the currency's own units. Left as typed where it is no number, for the
 * server to refuse at the field; without a currency, cents (the server asks for the currency).
 */
export function minimumInMinorUnits(data: Record<string, string>): { minimum?: string } {
  const typed = data['minimum']?.trim().replace(',', '.');
  if (!typed) return {};
  const amount = Number(typed);
  if (!Number.isFinite(amount)) return { minimum: typed };
  const digits = data['currency']
    ? (new Intl.NumberFormat('en', { style: 'currency', currency: data['currency'] }).resolvedOptions()
        .maximumFractionDigits ?? 2)
    : 2;
  return { minimum: String(Math.round(amount * 10 ** digits)) };
}
