import { useState, type SubmitEvent } from 'react';
import { ApiError, type ApiErrorBody } from '../../../lib/api-client.ts';
import { jsonCallHeaders } from '../../../lib/page-locale.ts';
import { islandTranslator, type IslandMessages } from '../../shell/island-i18n.ts';
import { useConsoleAction } from '../../staff/components/use-console-action.ts';
import { LabelledInput, LabelledSelect, SelectOptions } from '../../staff/components/LabelledControl.tsx';
import { CheckField } from '../../shell/components/CheckField.tsx';
import { TitledSection } from '../../staff/components/TitledSection.tsx';
import { DoneNotice, FailureAlert } from '../../staff/components/ConsoleTable.tsx';
import { BusySubmit } from '../../staff/components/BusySubmit.tsx';

export const DIRECT_DEBIT_EXPORT_MESSAGES = [
  'console.directdebit.title',
  'console.directdebit.intro',
  'console.orders.site',
  'console.directdebit.from',
  'console.directdebit.to',
  'console.directdebit.collection',
  'console.directdebit.again',
  'console.directdebit.submit',
  'console.directdebit.done',
  'console.busy',
  'error.try_later',
] as const;

const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** The dates: two to a row on phones; with the site, four on tablets and one row on wide screens. */
const FIELD_WIDTH = 'col-6 col-md-3 col-xl-2';
/** The site's field holds its name and network ("Amber Hearts (amber)"): a row of its own on phones. */
const SITE_WIDTH = 'col-12 col-md-3';

/**
 * The collection file of a site's direct debits: the form posts, and the answer (a pain.008
 * XML file) is saved as a download. Fetched rather than a plain form post so a refusal is
 * shown in the page, in the server's words, like every console call.
 */
export default function DirectDebitExport({
  messages,
  sites,
}: {
  messages: IslandMessages;
  /** Ids with the sites' names. */
  sites: ReadonlyArray<readonly [id: string, name: string]>;
}) {
  const t = islandTranslator(messages);
  const { busy, error, fields, run } = useConsoleAction(t);
  const [done, setDone] = useState('');
  const now = Date.now();

  async function submit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const body = {
      site: String(data.get('site') ?? ''),
      from: String(data.get('from') ?? ''),
      to: String(data.get('to') ?? ''),
      collection: String(data.get('collection') ?? ''),
      again: data.get('again') === 'on',
    };
    setDone('');
    await run(async () => {
      const res = await fetch('/console/api/directdebit-export.php', {
        method: 'POST',
        headers: jsonCallHeaders({
          'content-type': 'application/json',
          accept: 'application/xml, application/json',
        }),
        body: JSON.stringify(body),
      });
      if (!res.ok) {
        const answer = (await res.json().catch(() => ({ error: 'server_error' }))) as ApiErrorBody;
        throw new ApiError(res.status, answer);
      }
      const name =
        /filename="([^"]+)"/.exec(res.headers.get('content-disposition') ?? '')?.[1] ?? 'pain008.xml';
      const url = URL.createObjectURL(await res.blob());
      const link = document.createElement('a');
      link.href = url;
      link.download = name;
      link.click();
      URL.revokeObjectURL(url);
      setDone(t('console.directdebit.done', { count: res.headers.get('x-debits') ?? '?', file: name }));
    });
  }

  return (
    <TitledSection id="directdebit-title" title={t('console.directdebit.title')} className="mb-4">
      <p className="text-body-secondary">{t('console.directdebit.intro')}</p>
      <form className="row g-2 align-items-end" onSubmit={(e) => void submit(e)}>
        <LabelledSelect
          id="dd-site"
          label={t('console.orders.site')}
          className={SITE_WIDTH}
          name="site"
          error={fields.site}
          required
        >
          <SelectOptions options={sites} />
        </LabelledSelect>
        {(
          [
            ['from', 'console.directdebit.from', day(now - 30 * 86_400_000)],
            ['to', 'console.directdebit.to', day(now)],
            ['collection', 'console.directdebit.collection', day(now + 2 * 86_400_000)],
          ] as const
        ).map(([name, label, value]) => (
          <LabelledInput
            key={name}
            id={`dd-${name}`}
            label={t(label)}
            className={FIELD_WIDTH}
            name={name}
            type="date"
            required
            defaultValue={value}
            error={fields[name]}
          />
        ))}
        <div className="col-12">
          <CheckField id="dd-again" label={t('console.directdebit.again')} type="checkbox" name="again" />
        </div>
        <div className="col-12">
          <BusySubmit busy={busy} busyText={t('console.busy')} disabled={sites.length === 0}>
            {t('console.directdebit.submit')}
          </BusySubmit>
        </div>
      </form>
      <FailureAlert error={error} spacing="mt-2" />
      <DoneNotice shown={done} spacing="mt-2">
        {done}
      </DoneNotice>
    </TitledSection>
  );
}
