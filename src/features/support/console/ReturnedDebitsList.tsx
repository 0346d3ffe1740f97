import { useRef, useState, type ChangeEvent, type SubmitEvent } from 'react';
import { islandTranslator, type IslandMessages } from '../../shell/island-i18n.ts';
import { useHydrated } from '../../shell/use-form.ts';
import { api, failureText } from '../../staff/components/console-client.ts';
import { LabelledInput, LabelledTextarea } from '../../staff/components/LabelledControl.tsx';
import { readCamt054 } from './camt054.ts';
import { readReturnsList } from './returns-list.ts';
import { TitledSection } from '../../staff/components/TitledSection.tsx';
import { BusySubmit } from '../../staff/components/BusySubmit.tsx';

export const RETURNED_DEBITS_MESSAGES = [
  'console.returns.title',
  'console.returns.intro',
  'console.returns.list',
  'console.returns.submit',
  'console.returns.confirm',
  'console.returns.recorded',
  'console.returns.unread',
  'console.returns.file',
  'console.returns.file_read',
  'console.returns.file_unreadable',
  'console.busy',
  'error.try_later',
] as const;

interface Outcome {
  order: string;
  text: string;
  ok: boolean;
}

/**
 * The bank's returned debits pasted as a list (order id and reason code per line), or read from its
 * camt.054 notification into that list to be checked first, each recorded
 * through the same call as the order page's button, one after the other: one refused return
 * (already recorded, not a paid direct debit) leaves the others standing and says why.
 */
export default function ReturnedDebitsList({ messages }: { messages: IslandMessages }) {
  const t = islandTranslator(messages);
  const [busy, setBusy] = useState(false);
  const [outcomes, setOutcomes] = useState<Outcome[]>([]);
  const [unread, setUnread] = useState<number[]>([]);
  // Left to the browser (not React's state), so what was typed before the island ran stays.
  const listField = useRef<HTMLTextAreaElement>(null);
  const [fileNote, setFileNote] = useState<{ text: string; ok: boolean }>();
  // A file chosen before the island runs would be read by nobody.
  const hydrated = useHydrated();

  async function readFile(event: ChangeEvent<HTMLInputElement>) {
    const file = event.currentTarget.files?.[0];
    if (!file) return;
    setOutcomes([]);
    setUnread([]);
    const read = readCamt054(await file.text());
    if (!read.ok) {
      setFileNote({ ok: false, text: t('console.returns.file_unreadable', { file: file.name }) });
      return;
    }
    if (listField.current) listField.current.value = read.lines.join('\n');
    setFileNote({
      ok: true,
      text: t('console.returns.file_read', { count: read.lines.length, file: file.name }),
    });
  }

  async function submit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    const read = readReturnsList(String(new FormData(event.currentTarget).get('returns') ?? ''));
    setUnread(read.unread);
    setOutcomes([]);
    if (read.returns.length === 0) return;
    if (!window.confirm(t('console.returns.confirm', { count: read.returns.length }))) return;
    setBusy(true);
    const done: Outcome[] = [];
    for (const item of read.returns) {
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
    <TitledSection id="returns-title" title={t('console.returns.title')} className="mb-4">
      <p className="text-body-secondary">{t('console.returns.intro')}</p>
      <form onSubmit={(e) => void submit(e)}>
        <LabelledInput
          id="returns-file"
          label={t('console.returns.file')}
          controlClassName="form-control mb-2"
          type="file"
          accept=".xml,application/xml,text/xml"
          disabled={!hydrated}
          aria-describedby={fileNote ? 'returns-file-note' : undefined}
          onChange={(e) => void readFile(e)}
          after={
            fileNote && (
              <p
                id="returns-file-note"
                role={fileNote.ok ? 'status' : 'alert'}
                className={fileNote.ok ? 'text-body-secondary' : 'text-danger'}
              >
                {fileNote.text}
              </p>
            )
          }
        />
        <LabelledTextarea
          id="returns-list"
          label={t('console.returns.list')}
          controlClassName="form-control font-monospace mb-2"
          name="returns"
          rows={4}
          maxLength={20_000}
          required
          ref={listField}
          placeholder="o1ab2cd3ef4gh5jk;AC04"
        />
        <BusySubmit busy={busy} busyText={t('console.busy')} className="btn btn-outline-dark">
          {t('console.returns.submit')}
        </BusySubmit>
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
    </TitledSection>
  );
}
